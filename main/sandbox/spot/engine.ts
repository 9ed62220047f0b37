// A small spot order engine over the simulator's mid price. Marketable orders fill at once at the
// mid price as taker; others rest (funds reserved) and fill as maker when the mid crosses their
// price; stop and take-profit orders wait suspended for their stop price. Order-count limits of
// api-v3.md (25 000 active per account, 2 000 per symbol; scaled by options.limits.scale).
import { randomBytes } from 'node:crypto';
import Decimal from '../decimal';
import { findSymbol, type SymbolDef } from '../catalog';
import type { SandboxContext } from '../context';
import { ServiceError, errors, validationError } from '../http/errors';
import type { LedgerTx } from '../wallet/ledger';
import { formatAmount } from '../wallet/money';
import { fillMoney, reserveFor, tickPrice } from './fill-money';
import { OrderStore, orderRecord, type NewOrderRow, type OrderRow } from './order-store';

export const MAX_ACTIVE_ORDERS = 25_000;
export const MAX_ACTIVE_ORDERS_PER_SYMBOL = 2_000;

export interface OrderRequest {
  accountId: number;
  clientOrderId?: string;
  symbol: SymbolDef;
  side: 'buy' | 'sell';
  type: string;
  timeInForce: string;
  quantity: Decimal;
  price?: Decimal;
  stopPrice?: Decimal;
  expireTime?: number;
  postOnly: boolean;
}

export interface OrderLimits {
  enabled: boolean;
  scale: number;
}

/** What an order list does when one of its orders fills or ends; runs inside that ledger transaction. */
export interface ListHooks {
  filled(tx: LedgerTx, row: OrderRow, now: number): void;
  ended(tx: LedgerTx, row: OrderRow, now: number): void;
}

export class SpotEngine {
  readonly store: OrderStore;
  lists: ListHooks | null = null;
  /** Orders changed inside a ledger transaction besides the one acted on, reported after it commits. */
  private readonly followUps = new Set<number>();

  constructor(private readonly ctx: SandboxContext, private readonly limits: OrderLimits) {
    this.store = new OrderStore(ctx.db);
  }

  place(request: OrderRequest): OrderRow {
    refuseSuspended(request.symbol);
    const clientOrderId = request.clientOrderId ?? randomBytes(16).toString('hex');
    if (this.store.activeByClientId(request.accountId, clientOrderId)) {
      throw new ServiceError(400, 20008, 'Duplicate clientOrderId', `client_order_id ${clientOrderId} belongs to an active order`);
    }
    this.checkCounts(request.accountId, request.symbol.id);
    const mid = this.mid(request.symbol);
    const now = this.ctx.clock.now();
    const placed = this.ctx.ledger.run((tx) => this.insertAndRoute(tx, request, clientOrderId, mid, now));
    this.report(placed);
    this.reportFollowUps();
    return placed;
  }

  /**
   * Cancels an active order and places its successor in one ledger transaction: when the successor
   * is refused (funds, price), the old order stays as it was. One report, type replaced.
   */
  replace(accountId: number, clientOrderId: string, request: OrderRequest): OrderRow {
    const old = this.store.activeByClientId(accountId, clientOrderId);
    if (!old) throw errors.orderNotFound();
    if (old.order_list_id !== null && old.order_list_id !== undefined) throw validationError('client_order_id', `${clientOrderId} belongs to order list ${old.order_list_id}; cancel it instead`);
    refuseSuspended(request.symbol);
    const newClientOrderId = request.clientOrderId ?? randomBytes(16).toString('hex');
    if (newClientOrderId !== clientOrderId && this.store.activeByClientId(accountId, newClientOrderId)) {
      throw new ServiceError(400, 20008, 'Duplicate clientOrderId', `client_order_id ${newClientOrderId} belongs to an active order`);
    }
    const mid = this.mid(request.symbol);
    const now = this.ctx.clock.now();
    const placed = this.ctx.ledger.run((tx) => {
      this.release(tx, old);
      this.store.update(old.id, { status: 'canceled', updated_at: now });
      return this.insertAndRoute(tx, request, newClientOrderId, mid, now);
    });
    this.report(placed, { report_type: 'replaced', original_client_order_id: clientOrderId });
    this.reportFollowUps();
    return placed;
  }

