// The account's spot trades, as the service's trade history lists them.
import type Decimal from '../decimal';

export const TRADE_SIDES = ['buy', 'sell'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/** One execution of a spot order. Ids grow with execution, so the history is read by id. */
export interface SpotTrade {
  id: string;
  orderId: string;
  clientOrderId: string;
  /** The symbol's id (BTCUSDT): its base, quote and fee currencies come from the symbol list. */
  symbol: string;
  side: TradeSide;
  /** In the base currency. */
  quantity: Decimal;
  /** Quote currency per base unit. */
  price: Decimal;
  /** In the symbol's fee currency; negative for a maker's rebate. */
  fee: Decimal;
  /** ISO 8601 UTC. */
  timestamp: string;
  taker: boolean;
}
