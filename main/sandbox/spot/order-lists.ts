// Order lists (api-v3.md "Spot trading", POST /api/3/spot/order/list): how each contingency places
// its orders and how a fill or an end of one order moves the others, inside the same ledger
// transaction as that fill or end.
// - allOrNone: every order (FOK) fills at once as taker, in one transaction, or all expire.
// - oneCancelOther: the orders work side by side; one filling or ending cancels the others,
//   releasing what they reserved.
// - oneTriggerOther: the secondaries wait (inactive, nothing reserved) until the primary fills,
//   then are placed as ordinary orders; the primary ending first cancels them.
// - oneTriggerOneCancelOther: as oneTriggerOther, the two secondaries then being a oneCancelOther pair.
import Decimal from '../decimal';
import { findSymbol, type SymbolDef } from '../catalog';
import type { SandboxContext } from '../context';
import { ServiceError } from '../http/errors';
import type { LedgerTx } from '../wallet/ledger';
import { refuseSuspended, type ListHooks, type OrderRequest, type SpotEngine } from './engine';
import { fillMoney, tickPrice } from './fill-money';
import { ACTIVE_STATUSES, type OrderRow } from './order-store';
import type { OrderListRequest } from './order-list-request';

const isActive = (row: OrderRow): boolean => (ACTIVE_STATUSES as readonly string[]).includes(row.status);

export class OrderLists implements ListHooks {
  constructor(private readonly ctx: SandboxContext, private readonly engine: SpotEngine) {
    engine.lists = this;
  }

  place(list: OrderListRequest): OrderRow[] {
    for (const order of list.orders) {
      refuseSuspended(order.symbol);
      if (this.engine.store.activeByClientId(list.accountId, order.clientOrderId ?? '')) {
        throw new ServiceError(400, 20008, 'Duplicate clientOrderId', `client_order_id ${order.clientOrderId ?? ''} belongs to an active order`);
      }
      this.engine.checkCounts(list.accountId, order.symbol.id);
    }
    const mids = new Map(list.orders.map((o) => [o.symbol.id, this.engine.mid(o.symbol)]));
    const now = this.ctx.clock.now();
    const ids = this.ctx.ledger.run((tx) => {
      const rows = list.orders.map((order, position) => this.engine.insertRow(order, order.clientOrderId ?? '', now, {
        order_list_id: list.listId, contingency_type: list.contingency, list_position: position,
        inactive: position > 0 && list.contingency.startsWith('oneTrigger') ? 1 : 0,
      }));
      if (list.contingency === 'allOrNone') this.allOrNone(tx, rows, list.orders, mids, now);
      else for (const row of rows.filter((r) => r.inactive !== 1)) this.routeIfStillNew(tx, row, mids, now);
      return rows.map((r) => r.id);
    });
    const placed = ids.map((id) => this.engine.store.get(id) as OrderRow);
    for (const row of placed) this.engine.report(row);
    this.engine.reportFollowUps();
    return placed.map((row) => this.engine.store.get(row.id) as OrderRow);
  }

  filled(tx: LedgerTx, row: OrderRow, now: number): void {
    if (!row.order_list_id) return;
    const siblings = this.engine.store.listSiblings(row.account_id, row.order_list_id, row.id);
    if (row.contingency_type === 'oneCancelOther') this.cancelActive(tx, siblings, now);
    else if (row.contingency_type === 'oneTriggerOther' || row.contingency_type === 'oneTriggerOneCancelOther') {
      if (row.list_position === 0) this.activate(tx, siblings, now);
      else if (row.contingency_type === 'oneTriggerOneCancelOther') this.cancelActive(tx, siblings.filter((s) => s.list_position !== 0), now);
    }
  }

  ended(tx: LedgerTx, row: OrderRow, now: number): void {
    if (!row.order_list_id || row.contingency_type === 'allOrNone') return;
    const siblings = this.engine.store.listSiblings(row.account_id, row.order_list_id, row.id);
    if (row.contingency_type === 'oneCancelOther') return this.cancelActive(tx, siblings, now);
    if (row.list_position === 0) return this.cancelActive(tx, siblings.filter((s) => s.inactive === 1), now);
    if (row.contingency_type === 'oneTriggerOneCancelOther') this.cancelActive(tx, siblings.filter((s) => s.list_position !== 0), now);
  }

