// The account's spot trade history (right HIST).
import type { SpotTrade } from '../domain';

export interface TradeHistoryCalls {
  /** Every spot trade after `afterId` (from the oldest when undefined), ascending ids, several
   *  pages in flight: a walk resumable from the last id it stored. */
  spotTradesAfterId(afterId: string | undefined): AsyncIterable<SpotTrade>;
  /** The newest spot trade (null when there is none): where a first read's span ends. */
  lastSpotTrade(): Promise<SpotTrade | null>;
}
