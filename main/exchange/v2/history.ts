// Version 2 transaction history. Version 2 lists by creation time (by=timestamp) or by `index`
// (by=index: a number that grows each time a record is updated), filters by one currency only,
// and caps offsets at 100 000; so every walk here is a cursor on one of those two orders, with
// the other filters (types, subtypes, statuses, several currencies) applied to what comes back.
//
// The history interface speaks of ids as cursors (calls/history.ts). Version 2's ids are UUIDs,
// which order nothing, so:
//   newestTransactionId()      the newest INDEX, as decimal text;
//   transactions({ idFrom })   every record whose index ≥ idFrom, in index order: a record updated
//                              after the cursor was taken is in, which is what a cursor taken
//                              before a money move is for;
//   transactionsAfterId(id)    walks by index from the first record updated since that record was
//                              created (its own index may have moved on since it was stored);
//   transactionsUpdatedSince   walks by index from the first record updated at/after the time.
// A record updated during a walk moves ahead of the cursor and is met again in its new state.
import type { HistoryCalls } from '../calls/history';
import type { RecentFilter, Transaction, TransactionFilter } from '../domain';
import type { QueryValue } from '../encoding';
import { inputError } from '../errors';
import { asArray } from '../json';
import { walkByTime } from '../paging';
import type { ServiceCalls } from '../service-calls';
import { requireCode, requireText } from '../validate';
import { parseTransactionV2, type TransactionV2 } from './transactions';

const PATH = '/api/2/account/transactions';
const PAGE_SIZE = 1_000;
const MAX_LIMIT = 1_000;

type Query = Record<string, QueryValue>;

async function listOf(calls: ServiceCalls, query: Query): Promise<TransactionV2[]> {
  return asArray(await calls.read(PATH, query), 'transactions').map(parseTransactionV2);
}

/** The currency the service can filter on (exactly one asked for); several are filtered here. */
function serverQuery(filter: RecentFilter): Query {
  const currencies = filter.currencies?.map((code) => requireCode(code, 'currencies'));
  return { currency: currencies?.length === 1 ? currencies[0] : undefined };
}

/** What the service cannot filter on, checked on each record. */
function localMatch(filter: RecentFilter): ((tx: Transaction) => boolean) | undefined {
  const currencies = filter.currencies !== undefined && filter.currencies.length > 1 ? new Set(filter.currencies.map((c) => c.toUpperCase())) : undefined;
  const sets = [
    [currencies, (tx: Transaction) => tx.currency],
    [filter.types === undefined ? undefined : new Set(filter.types), (tx: Transaction) => tx.type],
    [filter.subtypes === undefined ? undefined : new Set(filter.subtypes), (tx: Transaction) => tx.subtype],
    [filter.statuses === undefined ? undefined : new Set(filter.statuses), (tx: Transaction) => tx.status],
  ] as const;
  const active = sets.filter(([set]) => set !== undefined);
  if (active.length === 0) return undefined;
  return (tx) => active.every(([set, field]) => set?.has(field(tx)) === true);
}

/** Ascending index from `firstFrom` (inclusive); records sharing an index are told apart by id. */
function walkByIndex(calls: ServiceCalls, base: Query, firstFrom: string | undefined): AsyncIterable<TransactionV2> {
  return walkByTime(
    (from, limit) => listOf(calls, { ...base, by: 'index', sort: 'ASC', from, limit }),
    (record) => record.index, (record) => record.transaction.id, firstFrom, PAGE_SIZE,
  );
}

/** Ascending creation time: a cursor that never moves under a record, whatever happens to it. */
function walkByCreation(calls: ServiceCalls, base: Query, from: string | undefined, till: string | undefined): AsyncIterable<TransactionV2> {
  return walkByTime(
    (since, limit) => listOf(calls, { ...base, by: 'timestamp', sort: 'ASC', from: since, till, limit }),
    (record) => record.transaction.createdAt, (record) => record.transaction.id, from, PAGE_SIZE,
  );
}

async function* select(records: AsyncIterable<TransactionV2>, keep: (tx: Transaction) => boolean = () => true): AsyncGenerator<Transaction> {
  for await (const record of records) if (keep(record.transaction)) yield record.transaction;
}

function requireIndex(value: string, field: string): string {
  const text = requireText(value, field);
  if (!/^\d{1,30}$/.test(text)) throw inputError(field, 'must be a whole number (an index of version 2)');
  return text;
}

function requireTime(value: string, field: string): string {
  const text = requireText(value, field);
  if (Number.isNaN(Date.parse(text))) throw inputError(field, 'must be an ISO time');
  return text;
}

function walkTransactions(calls: ServiceCalls, filter: TransactionFilter = {}): AsyncIterable<Transaction> {
  const base = serverQuery(filter);
  const keep = localMatch(filter);
  if (filter.idFrom !== undefined) return select(walkByIndex(calls, base, requireIndex(filter.idFrom, 'idFrom')), keep);
  const from = filter.from === undefined ? undefined : requireTime(filter.from, 'from');
  const till = filter.till === undefined ? undefined : requireTime(filter.till, 'till');
  return select(walkByCreation(calls, base, from, till), keep);
}

const newest = async (calls: ServiceCalls): Promise<TransactionV2 | undefined> =>
  (await listOf(calls, { by: 'index', sort: 'DESC', limit: 1 }))[0];

