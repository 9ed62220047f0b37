// Public market data; no key needed.
import type { Candle, CandleQuery, Currency, MarketSymbol, PriceHistory, PriceHistoryQuery, PriceRate } from '../domain';

export interface MarketCalls {
  currencies(): Promise<Currency[]>;
  priceRates(from: readonly string[], to: string): Promise<PriceRate[]>;
  priceHistory(query: PriceHistoryQuery): Promise<PriceHistory[]>;
  /** The spot symbols the service lists (margin and futures ones are left out). */
  symbols(): Promise<MarketSymbol[]>;
  /** One symbol's candles; the service skips buckets without trades. */
  candles(symbol: string, query?: CandleQuery): Promise<Candle[]>;
}