  /** Fills every order at once when each is marketable and the spot balance pays for them all; otherwise all expire. */
  private allOrNone(tx: LedgerTx, rows: OrderRow[], orders: OrderRequest[], mids: Map<string, Decimal>, now: number): void {
    const prices = rows.map((row, i) => {
      const mid = mids.get(row.symbol) as Decimal;
      const limit = orders[i]?.price;
      const marketable = limit === undefined || (row.side === 'buy' ? limit.gte(mid) : limit.lte(mid));
      return marketable && row.post_only !== 1 ? tickPrice(orders[i]?.symbol as SymbolDef, mid, row.side) : null;
    });
    const needs = new Map<string, Decimal>();
    rows.forEach((row, i) => {
      const price = prices[i];
      const symbol = orders[i]?.symbol as SymbolDef;
      if (!price) return;
      for (const [currency, delta] of fillMoney(symbol, row.side, new Decimal(row.quantity), price, symbol.takeRate).deltas) {
        needs.set(currency, (needs.get(currency) ?? new Decimal(0)).plus(delta));
      }
    });
    const pays = [...needs].every(([currency, delta]) => !tx.holding(row0(rows).account_id, 'spot', currency).available.plus(delta).isNegative());
    const fills = prices.every((p) => p !== null) && pays;
    rows.forEach((row, i) => {
      if (fills) this.engine.fill(tx, row, orders[i]?.symbol as SymbolDef, prices[i] as Decimal, true, now);
      else this.engine.end(tx, row, 'expired', now);
    });
  }

  /** Routes a list order placed active, unless an earlier one's fill has ended it already. */
  private routeIfStillNew(tx: LedgerTx, row: OrderRow, mids: Map<string, Decimal>, now: number): void {
    const current = this.engine.store.get(row.id);
    const symbol = findSymbol(row.symbol);
    if (!current || !symbol || current.status !== 'new') return;
    this.engine.route(tx, current, symbol, mids.get(row.symbol) ?? this.engine.mid(symbol), now);
  }

  private cancelActive(tx: LedgerTx, rows: OrderRow[], now: number): void {
    for (const row of rows) {
      const current = this.engine.store.get(row.id);
      if (!current || !isActive(current)) continue;
      this.engine.end(tx, current, 'canceled', now);
      this.engine.followUp(current.id);
    }
  }

  /**
   * The primary filled: its waiting secondaries become ordinary orders. One the spot balance cannot
   * pay for expires; its attempt is undone alone (a savepoint), so the primary's fill stands.
   */
  private activate(tx: LedgerTx, rows: OrderRow[], now: number): void {
    for (const row of rows) {
      const current = this.engine.store.get(row.id);
      const symbol = findSymbol(row.symbol);
      if (!current || !symbol || current.inactive !== 1 || !isActive(current)) continue;
      this.engine.store.update(row.id, { inactive: 0, updated_at: now });
      this.engine.followUp(row.id);
      try {
        this.ctx.db.transaction(() => this.engine.route(tx, { ...current, inactive: 0 }, symbol, this.engine.mid(symbol), now))();
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        this.refreshTouched(tx);
        this.engine.end(tx, { ...current, inactive: 0 }, 'expired', now);
      }
    }
  }

  /** After a savepoint rolled back, the balances the transaction announces are read again. */
  private refreshTouched(tx: LedgerTx): void {
    for (const [key, entry] of tx.touchedBalances) {
      const holding = this.ctx.balances.get(entry.accountId, entry.side, entry.currency);
      if (holding) tx.touchedBalances.set(key, { ...entry, available: holding.available, reserved: holding.reserved });
    }
  }
}

function row0(rows: OrderRow[]): OrderRow {
  return rows[0] as OrderRow;
}

const installed = new WeakMap<SpotEngine, OrderLists>();

/** The engine's order lists, made once: their hooks must be in place before any list order fills. */
export function orderListsOf(ctx: SandboxContext, engine: SpotEngine): OrderLists {
  let lists = installed.get(engine);
  if (!lists) {
    lists = new OrderLists(ctx, engine);
    installed.set(engine, lists);
  }
  return lists;
}
