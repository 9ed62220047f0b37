// Spot orders in SQLite and their wire shape.
import { cachedStatement, type SandboxDb } from '../db/open';
import { iso } from '../wallet/transaction-record';

export const ACTIVE_STATUSES = ['new', 'suspended', 'partiallyFilled'] as const;

export interface OrderRow {
  id: number;
  account_id: number;
  client_order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: string;
  time_in_force: string;
  quantity: string;
  quantity_cumulative: string;
  price: string | null;
  price_average: string | null;
  stop_price: string | null;
  expire_time: number | null;
  post_only: number;
  status: string;
  reserved_currency: string | null;
  reserved_amount: string | null;
  created_at: number;
  updated_at: number;
  /** Set when the order filled: the fee in the symbol's fee currency, and taker (1) or maker (0). */
  fee?: string | null;
  taker?: number | null;
  /** Set when the order filled: its trade's id, numbered in the order trades executed. */
  trade_id?: number | null;
  /** Order lists: the list's id, its contingency, the order's place in it (0 = primary) and 1 while it waits for the primary. */
  order_list_id?: string | null;
  contingency_type?: string | null;
  list_position?: number | null;
  inactive?: number;
}

export type NewOrderRow = Omit<OrderRow, 'id'>;

const ACTIVE_SQL = `status IN ('new', 'suspended', 'partiallyFilled')`;

export class OrderStore {
  constructor(private readonly db: SandboxDb) {}

  insert(row: NewOrderRow): OrderRow {
    const names = Object.keys(row);
    const result = cachedStatement(this.db, `INSERT INTO spot_orders (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(row);
    return { ...row, id: Number(result.lastInsertRowid) };
  }

  update(id: number, changes: Partial<NewOrderRow>): void {
    const names = Object.keys(changes);
    cachedStatement(this.db, `UPDATE spot_orders SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`).run({ ...changes, id });
  }

  get(id: number): OrderRow | undefined {
    return cachedStatement(this.db, 'SELECT * FROM spot_orders WHERE id = ?').get(id) as OrderRow | undefined;
  }

  activeByClientId(accountId: number, clientOrderId: string): OrderRow | undefined {
    return cachedStatement(this.db, `SELECT * FROM spot_orders WHERE account_id = ? AND client_order_id = ? AND ${ACTIVE_SQL}`)
      .get(accountId, clientOrderId) as OrderRow | undefined;
  }

  active(accountId: number, symbol?: string): OrderRow[] {
    const clause = symbol === undefined ? '' : 'AND symbol = @symbol';
    return cachedStatement(this.db, `SELECT * FROM spot_orders WHERE account_id = @accountId AND ${ACTIVE_SQL} ${clause} ORDER BY id`)
      .all({ accountId, symbol }) as OrderRow[];
  }

  allActive(): OrderRow[] {
    return cachedStatement(this.db, `SELECT * FROM spot_orders WHERE ${ACTIVE_SQL}`).all() as OrderRow[];
  }

  /** The list's other orders, by position. */
  listSiblings(accountId: number, listId: string, exceptId: number): OrderRow[] {
    return cachedStatement(this.db, 'SELECT * FROM spot_orders WHERE account_id = ? AND order_list_id = ? AND id != ? ORDER BY list_position')
      .all(accountId, listId, exceptId) as OrderRow[];
  }

  /** The id the next trade takes: one above every trade so far, so ids follow execution. */
  nextTradeId(): number {
    const row = cachedStatement(this.db, 'SELECT COALESCE(MAX(trade_id), 0) + 1 AS next FROM spot_orders').get() as { next: number };
    return row.next;
  }

  countActive(accountId: number, symbol?: string): number {
    const clause = symbol === undefined ? '' : 'AND symbol = @symbol';
    const row = cachedStatement(this.db, `SELECT COUNT(*) AS n FROM spot_orders WHERE account_id = @accountId AND ${ACTIVE_SQL} ${clause}`)
      .get({ accountId, symbol }) as { n: number };
    return row.n;
  }
}

export function orderRecord(row: OrderRow): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: row.id, client_order_id: row.client_order_id, symbol: row.symbol, side: row.side, status: row.status, type: row.type,
    time_in_force: row.time_in_force, quantity: row.quantity, quantity_cumulative: row.quantity_cumulative,
    post_only: row.post_only === 1, created_at: iso(row.created_at), updated_at: iso(row.updated_at),
  };
  if (row.price !== null) record.price = row.price;
  if (row.stop_price !== null) record.stop_price = row.stop_price;
  if (row.expire_time !== null) record.expire_time = iso(row.expire_time);
  if (row.price_average !== null) record.price_average = row.price_average;
  if (row.order_list_id !== null && row.order_list_id !== undefined) {
    record.order_list_id = row.order_list_id;
    record.contingency_type = row.contingency_type;
  }
  if (row.inactive === 1) record.inactive = true;
  return record;
}
