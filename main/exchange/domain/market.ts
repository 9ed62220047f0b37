// Public market data: currencies with their networks, price rates and price history.
import type Decimal from '../decimal';

export interface Network {
  code: string;
  network: string;
  name: string;
  isDefault: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  minWithdrawal: Decimal | undefined;
  payoutFee: Decimal | undefined;
  paymentIdRequired: boolean;
  addressRegex: string | undefined;
  paymentIdRegex: string | undefined;
  /** crypto_explorer: the explorer's page of a transaction, with {tx} where its hash goes. */
  explorerUrl?: string;
}

export interface Currency {
  code: string;
  fullName: string;
  crypto: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  transferEnabled: boolean;
  delisted: boolean;
  precisionTransfer: Decimal | undefined;
  networks: Network[];
}

export interface PriceRate {
  currency: string;
  quote: string;
  price: Decimal;
  timestamp: string;
}

export const PRICE_PERIODS = ['M1', 'M3', 'M5', 'M15', 'M30', 'H1', 'H4', 'D1', 'D7', '1M'] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];

export interface PricePoint {
  timestamp: string;
  open: Decimal;
  close: Decimal;
  min: Decimal;
  max: Decimal;
}

export interface PriceHistory {
  currency: string;
  quote: string;
  points: PricePoint[];
}

export interface PriceHistoryQuery {
  from: readonly string[];
  to: string;
  period?: PricePeriod;
  /** ISO times. */
  since?: string;
  until?: string;
  /** 1-1000 points per currency, newest first unless sort is ASC. */
  limit?: number;
  sort?: 'ASC' | 'DESC';
}

/** A spot symbol of the market: its id (BTCUSDT) and the currencies it trades. */
export interface MarketSymbol {
  id: string;
  base: string;
  quote: string;
  /** The currency its trades' fees are charged in (absent when the list does not say). */
  feeCurrency?: string;
}

export const CANDLE_PERIODS = PRICE_PERIODS;
export type CandlePeriod = PricePeriod;

/** One candle: its opening time (ISO UTC), prices in the quote currency, volumes in base and quote. */
export interface Candle {
  timestamp: string;
  open: Decimal;
  close: Decimal;
  high: Decimal;
  low: Decimal;
  volume: Decimal;
  volumeQuote: Decimal;
}

export interface CandleQuery {
  period?: CandlePeriod;
  /** ISO times. */
  from?: string;
  till?: string;
  /** 1-1000 candles, newest first unless sort is ASC. */
  limit?: number;
  sort?: 'ASC' | 'DESC';
}
