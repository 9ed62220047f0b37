// The account's spot trade history (right HIST).
import type { SpotTrade } from '../domain';

export interface TradeHistoryCalls {
  /** Every spot trade after `afterId` (from the oldest when undefined), ascending ids: a walk
   *  resumable from the last id it stored. Several pages in flight, or one at a time for a
   *  catch-up (`oneAtATime`), where the few new trades fit one page and more would be wasted. */
  spotTradesAfterId(afterId: string | undefined, oneAtATime?: boolean): AsyncIterable<SpotTrade>;
  /** The newest spot trade (null when there is none): where a first read's span ends. */
  lastSpotTrade(): Promise<SpotTrade | null>;
}
