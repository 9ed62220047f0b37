// Spot trading: the symbols with their increments and the account's fee rates, orders as the
// service reports them, a new order as Coffer sends it, and the order book a market order is
// estimated from.
import type Decimal from '../decimal';

export const SPOT_ORDER_SIDES = ['buy', 'sell'] as const;
export type SpotOrderSide = (typeof SPOT_ORDER_SIDES)[number];

/** A spot symbol with what an order on it must respect. */
export interface SpotSymbol {
  id: string;
  base: string;
  quote: string;
  /** 'working' or 'suspended' ('clearing' in some deployments); version 2 lists none: 'working'. */
  status: string;
  quantityIncrement: Decimal;
  tickSize: Decimal;
  feeCurrency: string;
  /** The symbol's published rates; the account's own come from spotFees(). */
  takeRate: Decimal;
  makeRate: Decimal;
}

/** The account's fee rates on one symbol; makeRate may be negative (a rebate). */
export interface SpotFeeRate {
  symbol: string;
  takeRate: Decimal;
  makeRate: Decimal;
}

/** An order as the service reports it (REST record, stream report, or history record). */
export interface SpotOrder {
  id: string;
  clientOrderId: string;
  symbol: string;
  side: SpotOrderSide;
  type: string;
  timeInForce: string;
  status: string;
  quantity: Decimal;
  quantityFilled: Decimal;
  price: Decimal | undefined;
  stopPrice: Decimal | undefined;
  priceAverage: Decimal | undefined;
  postOnly: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A limit or market order Coffer places; quantity and price already on the symbol's increments. */
export interface NewSpotOrder {
  /** Coffer's own id (8-32 letters, digits, _ or -): how a lost answer is found again. */
  clientOrderId: string;
  symbol: string;
  side: SpotOrderSide;
  type: 'limit' | 'market';
  quantity: Decimal;
  price?: Decimal;
  timeInForce?: string;
  postOnly?: boolean;
}

export interface BookLevel {
  price: Decimal;
  quantity: Decimal;
}

export interface SpotOrderBook {
  symbol: string;
  /** Service time of the book (ISO). */
  timestamp: string;
  asks: BookLevel[];
  bids: BookLevel[];
}

/** What the trading stream says of the account's orders: every active one (on each subscription),
 *  then one report per change ('new', 'canceled', 'expired', 'trade', 'replaced', 'suspended', ...). */
export type OrderFeedEvent =
  | { kind: 'snapshot'; orders: SpotOrder[] }
  /** `replaced`: the client order id of the order this one replaced (report type 'replaced'). */
  | { kind: 'report'; reportType: string; order: SpotOrder; replaced?: string };
