// Background work a scope may hold back until the app's first answer is out: the history's first
// catch-up pass reads (on a new profile, thousands of records) on the thread and from the service
// the first balances come from, so it waits for them, or for a while when nobody asks.
import type { Timers } from '../timers';

/** After the first balances are read, the answer and the page's first rows get this long to themselves. */
export const AFTER_FIRST_BALANCES_MS = 300;

export interface StartHold {
  /** True until the held work has started (or the hold was cancelled). */
  holding(): boolean;
  /** The wallet's balances were read: the work starts AFTER_FIRST_BALANCES_MS later. */
  balancesRead(): void;
  /** The scope closes: the work never starts. */
  cancel(): void;
}

/** Runs `start` at once when `holdMs` is undefined, otherwise shortly after the first balances or at `holdMs`. */
export function holdUntilBalances(holdMs: number | undefined, start: () => void, timers: Timers): StartHold {
  if (holdMs === undefined) {
    start();
    return { holding: () => false, balancesRead: () => undefined, cancel: () => undefined };
  }
  let holding = true;
  let balancesSeen = false;
  let timer = timers.set(release, holdMs);
  function release(): void {
    if (!holding) return;
    holding = false;
    timers.clear(timer);
    start();
  }
  return {
    holding: () => holding,
    balancesRead() {
      if (!holding || balancesSeen) return;
      balancesSeen = true;
      timers.clear(timer);
      timer = timers.set(release, AFTER_FIRST_BALANCES_MS);
    },
    cancel() {
      holding = false;
      timers.clear(timer);
    },
  };
}
