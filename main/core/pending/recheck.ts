// When a move that nothing bounds in time (the service may still run it: Basic auth) is looked for
// again: first `firstMs` after it was sent, then with the pause doubling up to `maxGapMs`, for as
// long as it stays open. The times follow from the send time alone, so a restart keeps the rhythm.

export interface RecheckTimings {
  firstMs: number;
  maxGapMs: number;
}

export const DEFAULT_RECHECK: RecheckTimings = { firstMs: 30_000, maxGapMs: 15 * 60_000 };

/** How many check times have passed by `now` (0 before the first). */
export function checksDue(sentAtMs: number, now: number, timings: RecheckTimings): number {
  const first = Math.max(1, timings.firstMs);
  const maxGap = Math.max(first, timings.maxGapMs);
  let at = sentAtMs + first;
  let gap = first;
  let count = 0;
  while (at <= now) {
    count += 1;
    gap = Math.min(gap * 2, maxGap);
    if (gap === maxGap) return count + Math.floor((now - at) / maxGap);
    at += gap;
  }
  return count;
}
