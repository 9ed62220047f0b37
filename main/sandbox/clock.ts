// The sandbox's own clock. Tests advance it (/sandbox/clock) to pass the one-hour commit window
// or chain confirmations without waiting; everything in the sandbox reads time from here.
export class SandboxClock {
  private offsetMs = 0;
  private readonly listeners = new Set<(nowMs: number) => void>();

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a non-negative number of milliseconds');
    this.offsetMs += ms;
    const now = this.now();
    for (const listener of this.listeners) listener(now);
  }

  /** Called after every advance, so time-driven state (expiry, confirmations) catches up at once. */
  onAdvance(listener: (nowMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
