// One profile's spot orders: the active ones followed live from the trading stream (read from the
// service while it is not live), cancelling them, and checking and placing new ones. Others hear
// of each trade the stream reports through onTradeReported (the history store syncs trades then).
import type {
  CancelManyResult, CancelOutcome, CancelScope, OrderDraft, OrderPreview, OrdersSnapshot, PlaceOrderResult, TradingSymbol,
} from '../../../preload/contract/orders';
import type { ConversionPair, ConversionQuote } from '../../../preload/contract/transfers';
import type { Currency } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { AuditLog } from '../audit/audit-log';
import type { PendingLedger } from '../pending/ledger';
import { serviceCall } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { ActiveOrders, type OrderFeedSignal } from './active-orders';
import { cancelMany, cancelOne } from './cancel';
import { placeOrder } from './place';
import { previewOrder } from './preview';
import { TradingTerms, toTradingSymbol } from './terms';
import { toSnapshot } from './views';

export type OrdersApi = Pick<
  TreasuryApi,
  'spotSymbols' | 'spotFees' | 'activeOrders' | 'placeOrder' | 'cancelOrder' | 'cancelOrders' | 'findOrder' | 'orderBook' | 'spotBalances' | 'serviceNow'
>;

export interface OrdersDeps {
  api: OrdersApi;
  audit: AuditLog;
  ledger: PendingLedger;
  profile: ProfileRef;
  currencies(): Promise<Currency[]>;
  /** An instant conversion's quote, to compare an order with. */
  conversionQuote(pair: ConversionPair): Promise<ConversionQuote>;
  notices: { changed(snapshot: OrdersSnapshot): void };
  now?: () => number;
}

export class OrdersService {
  private readonly active: ActiveOrders;
  private readonly terms: TradingTerms;
  private watching = false;
  /** Snapshots are worked out one at a time; changes meanwhile give one more. */
  private emitting: Promise<void> | null = null;
  private emitAgain = false;
  private closed = false;
  private readonly stopChanges: () => void;

  constructor(private readonly deps: OrdersDeps) {
    const now = deps.now ?? Date.now;
    this.active = new ActiveOrders(now);
    this.terms = new TradingTerms({
      spotSymbols: () => deps.api.spotSymbols(), spotFees: () => deps.api.spotFees(), currencies: () => deps.currencies(),
    }, now);
    this.stopChanges = this.active.onChange(() => this.changed());
  }

  /** What the trading stream says of the orders (see session/live-feeds.ts). */
  feed(signal: OrderFeedSignal): void {
    if (!this.closed) this.active.feed(signal);
  }

  /** Told of each trade the trading stream reports (report type 'trade'); returns how to stop. */
  onTradeReported(listener: () => void): () => void {
    return this.active.onTrade(() => listener());
  }

  get live(): boolean {
    return this.active.live;
  }

  async symbols(): Promise<TradingSymbol[]> {
    const terms = await serviceCall(() => this.terms.all());
    return [...terms.values()].map(toTradingSymbol);
  }

  /** The active orders now: the live ones, or read from the service while the stream is not live. */
  async list(): Promise<OrdersSnapshot> {
    if (!this.active.live) {
      const orders = await serviceCall(() => this.deps.api.activeOrders());
      this.active.read(orders);
    }
    return this.snapshot();
  }

  async watch(): Promise<OrdersSnapshot> {
    this.watching = true;
    return this.list();
  }

  stop(): void {
    this.watching = false;
  }

  cancel(clientOrderId: string): Promise<CancelOutcome> {
    return cancelOne(this.cancelDeps(), clientOrderId.trim());
  }

  cancelMany(scope: CancelScope): Promise<CancelManyResult> {
    return cancelMany(this.cancelDeps(), scope);
  }

  preview(draft: OrderDraft): Promise<OrderPreview> {
    return previewOrder(this.previewDeps(), draft);
  }

  place(draft: OrderDraft): Promise<PlaceOrderResult> {
    return placeOrder({ ...this.previewDeps(), ledger: this.deps.ledger, audit: this.deps.audit, profile: this.deps.profile, active: this.active }, draft);
  }

  close(): void {
    this.closed = true;
    this.watching = false;
    this.stopChanges();
  }

  private async snapshot(): Promise<OrdersSnapshot> {
    const terms = await this.terms.all().catch(() => new Map());
    const asOfMs = this.active.asOfMs ?? (this.deps.now ?? Date.now)();
    return toSnapshot(this.active.list(), terms, this.active.live, new Date(asOfMs).toISOString());
  }

  private changed(): void {
    if (!this.watching || this.closed) return;
    if (this.emitting !== null) {
      this.emitAgain = true;
      return;
    }
    this.emitting = this.snapshot()
      .then((snapshot) => {
        if (this.watching && !this.closed) this.deps.notices.changed(snapshot);
      })
      .catch((error: unknown) => console.error(`[orders] snapshot not sent: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.emitting = null;
        if (!this.emitAgain) return;
        this.emitAgain = false;
        this.changed();
      });
  }

  private cancelDeps() {
    return { api: this.deps.api, audit: this.deps.audit, profile: this.deps.profile, active: this.active, terms: this.terms };
  }

  private previewDeps() {
    return { api: this.deps.api, terms: this.terms, conversionQuote: this.deps.conversionQuote, now: this.deps.now ?? Date.now };
  }
}