  private insertAndRoute(tx: LedgerTx, request: OrderRequest, clientOrderId: string, mid: Decimal, now: number): OrderRow {
    const row = this.insertRow(request, clientOrderId, now);
    this.route(tx, row, request.symbol, mid, now);
    return this.store.get(row.id) as OrderRow;
  }

  /** A new order's row, not yet routed (order lists insert theirs, then route, fill or park them). */
  insertRow(request: OrderRequest, clientOrderId: string, now: number, list?: Pick<OrderRow, 'order_list_id' | 'contingency_type' | 'list_position' | 'inactive'>): OrderRow {
    return this.store.insert({
      ...list,
      account_id: request.accountId, client_order_id: clientOrderId, symbol: request.symbol.id, side: request.side,
      type: request.type, time_in_force: request.timeInForce, quantity: request.quantity.toFixed(), quantity_cumulative: '0',
      price: request.price?.toFixed() ?? null, price_average: null, stop_price: request.stopPrice?.toFixed() ?? null,
      expire_time: request.expireTime ?? null, post_only: request.postOnly ? 1 : 0, status: 'new',
      reserved_currency: null, reserved_amount: null, created_at: now, updated_at: now,
    });
  }

  cancel(accountId: number, clientOrderId: string): OrderRow {
    const row = this.store.activeByClientId(accountId, clientOrderId);
    if (!row) throw errors.orderNotFound();
    const canceled = this.ctx.ledger.run((tx) => {
      this.end(tx, row, 'canceled', this.ctx.clock.now());
      return this.store.get(row.id) as OrderRow;
    });
    this.report(canceled);
    this.reportFollowUps();
    return canceled;
  }

  /** Time step: trigger stops, fill resting orders the mid has crossed, expire Day/GTD orders.
   * The mid is read once per symbol for the step, and a ledger transaction is opened only for an
   * order that changes (most active orders do nothing on most ticks). */
  advance(nowMs: number): void {
    const mids = new Map<string, Decimal | null>();
    const midOf = (symbol: SymbolDef): Decimal | null => {
      let mid = mids.get(symbol.id);
      if (mid === undefined) {
        mid = this.ctx.market.rate(symbol.baseCurrency, symbol.quoteCurrency);
        mids.set(symbol.id, mid);
      }
      return mid;
    };
    for (const row of this.store.allActive()) {
      const symbol = findSymbol(row.symbol);
      const mid = symbol ? midOf(symbol) : null;
      if (!symbol || mid === null || row.inactive === 1) continue;
      const action = row.expire_time !== null && row.expire_time <= nowMs ? 'expire'
        : row.status === 'suspended' && stopReached(row, mid) ? 'trigger'
          : row.status === 'new' && row.price !== null && crosses(row.side, new Decimal(row.price), mid) ? 'fill'
            : null;
      if (action === null) continue;
      const current = this.store.get(row.id);
      // An earlier order's fill or end in this step may have canceled or activated this one.
      if (!current || current.status !== row.status || current.inactive === 1) continue;
      this.ctx.ledger.run((tx) => {
        if (action === 'expire') return this.end(tx, row, 'expired', nowMs);
        this.release(tx, row);
        if (action === 'trigger') this.route(tx, { ...row, status: 'new' }, symbol, mid, nowMs, true);
        else this.fill(tx, row, symbol, new Decimal(row.price ?? 0), false, nowMs);
      });
      const after = this.store.get(row.id);
      if (after && after.status !== row.status) this.report(after);
      this.reportFollowUps();
    }
  }

  /** Releases what the order holds and ends it (canceled or expired); its list reacts in the same transaction. */
  end(tx: LedgerTx, row: OrderRow, status: 'canceled' | 'expired', now: number): void {
    this.release(tx, row);
    this.store.update(row.id, { status, updated_at: now });
    this.lists?.ended(tx, { ...row, status }, now);
  }

  /** Marks an order changed by its list's reaction, for a report once the transaction commits. */
  followUp(id: number): void {
    this.followUps.add(id);
  }

  reportFollowUps(): void {
    const ids = [...this.followUps];
    this.followUps.clear();
    for (const id of ids) {
      const row = this.store.get(id);
      if (row) this.report(row);
    }
  }

  report(row: OrderRow, replaced?: { report_type: 'replaced'; original_client_order_id: string }): void {
    const reportType = row.status === 'filled' || row.status === 'partiallyFilled' ? 'trade' : row.status;
    this.ctx.events.emitOrder({ accountId: row.account_id, report: { ...orderRecord(row), report_type: reportType, ...replaced } });
  }

