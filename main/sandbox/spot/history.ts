// Spot order and trade history (HIST). Each filled order carries one trade (the sandbox fills an
// order in one execution); the trade id is the order id. Orders without executions leave the
// history 24 hours (sandbox clock) after they became inactive.
import type { SandboxContext } from '../context';
import { cachedStatement, type SandboxDb } from '../db/open';
import { ParamReader } from '../http/params';
import type { RouteRegistry } from '../http/route';
import { callerId } from '../wallet/access';
import { iso } from '../wallet/transaction-record';
import { orderRecord, type OrderRow } from './order-store';

const DAY_MS = 86_400_000;

export function registerSpotHistoryRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/3/spot/history/order', 'HIST', (r) => {
    const p = ParamReader.of(r);
    const clientOrderId = p.text('client_order_id');
    const where = ["(quantity_cumulative != '0' OR status IN ('new', 'suspended', 'partiallyFilled') OR updated_at > @cutoff)"];
    const args: Record<string, unknown> = { cutoff: ctx.clock.now() - DAY_MS };
    // client_order_id overrides every other parameter, limit and offset included.
    if (clientOrderId !== undefined) return query(ctx.db, callerId(r), [...where, 'client_order_id = @cid'], { ...args, cid: clientOrderId }, 'id DESC', 1000, 0).map(historyRecord);
    const page = readPage(p, where, args);
    return query(ctx.db, callerId(r), where, args, page.order, page.limit, page.offset).map(historyRecord);
  });
  routes.add('GET', '/api/3/spot/history/trade', 'HIST', (r) => {
    const p = ParamReader.of(r);
    return tradeRows(ctx.db, callerId(r), p, p.optionalInt('order_id', 1, Number.MAX_SAFE_INTEGER)).map(tradeRecord);
  });
}

export interface OrderHistoryFilter {
  clientOrderId?: string;
  symbols?: string[];
  fromMs?: number;
  tillMs?: number;
  limit: number;
  offset: number;
}

/** Order history newest first by last update (version 2's GET /api/2/history/order); the same retention as version 3's. */
export function orderHistoryRows(db: SandboxDb, accountId: number, nowMs: number, filter: OrderHistoryFilter): OrderRow[] {
  const where = ["(quantity_cumulative != '0' OR status IN ('new', 'suspended', 'partiallyFilled') OR updated_at > @cutoff)"];
  const args: Record<string, unknown> = { cutoff: nowMs - DAY_MS };
  if (filter.clientOrderId !== undefined) {
    where.push('client_order_id = @cid');
    return query(db, accountId, where, { ...args, cid: filter.clientOrderId }, 'id DESC', 1000, 0);
  }
  filter.symbols?.forEach((s, i) => { args[`s${i}`] = s; });
  if (filter.symbols) where.push(`symbol IN (${filter.symbols.map((_, i) => `@s${i}`).join(', ')})`);
  if (filter.fromMs !== undefined) { where.push('updated_at >= @from'); args.from = filter.fromMs; }
  if (filter.tillMs !== undefined) { where.push('updated_at <= @till'); args.till = filter.tillMs; }
  return query(db, accountId, where, args, 'updated_at DESC, id DESC', filter.limit, filter.offset);
}

/** Filled orders (one trade each) read with the page parameters symbol, by, from, till, sort, limit, offset. */
export function tradeRows(db: SandboxDb, accountId: number, p: ParamReader, orderId: number | undefined): OrderRow[] {
  const where = ["status = 'filled'"];
  const args: Record<string, unknown> = {};
  if (orderId !== undefined) { where.push('id = @orderId'); args.orderId = orderId; }
  const page = readPage(p, where, args, 'trade_id');
  return query(db, accountId, where, args, page.order, page.limit, page.offset);
}

/** The page parameters; by=id reads `idColumn` (the order's id in the order history, the trade's in the trade list). */
function readPage(p: ParamReader, where: string[], args: Record<string, unknown>, idColumn = 'id'): { order: string; limit: number; offset: number } {
  const symbols = p.list('symbol')?.map((s) => s.toUpperCase());
  if (symbols) {
    where.push(`symbol IN (${symbols.map((_, i) => `@s${i}`).join(', ')})`);
    symbols.forEach((s, i) => { args[`s${i}`] = s; });
  }
  const by = p.oneOf('by', ['id', 'timestamp'] as const, 'id');
  const column = by === 'id' ? idColumn : 'updated_at';
  const from = by === 'id' ? p.optionalInt('from', 0, Number.MAX_SAFE_INTEGER) : p.optionalTime('from');
  const till = by === 'id' ? p.optionalInt('till', 0, Number.MAX_SAFE_INTEGER) : p.optionalTime('till');
  if (from !== undefined) { where.push(`${column} >= @from`); args.from = from; }
  if (till !== undefined) { where.push(`${column} <= @till`); args.till = till; }
  const sort = p.oneOf('sort', ['ASC', 'DESC'] as const, 'DESC');
  return { order: `${column} ${sort}, id ${sort}`, limit: p.int('limit', 100, 1, 1000), offset: p.int('offset', 0, 0, 100_000) };
}

function query(db: SandboxDb, accountId: number, where: string[], args: Record<string, unknown>, order: string, limit: number, offset: number): OrderRow[] {
  return cachedStatement(db, `SELECT * FROM spot_orders WHERE account_id = @accountId AND ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...args, accountId, limit, offset }) as OrderRow[];
}

function historyRecord(row: OrderRow): Record<string, unknown> {
  const { post_only: _postOnly, ...record } = orderRecord(row);
  return record;
}

function tradeRecord(row: OrderRow): Record<string, unknown> {
  return {
    id: row.trade_id ?? row.id, order_id: row.id, client_order_id: row.client_order_id, symbol: row.symbol, side: row.side,
    quantity: row.quantity_cumulative, price: row.price_average, fee: row.fee ?? '0', timestamp: iso(row.updated_at),
    taker: row.taker === 1,
  };
}
