// GET /api/3/wallet/transactions (every filter of SUPPLEMENT.md §3) and /transactions/{id}.
import type { SandboxContext } from '../context';
import { TX_ORDER_BY, TX_STATUSES, TX_SUBTYPES, TX_TYPES, type TxFilter } from '../db/transactions';
import { validationError } from '../http/errors';
import { ParamReader, parseTime } from '../http/params';
import { EncodedJson, type RouteRegistry } from '../http/route';
import { callerId } from './access';
import { TX_PAGE_COLUMNS, transactionsJson } from './transaction-json';
import { toTransactionRecord, type TransactionRecord } from './transaction-record';
import { transactionNotFound } from './withdraw';

export const MAX_LIMIT = 1000;
export const MAX_OFFSET = 100_000;

export function registerTransactionRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/3/wallet/transactions', 'PAY', (r) => transactionsPage(ctx, callerId(r), ParamReader.of(r)));
  routes.add('GET', '/api/3/wallet/transactions/:id', 'PAY', (r) => {
    const id = r.params.id ?? '';
    const row = /^\d+$/.test(id) ? ctx.transactions.get(Number.parseInt(id, 10)) : undefined;
    if (!row || row.account_id !== callerId(r)) throw transactionNotFound(id);
    return toTransactionRecord(row);
  });
}

export function listTransactions(ctx: SandboxContext, accountId: number, p: ParamReader): TransactionRecord[] {
  return ctx.transactions.list(readFilter(accountId, p)).map(toTransactionRecord);
}

/** The REST page: the same records as listTransactions, written as JSON from rows read as arrays. */
export function transactionsPage(ctx: SandboxContext, accountId: number, p: ParamReader): EncodedJson {
  return new EncodedJson(transactionsJson(ctx.transactions.listRaw(readFilter(accountId, p), TX_PAGE_COLUMNS)));
}

export function readFilter(accountId: number, p: ParamReader): TxFilter {
  const orderBy = p.oneOf('order_by', TX_ORDER_BY, 'created_at');
  p.bool('group_transactions', false); // accepted; the sandbox never splits a transaction in parts
  return {
    accountId,
    txIds: integers(p, 'tx_ids'),
    types: members(p, 'types', TX_TYPES),
    subtypes: members(p, 'subtypes', TX_SUBTYPES),
    statuses: members(p, 'statuses', TX_STATUSES),
    currencies: p.list('currencies')?.map((c) => c.toUpperCase()),
    networks: p.list('networks')?.map((n) => n.toUpperCase()),
    orderBy,
    sort: p.oneOf('sort', ['ASC', 'DESC'] as const, 'DESC'),
    from: bound(p, 'from', orderBy === 'id'),
    till: bound(p, 'till', orderBy === 'id'),
    idFrom: p.optionalInt('id_from', 0, Number.MAX_SAFE_INTEGER),
    idTill: p.optionalInt('id_till', 0, Number.MAX_SAFE_INTEGER),
    limit: p.int('limit', 100, 1, MAX_LIMIT),
    offset: p.int('offset', 0, 0, MAX_OFFSET),
  };
}

/** from/till follow order_by: ids when ordering by id, otherwise date-times (ISO or ms). */
function bound(p: ParamReader, name: string, byId: boolean): number | undefined {
  if (byId) return p.optionalInt(name, 0, Number.MAX_SAFE_INTEGER);
  const text = p.text(name);
  return text === undefined ? undefined : parseTime(name, text);
}

function integers(p: ParamReader, name: string): number[] | undefined {
  return p.list(name)?.map((value) => {
    if (!/^\d+$/.test(value)) throw validationError(name, `${value} is not a transaction id`);
    return Number.parseInt(value, 10);
  });
}

function members(p: ParamReader, name: string, allowed: readonly string[]): string[] | undefined {
  return p.list(name)?.map((value) => {
    const upper = value.toUpperCase();
    if (!allowed.includes(upper)) throw validationError(name, `${value} is not one of ${allowed.join(', ')}`);
    return upper;
  });
}
