// The query engine over an in-memory history table: every filter, exact totals against decimal.js
// sums of the same rows, newest-first windows at deep offsets, and the flows buckets.
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { HistoryEntry, HistoryFilter } from '../../../preload/contract/history';
import { createHistoryQuery, insertEntries, type HistoryQuery } from '../../../main/core/history/query';
import { applyHistorySchema } from '../../../main/core/history/schema';
import { historyRows } from '../../support/history-rows';

const ROWS = historyRows(6_000, { seed: 7, stepMs: 7_200_000 });

let db: Database.Database;
let query: HistoryQuery;

beforeAll(() => {
  db = new Database(':memory:');
  applyHistorySchema(db);
  insertEntries(db, ROWS);
  query = createHistoryQuery(db);
});

/** The filter applied in plain TypeScript: the reference the SQL must agree with. */
function matches(entry: HistoryEntry, filter: HistoryFilter): boolean {
  const within = (list: string[] | undefined, value: string | null) => list === undefined || (value !== null && list.includes(value));
  const text = filter.text?.trim().toLowerCase();
  const searched = [entry.address, entry.txId, entry.hash, entry.comment, entry.id].filter((v) => v !== null).map((v) => v.toLowerCase());
  return within(filter.currencies, entry.currency) && within(filter.types, entry.type) && within(filter.subtypes, entry.subtype)
    && within(filter.statuses, entry.status) && within(filter.networks, entry.network)
    && (filter.direction === undefined || entry.direction === filter.direction)
    && (filter.from === undefined || Date.parse(entry.createdAt) >= Date.parse(filter.from))
    && (filter.till === undefined || Date.parse(entry.createdAt) <= Date.parse(filter.till))
    && (!text || searched.some((field) => field.includes(text)));
}

function newestFirst(a: HistoryEntry, b: HistoryEntry): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || Number(BigInt(b.id) - BigInt(a.id));
}

function expectedTotals(rows: readonly HistoryEntry[]) {
  const byCurrency = new Map<string, { count: number; in: Decimal; out: Decimal; fees: Decimal }>();
  for (const row of rows) {
    const sums = byCurrency.get(row.currency) ?? { count: 0, in: new Decimal(0), out: new Decimal(0), fees: new Decimal(0) };
    sums.count += 1;
    if (row.direction === 'in') sums.in = sums.in.plus(row.amount);
    else sums.out = sums.out.plus(row.amount);
    if (row.fee !== null) sums.fees = sums.fees.plus(row.fee);
    byCurrency.set(row.currency, sums);
  }
  return [...byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, s]) => ({
    currency, count: s.count, in: s.in.toFixed(), out: s.out.toFixed(), fees: s.fees.toFixed(), net: s.in.minus(s.out).minus(s.fees).toFixed(),
  }));
}

const mid = ROWS[3_000]?.createdAt ?? '';
const late = ROWS[4_500]?.createdAt ?? '';
const FILTERS: Array<[string, HistoryFilter]> = [
  ['no filter', {}],
  ['one currency', { currencies: ['ETH'] }],
  ['two currencies', { currencies: ['SHIB', 'BTC'] }],
  ['types', { types: ['SWAP'] }],
  ['subtypes', { subtypes: ['BUY_CRYPTO', 'SUB_ACCOUNT'] }],
  ['statuses', { statuses: ['PENDING', 'ROLLED_BACK'] }],
  ['networks', { networks: ['TRX'] }],
  ['direction', { direction: 'out' }],
  ['dates, inclusive on both ends', { from: mid, till: late }],
  ['whole days only', { from: '2024-02-01T00:00:00.000Z', till: '2024-03-01T23:59:59.999Z' }],
  ['a till at midnight (that millisecond counts)', { from: '2024-02-01T00:00:00.000Z', till: '2024-03-02T00:00:00.000Z' }],
  ['part-days at both ends around whole ones', { from: '2024-02-01T13:17:00.000Z', till: '2024-03-01T07:00:00.000Z', statuses: ['SUCCESS'] }],
  ['whole months between part-months and part-days', { from: '2024-02-10T05:00:00.000Z', till: '2024-07-20T18:00:00.000Z' }],
  ['the same with lists', { from: '2024-02-10T05:00:00.000Z', till: '2024-07-20T18:00:00.000Z', statuses: ['SUCCESS', 'FAILED'], networks: ['ETH'], direction: 'in' }],
  ['a range within one day', { from: '2024-02-01T03:00:00.000Z', till: '2024-02-01T21:00:00.000Z' }],
  ['only a from', { from: '2024-06-01T08:00:00.000Z' }],
  ['only a till', { till: '2024-06-01T08:00:00.000Z', currencies: ['BTC'] }],
  ['text and dates', { text: 'e', from: '2024-02-01T13:17:00.000Z', till: '2024-03-01T07:00:00.000Z' }],
  ['text in a comment, any case', { text: 'INVOICE 1' }],
  ['text with LIKE wildcards taken literally', { text: '%' }],
  ['formula text', { text: '=sum(' }],
  ['text with GLOB wildcards taken literally', { text: '*' }],
  ['text with a GLOB class taken literally', { text: '[a' }],
  ['text with a question mark', { text: 'e?' }],
  ['everything at once', { currencies: ['USDT', 'ETH'], types: ['WITHDRAW', 'DEPOSIT'], direction: 'in', from: ROWS[100]?.createdAt, text: 'a' }],
];

