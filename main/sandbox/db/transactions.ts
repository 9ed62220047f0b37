// Wallet transactions (SUPPLEMENT.md §3): storage, lookup and the filtered, cursor-able list.
import { cachedStatement, type SandboxDb } from './open';

export const TX_TYPES = ['DEPOSIT', 'WITHDRAW', 'TRANSFER', 'SWAP'] as const;
export type TxType = (typeof TX_TYPES)[number];
export const TX_STATUSES = ['CREATED', 'PENDING', 'FAILED', 'SUCCESS', 'ROLLED_BACK'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];
export const TX_SUBTYPES = [
  'UNCLASSIFIED', 'BLOCKCHAIN', 'AIRDROP', 'AFFILIATE', 'STAKING', 'BUY_CRYPTO', 'OFFCHAIN', 'FIAT', 'SUB_ACCOUNT',
  'WALLET_TO_SPOT', 'SPOT_TO_WALLET', 'WALLET_TO_DERIVATIVES', 'DERIVATIVES_TO_WALLET', 'CHAIN_SWITCH_FROM',
  'CHAIN_SWITCH_TO', 'INSTANT_EXCHANGE',
] as const;
export type TxSubtype = (typeof TX_SUBTYPES)[number];
export const TX_ORDER_BY = ['created_at', 'updated_at', 'last_activity_at', 'id'] as const;
export type TxOrderBy = (typeof TX_ORDER_BY)[number];

export interface TxRow {
  id: number;
  account_id: number;
  status: TxStatus;
  type: TxType;
  subtype: TxSubtype;
  created_at: number;
  updated_at: number;
  last_activity_at: number;
  operation_id: string;
  tx_id: string;
  currency: string;
  network: string | null;
  amount: string;
  fee: string | null;
  address: string | null;
  payment_id: string | null;
  hash: string | null;
  offchain_id: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  public_comment: string | null;
  error_code: string | null;
  senders: string | null;
  wallet_id: string | null;
  operation_type: string | null;
  meta: string | null;
  /** Amount held in reserved balance while a withdrawal is CREATED or PENDING. */
  held: string | null;
  commit_deadline: number | null;
  broadcast_at: number | null;
}

export type NewTx = Omit<TxRow, 'id'>;

export const TX_COLUMNS = [
  'account_id', 'status', 'type', 'subtype', 'created_at', 'updated_at', 'last_activity_at', 'operation_id', 'tx_id',
  'currency', 'network', 'amount', 'fee', 'address', 'payment_id', 'hash', 'offchain_id', 'confirmations',
  'required_confirmations', 'public_comment', 'error_code', 'senders', 'wallet_id', 'operation_type', 'meta', 'held',
  'commit_deadline', 'broadcast_at',
] as const satisfies readonly (keyof NewTx)[];

export const INSERT_TX_SQL = `INSERT INTO transactions (${TX_COLUMNS.join(', ')}) VALUES (${TX_COLUMNS.map((c) => `@${c}`).join(', ')})`;
/** Positional form for bulk inserts (binding by name costs more per row). */
export const INSERT_TX_POSITIONAL_SQL = `INSERT INTO transactions (${TX_COLUMNS.join(', ')}) VALUES (${TX_COLUMNS.map(() => '?').join(', ')})`;

export function txValues(tx: NewTx): unknown[] {
  return TX_COLUMNS.map((column) => tx[column]);
}

export interface TxFilter {
  accountId: number;
  txIds?: number[];
  types?: string[];
  subtypes?: string[];
  statuses?: string[];
  currencies?: string[];
  networks?: string[];
  orderBy: TxOrderBy;
  sort: 'ASC' | 'DESC';
  /** Bounds on the order_by column, inclusive (ms for times, ids for id). */
  from?: number;
  till?: number;
  idFrom?: number;
  idTill?: number;
  limit: number;
  offset: number;
}

export class TransactionRepository {
  private readonly insertStatement;
  private readonly getStatement;

  constructor(private readonly db: SandboxDb) {
    this.insertStatement = db.prepare(INSERT_TX_SQL);
    this.getStatement = db.prepare('SELECT * FROM transactions WHERE id = ?');
  }