  route(tx: LedgerTx, row: OrderRow, symbol: SymbolDef, mid: Decimal, now: number, triggered = false): void {
    const isStop = row.stop_price !== null && !triggered;
    if (isStop) return this.rest(tx, row, symbol, 'suspended', now);
    const limitPrice = row.price === null ? null : new Decimal(row.price);
    const marketable = limitPrice === null || crosses(row.side, limitPrice, mid);
    if (marketable && row.post_only === 1) return this.end(tx, row, 'expired', now);
    if (marketable) return this.fill(tx, row, symbol, tickPrice(symbol, mid, row.side), true, now);
    if (row.time_in_force === 'IOC' || row.time_in_force === 'FOK') return this.end(tx, row, 'expired', now);
    this.rest(tx, row, symbol, 'new', now);
  }

  private rest(tx: LedgerTx, row: OrderRow, symbol: SymbolDef, status: string, now: number): void {
    const [currency, amount] = reserveFor(symbol, row.side, new Decimal(row.quantity), new Decimal(row.price ?? row.stop_price ?? 0));
    const reserved = formatAmount(amount, currency);
    tx.move(row.account_id, 'spot', currency, new Decimal(reserved).negated(), reserved);
    this.store.update(row.id, { status, reserved_currency: currency, reserved_amount: reserved, updated_at: now });
  }

  private release(tx: LedgerTx, row: OrderRow): void {
    if (row.reserved_currency === null || row.reserved_amount === null) return;
    const amount = new Decimal(row.reserved_amount);
    tx.move(row.account_id, 'spot', row.reserved_currency, amount, amount.negated());
    this.store.update(row.id, { reserved_currency: null, reserved_amount: null });
  }

  /** Fills the whole order at `price` (on the tick), moving exactly what its trade record reports. */
  fill(tx: LedgerTx, row: OrderRow, symbol: SymbolDef, price: Decimal, taker: boolean, now: number): void {
    const money = fillMoney(symbol, row.side, new Decimal(row.quantity), price, taker ? symbol.takeRate : symbol.makeRate);
    for (const [currency, delta] of money.deltas) tx.move(row.account_id, 'spot', currency, delta);
    this.store.update(row.id, {
      status: 'filled', quantity_cumulative: row.quantity, price_average: price.toFixed(), updated_at: now,
      fee: formatAmount(money.fee, symbol.feeCurrency), taker: taker ? 1 : 0, trade_id: this.store.nextTradeId(),
    });
    this.lists?.filled(tx, row, now);
  }

  checkCounts(accountId: number, symbol: string): void {
    if (!this.limits.enabled) return;
    const scaled = (n: number): number => Math.max(1, Math.floor(n * this.limits.scale));
    if (this.store.countActive(accountId) >= scaled(MAX_ACTIVE_ORDERS)) throw errors.limitExceeded('Too many active orders on the account');
    if (this.store.countActive(accountId, symbol) >= scaled(MAX_ACTIVE_ORDERS_PER_SYMBOL)) throw errors.limitExceeded(`Too many active orders on ${symbol}`);
  }

  mid(symbol: SymbolDef): Decimal {
    const mid = this.ctx.market.rate(symbol.baseCurrency, symbol.quoteCurrency);
    if (mid === null) throw validationError('symbol', `${symbol.id} has no price`);
    return mid;
  }
}

/** A suspended symbol is listed but takes no orders. */
export function refuseSuspended(symbol: SymbolDef): void {
  if (symbol.status === 'suspended') throw validationError('symbol', `${symbol.id} is suspended: it takes no orders until trading resumes`);
}

/** Stop orders trigger when the price moves against them (buy: mid ≥ stop), take-profit orders
 * when it moves in their favour (buy: mid ≤ stop). */
function stopReached(row: OrderRow, mid: Decimal): boolean {
  const stop = new Decimal(row.stop_price ?? 0);
  const takeProfit = row.type.startsWith('takeProfit');
  const side = takeProfit ? (row.side === 'buy' ? 'sell' : 'buy') : row.side;
  return crosses(side, mid, stop);
}

/** A buy at `limit` crosses when limit ≥ other; a sell when limit ≤ other. */
function crosses(side: string, limit: Decimal, other: Decimal): boolean {
  return side === 'buy' ? limit.gte(other) : limit.lte(other);
}

export type { NewOrderRow };
