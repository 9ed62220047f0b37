// Public market data; no key needed.
import type { Currency, PriceHistory, PriceHistoryQuery, PriceRate } from '../domain';

export interface MarketCalls {
  currencies(): Promise<Currency[]>;
  priceRates(from: readonly string[], to: string): Promise<PriceRate[]>;
  priceHistory(query: PriceHistoryQuery): Promise<PriceHistory[]>;
}