  insert(tx: NewTx): number {
    return Number(this.insertStatement.run(tx).lastInsertRowid);
  }

  get(id: number): TxRow | undefined {
    return this.getStatement.get(id) as TxRow | undefined;
  }

  /** One of the account's transactions by its tx_id (version 2's transaction id). */
  getByTxId(accountId: number, txId: string): TxRow | undefined {
    return cachedStatement(this.db, 'SELECT * FROM transactions WHERE account_id = ? AND tx_id = ?').get(accountId, txId) as TxRow | undefined;
  }

  update(id: number, changes: Partial<Omit<TxRow, 'id'>>): void {
    const names = Object.keys(changes);
    if (names.length === 0) return;
    cachedStatement(this.db, `UPDATE transactions SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`).run({ ...changes, id });
  }

  /** Transactions the chain simulator still drives (CREATED with a deadline, PENDING with a broadcast). */
  live(): TxRow[] {
    return cachedStatement(this.db, `SELECT * FROM transactions WHERE status IN ('CREATED', 'PENDING')
      AND (commit_deadline IS NOT NULL OR broadcast_at IS NOT NULL)`).all() as TxRow[];
  }

  /** Last `limit` distinct withdrawal addresses of an account for a currency. */
  recentWithdrawAddresses(accountId: number, currency: string, network: string | undefined, limit: number): { address: string; payment_id: string | null; network: string | null }[] {
    const networkClause = network === undefined ? '' : 'AND network = @network';
    return this.db.prepare(`SELECT address, payment_id, network, MAX(id) AS last FROM transactions
      WHERE account_id = @accountId AND type = 'WITHDRAW' AND subtype = 'BLOCKCHAIN' AND currency = @currency
      AND address IS NOT NULL ${networkClause}
      GROUP BY address, payment_id ORDER BY last DESC LIMIT @limit`).all({ accountId, currency, network, limit }) as { address: string; payment_id: string | null; network: string | null }[];
  }

  list(filter: TxFilter): TxRow[] {
    const { sql, args } = listQuery(filter, '*');
    // Prepared once per SQL text (the shapes repeat: one per filter combination).
    return cachedStatement(this.db, sql).all(args) as TxRow[];
  }

  /** The same rows as list(), each an array of `columns` in their order: no object per row. */
  listRaw(filter: TxFilter, columns: readonly (keyof TxRow)[]): unknown[][] {
    const { sql, args } = listQuery(filter, columns.join(', '));
    return cachedStatement(this.db, sql, true).all(args) as unknown[][];
  }
}

function listQuery(filter: TxFilter, selected: string): { sql: string; args: Record<string, unknown> } {
  const where: string[] = ['account_id = @accountId'];
  const args: Record<string, unknown> = { accountId: filter.accountId, limit: filter.limit, offset: filter.offset };
  addIn(where, args, 'id', 'txId', filter.txIds);
  addIn(where, args, 'type', 'type', filter.types);
  addIn(where, args, 'subtype', 'subtype', filter.subtypes);
  addIn(where, args, 'status', 'status', filter.statuses);
  addIn(where, args, 'currency', 'currency', filter.currencies);
  addIn(where, args, 'network', 'network', filter.networks);
  if (filter.from !== undefined) { where.push(`${filter.orderBy} >= @from`); args.from = filter.from; }
  if (filter.till !== undefined) { where.push(`${filter.orderBy} <= @till`); args.till = filter.till; }
  if (filter.idFrom !== undefined) { where.push('id >= @idFrom'); args.idFrom = filter.idFrom; }
  if (filter.idTill !== undefined) { where.push('id <= @idTill'); args.idTill = filter.idTill; }
  const order = filter.orderBy === 'id' ? `id ${filter.sort}` : `${filter.orderBy} ${filter.sort}, id ${filter.sort}`;
  return { sql: `SELECT ${selected} FROM transactions WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit OFFSET @offset`, args };
}

function addIn(where: string[], args: Record<string, unknown>, column: string, prefix: string, values: readonly (string | number)[] | undefined): void {
  if (!values || values.length === 0) return;
  const names = values.map((value, i) => {
    args[`${prefix}${i}`] = value;
    return `@${prefix}${i}`;
  });
  where.push(`${column} IN (${names.join(', ')})`);
}
