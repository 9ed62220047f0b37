// Client-side rate limiter mirroring the service's sliding windows, so a burst waits here instead
// of earning 429s. Requests queue per class of path; user-initiated calls go before background
// ones; within a priority, a read a window asked for (a request of a cancellable run) waits
// behind every other request and may not use the last fifth of a window, so a money move neither
// queues behind a backlog of reads nor finds every slot taken by one; within a lane a window
// serves first come, first served. A waiting request whose run is cancelled leaves the queue and
// is never sent.
// The service counts a request when it handles it, which is some time after we send it and
// before we hear back. So a request holds its slot while in flight and is stamped with the time
// its reply arrived: every stamp is then no earlier than the service's own, and two requests that
// race on the wire can never land in one of the service's windows more than capacity times.
import { CancelledError, currentRun } from './cancellation';
import { capacityOf, rememberedRulesForPath, V3_REST_LIMITS, type LimitRule } from './rate-limits';

export const PRIORITIES = ['user', 'background'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Queues of one class in serving order: per priority, requests nobody may drop, then cancellable reads. */
type Lanes = Waiter[][];
const LANE_COUNT = PRIORITIES.length * 2;
const laneOf = (priority: Priority, cancellable: boolean): number => PRIORITIES.indexOf(priority) * 2 + (cancellable ? 1 : 0);
const isCancellableLane = (lane: number): boolean => lane % 2 === 1;
/** Share of each window cancellable reads leave free for the requests nobody may drop. */
const READ_HEADROOM = 0.2;

export interface LimiterOptions {
  windowMs?: number;
  /**
   * Added to the window. A slot counts from its reply's arrival, which is never before the service
   * counted the request, so racing requests (SUPPLEMENT §7) need no margin here; this only covers
   * both clocks' whole milliseconds and their drift over one window. Every millisecond of it is
   * lost once per window by a reader at the limit's pace.
   */
  marginMs?: number;
  /** Multiplies every rate and burst (mirrors the sandbox's limits.scale). */
  scale?: number;
  rules?: readonly LimitRule[];
  now?: () => number;
}

/**
 * Who is counted: the host for per-IP rules, the API key for per-account rules. Never changed once
 * passed in: the limiter remembers each scope object's windows per path.
 */
export interface LimitScope {
  readonly host: string;
  readonly account?: string;
}

class SlidingWindow {
  private readonly stamps: number[] = [];
  private head = 0;
  private inFlight = 0;
  blockedUntil = 0;

  /** Slots a cancellable read may not take. */
  private readonly headroom: number;

  constructor(readonly capacity: number, readonly lengthMs: number) {
    this.headroom = Math.floor(capacity * READ_HEADROOM);
  }

  /** When a slot opens (for a cancellable read: outside the headroom); +Infinity when only a reply in flight can open one. */
  freeAt(now: number, cancellable = false): number {
    while (this.head < this.stamps.length && (this.stamps[this.head] ?? 0) + this.lengthMs <= now) this.head += 1;
    if (this.head > 1024) {
      this.stamps.splice(0, this.head);
      this.head = 0;
    }
    const usable = cancellable ? this.capacity - this.headroom : this.capacity;
    const excess = this.inFlight + (this.stamps.length - this.head) - usable;
    if (excess < 0) return Math.max(now, this.blockedUntil);
    const expiring = this.stamps[this.head + excess];
    const slot = expiring === undefined ? Number.POSITIVE_INFINITY : expiring + this.lengthMs;
    return Math.max(slot, this.blockedUntil);
  }

  take(): void {
    this.inFlight += 1;
  }

  /** The reply arrived (or the attempt failed): the slot counts from now. */
  settle(now: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.stamps.push(now);
  }
}

/** Call once when the request's reply has arrived or it failed. */
export type Release = () => void;

interface Waiter {
  windows: SlidingWindow[];
  grant: (release: Release) => void;
}

/** What one path of one scope waits on, worked out on its first request (see classFor). */
interface PathClass {
  /** The rules it was worked out from: a call naming other rules for the path works it out anew. */
  rules: readonly LimitRule[] | undefined;
  windows: SlidingWindow[];
  lanes: Lanes;
}

/** Paths remembered per scope; past this many (paths with ids in them) the memory starts afresh. */
const MAX_REMEMBERED_PATHS = 512;

export class RateLimiter {
  private readonly windows = new Map<string, SlidingWindow>();
  private readonly windowKeys = new WeakMap<SlidingWindow, string>();
  private readonly queues = new Map<string, Lanes>();
  private readonly classes = new WeakMap<LimitScope, Map<string, PathClass>>();
  /** Requests queued in any lane: with none, a request that finds its windows open leaves at once. */
  private waiting = 0;
  private readonly windowMs: number;
  /** Added to every window (see LimiterOptions.marginMs). */
  readonly marginMs: number;
  private readonly scale: number;
  private readonly rules: readonly LimitRule[];
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(options: LimiterOptions = {}) {
    this.windowMs = options.windowMs ?? 1_000;
    this.marginMs = options.marginMs ?? 3;
    this.scale = options.scale ?? 1;
    this.rules = options.rules ?? V3_REST_LIMITS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Resolves when the request may leave, with the release to call when its reply is in. Inside a
   * cancellable run it rejects with CancelledError, at once or while waiting, once the run is aborted.
   */
  acquire(path: string, scope: LimitScope, priority: Priority = 'user', rules?: readonly LimitRule[]): Promise<Release> {
    const run = currentRun();
    const signal = run?.signal;
    if (signal?.aborted === true) return Promise.reject(new CancelledError());
    const { windows, lanes } = this.classFor(path, scope, rules);
    const cancellable = run?.leavesHeadroom === true;
    // Nothing queued anywhere: pump() would grant this request alone, so it is granted here without a pass over every queue.
    if (this.waiting === 0) {
      const now = this.now();
      if (windows.every((window) => window.freeAt(now, cancellable) <= now)) {
        for (const window of windows) window.take();
        return Promise.resolve(this.releaseFor(windows));
      }
    }
    const lane = lanes[laneOf(priority, cancellable)] ?? [];
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = { windows, grant: resolve };
      if (signal !== undefined) {
        const abandon = () => {
          const index = lane.indexOf(waiter);
          if (index >= 0) {
            lane.splice(index, 1);
            this.waiting -= 1;
          }
          reject(new CancelledError());
          this.pump();
        };
        signal.addEventListener('abort', abandon, { once: true });
        waiter.grant = (release) => {
          signal.removeEventListener('abort', abandon);
          resolve(release);
        };
      }
      lane.push(waiter);
      this.waiting += 1;
      this.pump();
    });
  }

  /** After a 429 anyway: hold every window of this path for `ms`. */
  pause(path: string, scope: LimitScope, ms: number, rules?: readonly LimitRule[]): void {
    const until = this.now() + ms;
    for (const window of this.classFor(path, scope, rules).windows) window.blockedUntil = Math.max(window.blockedUntil, until);
    this.pump();
  }

  /** The windows and queue of `path` for `scope`, remembered per scope object and path. */
  private classFor(path: string, scope: LimitScope, rules: readonly LimitRule[] | undefined): PathClass {
    let byPath = this.classes.get(scope);
    if (byPath === undefined) {
      byPath = new Map();
      this.classes.set(scope, byPath);
    }
    let found = byPath.get(path);
    if (found === undefined || found.rules !== rules) {
      if (byPath.size >= MAX_REMEMBERED_PATHS) byPath.clear();
      const windows = this.windowsFor(path, scope, rules);
      found = { rules, windows, lanes: this.queueFor(windows.map((window) => this.keyOf(window)).join('+')) };
      byPath.set(path, found);
    }
    return found;
  }

  private windowsFor(path: string, scope: LimitScope, rules?: readonly LimitRule[]): SlidingWindow[] {
    const matched = rules ?? rememberedRulesForPath(path, this.rules);
    return matched.flatMap((rule) => {
      const owner = rule.scope === 'ip' ? scope.host : scope.account;
      if (owner === undefined) return [];
      const key = `${rule.name}|${owner}`;
      let window = this.windows.get(key);
      if (window === undefined) {
        const capacity = Math.max(1, Math.floor(capacityOf(rule) * this.scale));
        window = new SlidingWindow(capacity, this.windowMs + this.marginMs);
        this.windows.set(key, window);
        this.windowKeys.set(window, key);
      }
      return [window];
    });
  }

  private keyOf(window: SlidingWindow): string {
    return this.windowKeys.get(window) ?? '';
  }

  private queueFor(classKey: string): Lanes {
    let queue = this.queues.get(classKey);
    if (queue === undefined) {
      queue = Array.from({ length: LANE_COUNT }, (): Waiter[] => []);
      this.queues.set(classKey, queue);
    }
    return queue;
  }

  private pump(): void {
    const now = this.now();
    const blocked = new Set<SlidingWindow>();
    let wakeAt = Number.POSITIVE_INFINITY;
    for (let lane = 0; lane < LANE_COUNT; lane++) {
      for (const queue of this.queues.values()) {
        const waiters = queue[lane] ?? [];
        while (waiters.length > 0) {
          const head = waiters[0];
          if (head === undefined || head.windows.some((window) => blocked.has(window))) break;
          const freeAt = Math.max(now, ...head.windows.map((window) => window.freeAt(now, isCancellableLane(lane))));
          if (freeAt > now) {
            for (const window of head.windows) blocked.add(window);
            wakeAt = Math.min(wakeAt, freeAt);
            break;
          }
          for (const window of head.windows) window.take();
          waiters.shift();
          this.waiting -= 1;
          head.grant(this.releaseFor(head.windows));
        }
      }
    }
    this.schedule(wakeAt);
  }

  private releaseFor(windows: SlidingWindow[]): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = this.now();
      for (const window of windows) window.settle(now);
      // With nothing queued, pump() would find no one to grant and no wake-up to set.
      if (this.waiting > 0) this.pump();
    };
  }

  private schedule(wakeAt: number): void {
    if (!Number.isFinite(wakeAt) || (this.timer !== undefined && this.timerAt <= wakeAt)) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerAt = wakeAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, Math.max(0, wakeAt - this.now()));
  }
}

/**
 * One limiter for the whole process by default: per-IP windows are keyed by host and per-account
 * windows by API key, so every client talking to one service shares the windows the service
 * itself counts, however many profiles or sessions the app opens.
 */
export const sharedRateLimiter = new RateLimiter();
