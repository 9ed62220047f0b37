// Version 3 transaction history, walked by cursor so every transaction comes exactly once.
import type { HistoryCalls } from '../calls/history';
import type { RecentFilter, Transaction, TransactionFilter } from '../domain';
import { inputError } from '../errors';
import { asArray } from '../json';
import { walkById, walkByIdPipelined, walkByTime } from '../paging';
import { requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseTransaction } from './records';

const PAGE_SIZE = 1_000;
/** The most one list request returns. */
const MAX_LIMIT = 1_000;

/** Id cursor for the whole history; created_at cursor when a time range is asked for. */
function walkTransactions(calls: V3Calls, filter: TransactionFilter = {}): AsyncIterable<Transaction> {
  const base = {
    currencies: filter.currencies, types: filter.types, subtypes: filter.subtypes, statuses: filter.statuses, sort: 'ASC',
  };
  const fetchList = async (query: Record<string, string | number | readonly string[] | undefined>) =>
    asArray(await calls.read('/api/3/wallet/transactions', { ...base, ...query }), 'transactions').map(parseTransaction);
  if (filter.idFrom !== undefined) {
    return walkById((idFrom, limit) => fetchList({ order_by: 'id', id_from: idFrom, limit }), (tx) => tx.id, PAGE_SIZE, filter.idFrom);
  }
  if (filter.from === undefined && filter.till === undefined) {
    // Statuses change while we read, which would shift offsets: walk strictly by cursor then.
    if (filter.statuses !== undefined) {
      return walkById((idFrom, limit) => fetchList({ order_by: 'id', id_from: idFrom, limit }), (tx) => tx.id, PAGE_SIZE);
    }
    return walkByIdPipelined(
      (idFrom, offset, limit) => fetchList({ order_by: 'id', id_from: idFrom, offset, limit }),
      (tx) => tx.id, { pageSize: PAGE_SIZE },
    );
  }
  return walkByTime(
    (from, limit) => fetchList({ order_by: 'created_at', from, till: filter.till, limit }),
    (tx) => tx.createdAt, (tx) => tx.id, filter.from, PAGE_SIZE,
  );
}

const listOf = async (calls: V3Calls, query: Record<string, string | number | undefined>) =>
  asArray(await calls.read('/api/3/wallet/transactions', query), 'transactions').map(parseTransaction);

export const historyCallsV3 = (calls: V3Calls) => ({
  transactions: (filter) => walkTransactions(calls, filter),

  transaction: async (transactionId) =>
    parseTransaction(await calls.read(`/api/3/wallet/transactions/${encodeURIComponent(requireText(transactionId, 'id'))}`)),

  recentTransactions: async (filter: RecentFilter, limit: number) => {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw inputError('limit', `must be a whole number from 1 to ${MAX_LIMIT}`);
    const query = {
      currencies: filter.currencies, types: filter.types, subtypes: filter.subtypes, statuses: filter.statuses,
      order_by: 'created_at', sort: 'DESC', limit,
    };
    return asArray(await calls.read('/api/3/wallet/transactions', query), 'transactions').map(parseTransaction);
  },

  transactionsAfterId: (afterId) => {
    const firstFrom = afterId === undefined ? undefined : (BigInt(requireText(afterId, 'afterId')) + 1n).toString();
    return walkByIdPipelined(
      (idFrom, offset, limit) => listOf(calls, { order_by: 'id', sort: 'ASC', id_from: idFrom, offset, limit }),
      // Three in flight keep the rate limit busy (each one in flight past the last page is a wasted
      // request, and more only queue at the service: a slot counts from its reply, so a longer
      // wait for it costs the read that time once a window).
      (tx) => tx.id, { pageSize: PAGE_SIZE, firstFrom, concurrency: 3, anchorPages: 90 },
    );
  },

  transactionsUpdatedSince: (from) =>
    walkByTime(
      (since, limit) => listOf(calls, { order_by: 'updated_at', sort: 'ASC', from: since, limit }),
      (tx) => tx.updatedAt, (tx) => tx.id, requireText(from, 'from'), PAGE_SIZE,
    ),

  lastUpdatedTransaction: async () => (await listOf(calls, { order_by: 'updated_at', sort: 'DESC', limit: 1 }))[0] ?? null,

  newestTransactionId: async () => {
    const list = asArray(await calls.read('/api/3/wallet/transactions', { order_by: 'id', sort: 'DESC', limit: 1 }), 'transactions');
    return list.length === 0 ? null : parseTransaction(list[0]).id;
  },
}) satisfies HistoryCalls;
