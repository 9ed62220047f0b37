// The account's active orders as the trading stream tells them: its snapshot on each
// subscription replaces what is known, each report adds, changes or removes one order. Live only
// between a snapshot and the stream going down ("Live means live"): otherwise the orders are as
// of the last time they were known, whether from the stream or from a read.
import type { OrderFeedEvent, SpotOrder } from '../../exchange/domain';
import { ACTIVE_ORDER_STATUSES } from './views';

export type OrderFeedSignal = OrderFeedEvent | { kind: 'down'; detail?: string };

export class ActiveOrders {
  private readonly orders = new Map<string, SpotOrder>();
  private isLive = false;
  private knownAt: number | null = null;
  private readonly changeListeners = new Set<() => void>();
  private readonly tradeListeners = new Set<(order: SpotOrder) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  get live(): boolean {
    return this.isLive;
  }

  /** When the orders were last known (ms); null before any snapshot or read. */
  get asOfMs(): number | null {
    return this.isLive ? this.now() : this.knownAt;
  }

  list(): SpotOrder[] {
    return [...this.orders.values()];
  }

  byClientId(clientOrderId: string): SpotOrder | undefined {
    return this.orders.get(clientOrderId);
  }

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  onTrade(listener: (order: SpotOrder) => void): () => void {
    this.tradeListeners.add(listener);
    return () => void this.tradeListeners.delete(listener);
  }

  /** What the trading stream says. */
  feed(signal: OrderFeedSignal): void {
    if (signal.kind === 'down') {
      if (!this.isLive) return;
      this.knownAt = this.now();
      this.isLive = false;
    } else if (signal.kind === 'snapshot') {
      this.orders.clear();
      for (const order of signal.orders) this.orders.set(order.clientOrderId, order);
      this.isLive = true;
    } else {
      if (signal.replaced !== undefined) this.orders.delete(signal.replaced);
      this.put(signal.order);
      if (signal.reportType === 'trade') this.tell(this.tradeListeners, signal.order);
    }
    this.tell(this.changeListeners);
  }

  /** Orders read from the service while the stream is not live: known now, still not live. */
  read(orders: readonly SpotOrder[]): void {
    if (this.isLive) return;
    this.orders.clear();
    for (const order of orders) this.orders.set(order.clientOrderId, order);
    this.knownAt = this.now();
  }

  /** An order the service no longer knows as active. */
  forget(clientOrderId: string): void {
    if (this.orders.delete(clientOrderId)) this.tell(this.changeListeners);
  }

  /** An order the service answered for (a cancel, a placement): known before its report arrives. */
  apply(order: SpotOrder): void {
    this.put(order);
    this.tell(this.changeListeners);
  }

  private put(order: SpotOrder): void {
    if (ACTIVE_ORDER_STATUSES.has(order.status)) this.orders.set(order.clientOrderId, order);
    else this.orders.delete(order.clientOrderId);
  }

  private tell<A extends unknown[]>(listeners: ReadonlySet<(...args: A) => void>, ...args: A): void {
    for (const listener of listeners) {
      try {
        listener(...args);
      } catch (error) {
        console.error(`[orders] listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
