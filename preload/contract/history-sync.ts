// Where the sync of a profile's history stands, as the History page's strip shows it (history.ts
// re-exports it with the rest of the history's contract).

/**
 * idle: not started; initial: the first full read (progress known); catchingUp: reading what changed
 * since the cursor; live: up to date, following the wallet stream; paused: waiting to retry after a
 * failure (lastError says why).
 */
export const HISTORY_SYNC_PHASES = ['idle', 'initial', 'catchingUp', 'live', 'paused'] as const;
export type HistorySyncPhase = (typeof HISTORY_SYNC_PHASES)[number];

export interface HistorySyncStatus {
  phase: HistorySyncPhase;
  /** Transactions in the local store. */
  stored: number;
  /** Records read in the running pass. */
  read: number;
  /** The service's count for the running first read when known (null: unknown). */
  expected: number | null;
  /** Records per second over the running pass. */
  ratePerSecond: number;
  /** Seconds left in the first read, when it can be told. */
  secondsLeft: number | null;
  /** When the store last caught up with the service. */
  syncedAt: string | null;
  lastError: string | null;
  /** Spot trades in the local store (each kept as its legs, which `stored` does not count). */
  trades?: number;
  /** What the store leaves out, in plain words (trades on symbols the service's list does not name); null when nothing. */
  leftOut?: string | null;
}
