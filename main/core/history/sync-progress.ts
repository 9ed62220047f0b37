// What the sync tells the page: its status (phase, counts, rate, time left), at most four times a
// second and at once on every phase change, and the changed-rows notice, at most four times a
// second with the rows counted in between.
import type { HistorySyncPhase, HistorySyncStatus } from '../../../preload/contract/history';
import type { Timers } from '../timers';

export const NOTICE_INTERVAL_MS = 250;
/** The time left is told only after this long of reading in the running pass: earlier, one slow or fast page would decide it. */
export const MIN_ESTIMATE_MS = 5_000;

/** Calls `emit` at most once per interval; a call in between is sent when the interval ends. */
export class Throttle {
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly timers: Timers,
    private readonly emit: () => void,
  ) {}

  request(now = false): void {
    if (now) {
      this.cancel();
      this.fire();
      return;
    }
    if (this.timer !== null) return;
    const wait = this.lastAt + NOTICE_INTERVAL_MS - this.timers.now();
    if (wait <= 0) this.fire();
    else this.timer = this.timers.set(() => this.fire(), wait);
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private fire(): void {
    this.timer = null;
    this.lastAt = this.timers.now();
    this.emit();
  }
}

/** The running pass's figures, and the status they make. */
export class PassProgress {
  phase: HistorySyncPhase = 'idle';
  read = 0;
  lastError: string | null = null;
  private startedAt = 0;
  /** The first read's estimate of the history's span and where it has got to (createdAt ms). */
  private span: { oldestMs: number; newestMs: number } | null = null;
  private reachedMs: number | null = null;
  /** When the pass got there (the clock's ms). */
  private reachedAt = 0;
  /** Where this pass's first page ended and when: the estimate runs from there, so a pass resumed
   *  after a restart does not count the records an earlier pass read as read in this one. */
  private baseline: { reachedMs: number; at: number } | null = null;

  constructor(private readonly now: () => number) {}

  begin(phase: HistorySyncPhase): void {
    this.phase = phase;
    this.read = 0;
    this.startedAt = this.now();
    this.reachedMs = null;
    this.baseline = null;
    this.lastError = null;
  }

  /** The pass goes on to another list (the trades after the transactions): its count goes on, its time left is worked out afresh. */
  nextList(): void {
    this.span = null;
    this.reachedMs = null;
    this.baseline = null;
  }

  estimateSpan(oldestMs: number | null, newestMs: number | null): void {
    this.span = oldestMs === null || newestMs === null ? null : { oldestMs, newestMs };
  }

  advance(records: number, lastCreatedAt: string | undefined): void {
    this.read += records;
    const at = lastCreatedAt === undefined ? Number.NaN : Date.parse(lastCreatedAt);
    if (!Number.isFinite(at)) return;
    this.reachedMs = at;
    this.reachedAt = this.now();
    this.baseline ??= { reachedMs: at, at: this.now() };
  }

  status(stored: number, syncedAt: string | null): HistorySyncStatus {
    const seconds = Math.max(0.001, (this.now() - this.startedAt) / 1_000);
    const running = this.phase === 'initial' || this.phase === 'catchingUp';
    return {
      phase: this.phase,
      stored,
      read: this.read,
      // The service tells no count of a history (no total in its list replies): the first read's
      // progress is told by time instead (secondsLeft), from where its createdAt has got to.
      expected: null,
      ratePerSecond: running ? Math.round(this.read / seconds) : 0,
      secondsLeft: this.phase === 'initial' ? this.secondsLeft() : null,
      syncedAt,
      lastError: this.lastError,
    };
  }

  /**
   * Ids ascend with time: the span still to read over the pace this pass has gone through the span
   * since its first page. None before MIN_ESTIMATE_MS of that, or while the pass has not moved.
   */
  private secondsLeft(): number | null {
    if (this.span === null || this.reachedMs === null || this.baseline === null) return null;
    const elapsedMs = this.reachedAt - this.baseline.at;
    const covered = this.reachedMs - this.baseline.reachedMs;
    if (elapsedMs < MIN_ESTIMATE_MS || covered <= 0) return null;
    const remaining = Math.max(0, this.span.newestMs - this.reachedMs);
    const sinceLastPage = (this.now() - this.reachedAt) / 1_000;
    return Math.max(0, Math.round((remaining / covered) * (elapsedMs / 1_000) - sinceLastPage));
  }
}
