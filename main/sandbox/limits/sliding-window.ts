// Counts calls per key over a 1-second sliding window (api-v3.md "Limits": at most rate + burst
// calls within any second). Real time, not the sandbox clock.
export const WINDOW_MS = 1_000;

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  /** Records the call and returns true when it fits within `max` calls per window. */
  allow(key: string, max: number, nowMs: number): boolean {
    let times = this.hits.get(key);
    if (!times) {
      times = [];
      this.hits.set(key, times);
    }
    let expired = 0;
    while (expired < times.length && (times[expired] ?? 0) <= nowMs - WINDOW_MS) expired++;
    if (expired > 0) times.splice(0, expired);
    if (++this.calls % 10_000 === 0) this.sweep(nowMs);
    if (times.length >= max) return false;
    times.push(nowMs);
    return true;
  }

  clear(): void {
    this.hits.clear();
  }

  private sweep(nowMs: number): void {
    for (const [key, times] of this.hits) {
      const last = times[times.length - 1];
      if (last === undefined || last <= nowMs - WINDOW_MS) this.hits.delete(key);
    }
  }
}