const MAX_OFFSET = 100_000;

const updatedSinceMs = (sinceMs: number) => (record: TransactionV2) => Date.parse(record.transaction.updatedAt) >= sinceMs;

/** Newest first among the records at or below index `till`: later updates land above it and shift nothing. */
const newestFirst = (calls: ServiceCalls, till: string | undefined, offset: number, limit: number) =>
  listOf(calls, { by: 'index', sort: 'DESC', till, offset: offset === 0 ? undefined : offset, limit });

/** The index of the last record of `page` (newest first) updated since, before the first that is not. */
function lastSince(page: readonly TransactionV2[], since: (record: TransactionV2) => boolean): string | undefined {
  let found: string | undefined;
  for (const record of page) {
    if (!since(record)) break;
    found = record.index;
  }
  return found;
}

/**
 * The lowest index among records updated at/after `sinceMs` (undefined when none was). The newest
 * page first: a catch-up's changes are nearly always in it. Further back, one record at a time at
 * doubling offsets below the newest page, then halving the gap down to a page: tens of requests
 * for a point a hundred thousand records back, where reading down to it would take a hundred.
 */
async function firstIndexUpdatedSince(calls: ServiceCalls, sinceMs: number): Promise<string | undefined> {
  const since = updatedSinceMs(sinceMs);
  const first = await newestFirst(calls, undefined, 0, PAGE_SIZE);
  const inFirst = lastSince(first, since);
  if (first.length < PAGE_SIZE || inFirst === undefined || !first.every(since)) return inFirst;
  let till = inFirst;
  for (;;) {
    let good = 0;
    let goodIndex = till;
    let bad: number | undefined;
    for (let offset = PAGE_SIZE; bad === undefined && good < MAX_OFFSET; offset = Math.min(offset * 2, MAX_OFFSET)) {
      const [record] = await newestFirst(calls, till, offset, 1);
      if (record === undefined || !since(record)) bad = offset;
      else [good, goodIndex] = [offset, record.index];
    }
    if (bad === undefined) {
      // A hundred thousand records updated since: the search starts again below the last one seen.
      if (goodIndex === till) throw new Error(`more than ${MAX_OFFSET} records share one index: the index cursor cannot advance`);
      till = goodIndex;
      continue;
    }
    while (bad - good > PAGE_SIZE) {
      const middle = Math.floor((good + bad) / 2);
      const [record] = await newestFirst(calls, till, middle, 1);
      if (record !== undefined && since(record)) [good, goodIndex] = [middle, record.index];
      else bad = middle;
    }
    return lastSince(await newestFirst(calls, till, good, bad - good), since) ?? goodIndex;
  }
}

async function* updatedSince(calls: ServiceCalls, from: string): AsyncGenerator<Transaction> {
  const sinceMs = Date.parse(requireTime(from, 'from'));
  const start = await firstIndexUpdatedSince(calls, sinceMs);
  if (start === undefined) return;
  yield* select(walkByIndex(calls, {}, start), (tx) => Date.parse(tx.updatedAt) >= sinceMs);
}

const transactionPath = (transactionId: string) => `${PATH}/${encodeURIComponent(requireText(transactionId, 'id'))}`;

/**
 * The stored record may have been updated since it was stored: its index then moved past records
 * not read yet. Those were all updated after it was created, so the walk starts at the first
 * record updated since then (records stored already come again; the stored one itself does not,
 * and a change to it is read by the next catch-up, being newer than where that starts).
 */
async function* afterId(calls: ServiceCalls, lastId: string | undefined): AsyncGenerator<Transaction> {
  let start: string | undefined;
  if (lastId !== undefined) {
    const stored = parseTransactionV2(await calls.read(transactionPath(lastId)));
    start = await firstIndexUpdatedSince(calls, Date.parse(stored.transaction.createdAt)) ?? stored.index;
  }
  yield* select(walkByIndex(calls, {}, start), (tx) => tx.id !== lastId);
}

export const historyCallsV2 = (calls: ServiceCalls) => ({
  transactions: (filter) => walkTransactions(calls, filter),

  transaction: async (transactionId) => parseTransactionV2(await calls.read(transactionPath(transactionId))).transaction,

  /**
   * One request, newest created first. Filters the service lacks are applied to the newest
   * thousand records, so fewer than `limit` come back when the matches are older than those.
   */
  recentTransactions: async (filter: RecentFilter, limit: number) => {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw inputError('limit', `must be a whole number from 1 to ${MAX_LIMIT}`);
    const keep = localMatch(filter);
    const page = await listOf(calls, { ...serverQuery(filter), by: 'timestamp', sort: 'DESC', limit: keep === undefined ? limit : MAX_LIMIT });
    const transactions = page.map((record) => record.transaction);
    return (keep === undefined ? transactions : transactions.filter(keep)).slice(0, limit);
  },

  transactionsAfterId: (lastId) => afterId(calls, lastId),

  transactionsUpdatedSince: (from) => updatedSince(calls, from),

  lastUpdatedTransaction: async () => (await newest(calls))?.transaction ?? null,

  newestTransactionId: async () => (await newest(calls))?.index ?? null,
}) satisfies HistoryCalls;
