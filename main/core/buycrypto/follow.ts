// Follows the account's buy orders while any may still change: the providers with open orders
// (or a completed order whose deposit is not found yet, for up to ten minutes) are read again with
// a growing pause, back to the shortest when something changes, an order is created, or the
// wallet stream brings a buy-crypto deposit. Each change is announced once; "arrived" only for an
// order seen open in this session, when it is completed and its deposit found.
import { buyOrderKey, type BuyOrderView } from '../../../preload/contract/buycrypto';
import { realTimers, type Timers } from '../timers';

export const FOLLOW_BACKOFF_MS: readonly number[] = [2_000, 3_000, 5_000, 8_000, 13_000, 20_000, 30_000];
/** How long after completing an order its deposit is still looked for. */
export const DEPOSIT_SEARCH_MS = 10 * 60_000;

export interface FollowDeps {
  /** The orders of these providers as they stand now (deposits matched); throws when none could be read. */
  read(providerIds: readonly string[]): Promise<BuyOrderView[]>;
  announce(order: BuyOrderView, arrived: boolean): void;
  backoffMs?: readonly number[];
  timers?: Timers;
}

interface Followed {
  view: BuyOrderView;
  seenOpen: boolean;
  arrivalAnnounced: boolean;
  completedAtMs: number | null;
}

export class OrderFollower {
  private readonly orders = new Map<string, Followed>();
  private readonly expected = new Set<string>();
  private readonly backoff: readonly number[];
  private readonly timers: Timers;
  private step = 0;
  private timer: unknown = null;
  private polling = false;
  private pollAgain = false;
  private closed = false;

  constructor(private readonly deps: FollowDeps) {
    this.backoff = deps.backoffMs ?? FOLLOW_BACKOFF_MS;
    this.timers = deps.timers ?? realTimers;
  }

  /** Orders read by a list: known ones are compared (changes announced), new ones only remembered. */
  observe(views: readonly BuyOrderView[]): void {
    let changed = false;
    for (const view of views) changed = this.absorb(view, false) || changed;
    if (changed) this.step = 0;
    this.schedule();
  }

  /** An order created in this session: followed from the shortest pause. */
  track(view: BuyOrderView): void {
    this.absorb(view, false);
    this.restart();
  }

  /** A provider that may hold an order not seen yet (a lost answer found later): read it now. */
  expect(providerId: string): void {
    this.expected.add(providerId);
    this.nudge();
  }

  /** Something arrived that may finish an order: read now, and from the shortest pause again. */
  nudge(): void {
    this.step = 0;
    this.cancelTimer();
    void this.poll();
  }

  close(): void {
    this.closed = true;
    this.cancelTimer();
  }

  /** True while this order's deposit is still looked for: it was seen open, and is open or completed within the search window. */
  awaitsDeposit(order: Pick<BuyOrderView, 'providerId' | 'id'>): boolean {
    const followed = this.orders.get(buyOrderKey(order));
    return followed !== undefined && followed.seenOpen && this.stillWaiting(followed);
  }

  /** True when the order's status changed. */
  private absorb(view: BuyOrderView, announceNew: boolean): boolean {
    const key = buyOrderKey(view);
    const known = this.orders.get(key);
    const now = this.timers.now();
    if (known === undefined) {
      this.orders.set(key, { view, seenOpen: view.open, arrivalAnnounced: false, completedAtMs: view.status === 'completed' ? now : null });
      // A new order a poll finds (one whose answer was lost, or made elsewhere) is news while it is open.
      if (announceNew && view.open) this.deps.announce(view, false);
      return false;
    }
    const merged = { ...view, deposit: view.deposit ?? (view.status === known.view.status ? known.view.deposit : null) };
    const statusChanged = merged.status !== known.view.status;
    const depositFound = known.view.deposit === null && merged.deposit !== null;
    if (merged.open) known.seenOpen = true;
    if (statusChanged && merged.status === 'completed') known.completedAtMs = now;
    known.view = merged;
    const arrived = known.seenOpen && !known.arrivalAnnounced && merged.status === 'completed' && merged.deposit !== null;
    if (arrived) known.arrivalAnnounced = true;
    if (statusChanged || depositFound) this.deps.announce(merged, arrived);
    return statusChanged;
  }

  private stillWaiting(followed: Followed): boolean {
    if (followed.view.open) return true;
    return followed.view.status === 'completed' && followed.view.deposit === null && followed.seenOpen
      && followed.completedAtMs !== null && this.timers.now() - followed.completedAtMs < DEPOSIT_SEARCH_MS;
  }

  private providersToRead(): string[] {
    const providers = new Set(this.expected);
    for (const followed of this.orders.values()) if (this.stillWaiting(followed)) providers.add(followed.view.providerId);
    return [...providers];
  }

  private restart(): void {
    this.step = 0;
    this.cancelTimer();
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.timer !== null || this.polling) return;
    if (this.providersToRead().length === 0) {
      this.step = 0;
      return;
    }
    const delay = this.backoff[Math.min(this.step, this.backoff.length - 1)] ?? 30_000;
    this.step += 1;
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    const providers = this.providersToRead();
    if (providers.length === 0) return;
    this.polling = true;
    try {
      const views = await this.deps.read(providers);
      if (this.closed) return;
      for (const id of providers) this.expected.delete(id);
      let changed = false;
      for (const view of views) changed = this.absorb(view, true) || changed;
      if (changed) this.step = 0;
    } catch {
      // Unreadable this time: the next pause is longer, and the next read tries again.
    } finally {
      this.polling = false;
    }
    if (this.pollAgain && !this.closed) {
      this.pollAgain = false;
      return this.poll();
    }
    this.schedule();
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