describe('history query engine', () => {
  it.each(FILTERS)('summary with %s: count, range and totals equal the decimal.js sums of the matching rows', (_name, filter) => {
    const expected = ROWS.filter((row) => matches(row, filter));
    const summary = query.summary(filter);
    expect(summary.total).toBe(expected.length);
    expect(summary.totals).toEqual(expectedTotals(expected));
    const times = expected.map((row) => Date.parse(row.createdAt));
    expect(summary.oldestAt).toBe(times.length === 0 ? null : new Date(Math.min(...times)).toISOString());
    expect(summary.newestAt).toBe(times.length === 0 ? null : new Date(Math.max(...times)).toISOString());
    expect(query.count(filter)).toBe(expected.length);
  });

  it('the date bounds are inclusive: a filter from and till one row\'s time finds that row', () => {
    const row = ROWS[1234] as HistoryEntry;
    const found = query.rows({ filter: { from: row.createdAt, till: row.createdAt }, offset: 0, limit: 10 });
    expect(found.rows.map((r) => r.id)).toContain(row.id);
  });

  it('18-decimal amounts sum exactly, and amounts too long for the integer parts are added exactly too', () => {
    const local = new Database(':memory:');
    applyHistorySchema(local);
    const base = ROWS.find((row) => row.currency === 'ETH' && row.direction === 'in' && row.fee === null) as HistoryEntry;
    const amounts = ['0.000000000000000001', '123456789.123456789123456789', '999999999999.999999999999999999', '1234567890123456.5', '-0.25'];
    insertEntries(local, amounts.map((amount, i) => ({ ...base, id: String(i + 1), amount, fee: i === 1 ? '0.1000000000000000000001' : null })));
    const [eth] = createHistoryQuery(local).summary({}).totals;
    const sum = amounts.reduce((a, b) => a.plus(b), new Decimal(0));
    expect(eth).toEqual({ currency: 'ETH', count: 5, in: sum.toFixed(), out: '0', fees: '0.1000000000000000000001', net: sum.minus('0.1000000000000000000001').toFixed() });
    local.close();
  });

  it('windows come newest first (ties: higher id first), the same at shallow and deep offsets', () => {
    const expected = [...ROWS].sort(newestFirst).map((row) => row.id);
    for (const offset of [0, 100, 2_500, 5_950]) {
      const window = query.rows({ filter: {}, offset, limit: 100 });
      expect(window.total).toBe(ROWS.length);
      expect(window.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + 100));
    }
    expect(query.rows({ filter: {}, offset: 6_000, limit: 100 }).rows).toEqual([]);
  });

  it('a filtered deep window holds the right rows, and rows come back as they were stored', () => {
    const filter: HistoryFilter = { direction: 'in', currencies: ['ETH', 'USDT', 'BTC', 'XRP'] };
    const expected = ROWS.filter((row) => matches(row, filter)).sort(newestFirst);
    const offset = expected.length - 150;
    const window = query.rows({ filter, offset, limit: 100 });
    expect(window.total).toBe(expected.length);
    expect(window.rows).toEqual(expected.slice(offset, offset + 100));
  });

  it.each([
    ['a status and dates with part-days at both ends', { statuses: ['SUCCESS'], from: '2024-01-05T13:00:00.000Z', till: '2025-03-01T07:30:00.000Z' }],
    ['a text', { text: 'a' }],
    ['currencies and dates', { currencies: ['USDT', 'BTC', 'ETH', 'XRP'], from: '2024-01-05T13:00:00.000Z' }],
  ] as Array<[string, HistoryFilter]>)('deep windows with %s hold the right rows at every offset', (_name, filter) => {
    const expected = ROWS.filter((row) => matches(row, filter)).sort(newestFirst).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(2_400);
    for (const offset of [2_001, 2_345, expected.length - 130, expected.length - 1]) {
      const window = query.rows({ filter, offset, limit: 120 });
      expect(window.total).toBe(expected.length);
      expect(window.rows.map((row) => row.id)).toEqual(expected.slice(offset, offset + 120));
    }
  });

  it('a write is seen by the next window, summary and chart (caches follow the table)', () => {
    const local = new Database(':memory:');
    applyHistorySchema(local);
    insertEntries(local, ROWS.slice(0, 3_000));
    const engine = createHistoryQuery(local);
    expect(engine.rows({ filter: {}, offset: 2_900, limit: 500 }).total).toBe(3_000);
    expect(engine.summary({}).facets.currencies).not.toContain('DOGE');
    const chartCurrencies = () => engine.flows({}).series.map((series) => series.currency);
    expect(chartCurrencies()).not.toContain('DOGE');
    insertEntries(local, [{ ...(ROWS[0] as HistoryEntry), id: '1', currency: 'DOGE', createdAt: '2000-01-01T00:00:00.000Z' }]);
    expect(chartCurrencies()).toContain('DOGE');
    const window = engine.rows({ filter: {}, offset: 2_900, limit: 500 });
    expect(window.total).toBe(3_001);
    expect(window.rows.at(-1)?.id).toBe('1');
    expect(engine.summary({}).facets.currencies).toContain('DOGE');
    local.close();
  });

  it('iterate yields every matching row oldest first', () => {
    const filter: HistoryFilter = { types: ['SWAP'] };
    const expected = ROWS.filter((row) => matches(row, filter)).sort((a, b) => -newestFirst(a, b)).map((row) => row.id);
    expect(Array.from(query.iterate(filter), (row) => row.id)).toEqual(expected);
  });

  it('facets list every value each filter can take in the whole store', () => {
    const facets = query.summary({ currencies: ['BTC'] }).facets;
    const distinct = (pick: (row: HistoryEntry) => string | null) =>
      [...new Set(ROWS.map(pick).filter((v): v is string => v !== null))].sort();
    expect(facets).toEqual({
      currencies: distinct((r) => r.currency), types: distinct((r) => r.type), subtypes: distinct((r) => r.subtype),
      statuses: distinct((r) => r.status), networks: distinct((r) => r.network),
    });
  });

  it('an upsert replaces the row with the same id instead of adding one', () => {
    const local = new Database(':memory:');
    applyHistorySchema(local);
    const row = ROWS[10] as HistoryEntry;
    insertEntries(local, [row]);
    insertEntries(local, [{ ...row, status: 'SUCCESS', amount: '7.5' }]);
    const engine = createHistoryQuery(local);
    expect(engine.rows({ filter: {}, offset: 0, limit: 10 }).rows).toEqual([{ ...row, status: 'SUCCESS', amount: '7.5' }]);
    local.close();
  });

  it('the sums follow an upsert: the old values leave the totals and the facets, the new ones enter', () => {
    const local = new Database(':memory:');
    applyHistorySchema(local);
    const first = { ...(ROWS[10] as HistoryEntry), currency: 'DOGE', status: 'PENDING', amount: '5.25', fee: '0.5', direction: 'out' as const };
    const other = { ...(ROWS[11] as HistoryEntry), currency: 'BTC', amount: '1', fee: null, direction: 'in' as const };
    insertEntries(local, [first, other]);
    // The same id twice in one batch: the last one wins, as two upserts in a row would.
    const later = new Date(Date.parse(first.updatedAt) + 1_000).toISOString();
    insertEntries(local, [{ ...first, currency: 'BTC', status: 'SUCCESS', amount: '9', updatedAt: later }, { ...first, currency: 'BTC', status: 'SUCCESS', amount: '2.5', updatedAt: later }]);
    // An older state read late (a page fetched before a live update) does not undo the newer one.
    expect(insertEntries(local, [{ ...first, status: 'PENDING', amount: '100' }])).toBe(0);
    const summary = createHistoryQuery(local).summary({});
    expect(summary.total).toBe(2);
    expect(summary.totals).toEqual([{ currency: 'BTC', count: 2, in: '1', out: '2.5', fees: '0.5', net: '-2' }]);
    expect(summary.facets.currencies).toEqual(['BTC']);
    expect(summary.facets.statuses).toEqual([...new Set([other.status, 'SUCCESS'])].sort());
    local.close();
  });

  it('a bad entry is refused naming its field, and nothing of its batch is written', () => {
    const local = new Database(':memory:');
    applyHistorySchema(local);
    const rows = ROWS.slice(0, 3);
    expect(() => insertEntries(local, [...rows, { ...(ROWS[3] as HistoryEntry), amount: '1e5' }])).toThrow(/amount of history entry/);
    expect(() => insertEntries(local, [{ ...(ROWS[3] as HistoryEntry), createdAt: 'yesterday' }])).toThrow(/createdAt/);
    expect(() => insertEntries(local, [{ ...(ROWS[3] as HistoryEntry), id: ' ' }])).toThrow(/id of a history entry is empty/);
    expect(createHistoryQuery(local).count({})).toBe(0);
    local.close();
  });

  it('keeps entries whose ids are not numbers (version 2 UUIDs) each under a key of its own, the same on every write', () => {
    const local = new Database(':memory:');
    applyHistorySchema(local);
    const uuid = (n: number) => `6f1e2b7c-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const [a, b, c] = [ROWS[0], ROWS[1], ROWS[2]] as HistoryEntry[];
    insertEntries(local, [{ ...a!, id: uuid(1) }, { ...b!, id: uuid(2) }, c!]);
    // The same id again, updated: replaced, not added; a numeric id beside them is untouched.
    insertEntries(local, [{ ...a!, id: uuid(1), status: 'FAILED', updatedAt: '2099-01-01T00:00:00.000Z' }]);
    const query = createHistoryQuery(local);
    expect(query.count({})).toBe(3);
    const page = query.rows({ filter: {}, offset: 0, limit: 10 }).rows.map((entry) => [entry.id, entry.status]);
    expect(page).toContainEqual([uuid(1), 'FAILED']);
    expect(page).toContainEqual([uuid(2), b!.status]);
    expect(page).toContainEqual([c!.id, c!.status]);
    local.close();
  });
});

describe('history flows', () => {
  it('buckets by day for a short range, with every day of the range and in/out per currency summed exactly', () => {
    const filter: HistoryFilter = { from: ROWS[0]?.createdAt, till: ROWS[500]?.createdAt };
    const flows = query.flows(filter);
    expect(flows.bucket).toBe('day');
    const expected = ROWS.filter((row) => matches(row, filter));
    for (const series of flows.series) {
      const rows = expected.filter((row) => row.currency === series.currency);
      const sum = (direction: string) => rows.filter((r) => r.direction === direction).reduce((a, r) => a.plus(r.amount), new Decimal(0));
      expect(series.points.reduce((a, p) => a.plus(p.in), new Decimal(0)).toFixed()).toBe(sum('in').toFixed());
      expect(series.points.reduce((a, p) => a.plus(p.out), new Decimal(0)).toFixed()).toBe(sum('out').toFixed());
      const days = series.points.map((p) => Date.parse(p.at));
      expect(days.every((at, i) => i === 0 || at - (days[i - 1] ?? 0) === 86_400_000)).toBe(true);
    }
    expect(flows.series.map((s) => s.currency)).toEqual([...new Set(expected.map((r) => r.currency))].sort());
  });

  it('chooses weeks (from Monday) and then months as the range grows, never far beyond 120 buckets', () => {
    const span = (Date.parse(ROWS.at(-1)?.createdAt ?? '') - Date.parse(ROWS[0]?.createdAt ?? '')) / 86_400_000;
    expect(span).toBeGreaterThan(120);
    const weeks = query.flows({});
    expect(weeks.bucket).toBe(span <= 119 * 7 ? 'week' : 'month');
    const first = new Date(weeks.series[0]?.points[0]?.at ?? '');
    expect(first.getUTCDay()).toBe(weeks.bucket === 'week' ? 1 : first.getUTCDay());
    expect(weeks.series[0]?.points.length).toBeLessThanOrEqual(121);
    const local = new Database(':memory:');
    applyHistorySchema(local);
    const base = ROWS[0] as HistoryEntry;
    insertEntries(local, ['2019-03-17T12:00:00Z', '2024-12-31T23:59:59Z'].map((createdAt, i) => ({ ...base, id: String(i + 1), createdAt })));
    const months = createHistoryQuery(local).flows({});
    expect(months.bucket).toBe('month');
    expect(months.series[0]?.points[0]?.at).toBe('2019-03-01T00:00:00.000Z');
    expect(months.series[0]?.points.at(-1)?.at).toBe('2024-12-01T00:00:00.000Z');
    expect(months.series[0]?.points).toHaveLength(70);
    local.close();
  });

  it('an empty result has no series', () => {
    expect(query.flows({ currencies: ['NONE'] })).toEqual({ bucket: 'day', series: [] });
  });
});
