// The bulk load of a new database (review) against insertEntries, the store's writer: the same
// rows loaded both ways must give the same sums tables, row for row, and the same answers to
// every query the History page asks.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, HistoryFilter } from '../../../preload/contract/history';
import { bulkLoader } from '../../../main/core/history/bulk-load';
import { createHistoryQuery, insertEntries, type HistoryQuery } from '../../../main/core/history/query';
import { applyHistorySchema, DAILY_CURRENCY_TABLE, DAILY_TABLE, MONTHLY_TABLE, PLAIN_SEARCH_TABLE, SEARCH_TABLE } from '../../../main/core/history/schema';
import { historyRows } from '../../support/history-rows';

const GENERATED = historyRows(5_000, { seed: 11, stepMs: 5_400_000 });
// Rows the generator does not make: amounts and fees too long for the integer parts, no network,
// a negative amount, and an empty network next to a missing one (both the '' key of the sums).
const base = GENERATED[100] as HistoryEntry;
const UNUSUAL: HistoryEntry[] = [
  { ...base, id: '9000000001', amount: '1.0000000000000000000001', fee: '0.1234567890123456789012', network: null },
  { ...base, id: '9000000002', amount: '1234567890123', fee: null, network: '' },
  { ...base, id: '9000000003', amount: '-0.5', fee: '0', network: null, currency: 'DOGE' },
];
const ROWS = [...GENERATED, ...UNUSUAL];

let stored: Database.Database;
let bulk: Database.Database;
let storedQuery: HistoryQuery;
let bulkQuery: HistoryQuery;

beforeAll(() => {
  stored = new Database(':memory:');
  applyHistorySchema(stored);
  for (let start = 0; start < ROWS.length; start += 700) insertEntries(stored, ROWS.slice(start, start + 700));
  bulk = new Database(':memory:');
  const loader = bulkLoader(bulk);
  for (let start = 0; start < ROWS.length; start += 700) loader.add(ROWS.slice(start, start + 700));
  expect(loader.finish()).toBe(ROWS.length);
  storedQuery = createHistoryQuery(stored);
  bulkQuery = createHistoryQuery(bulk);
});

afterAll(() => {
  stored.close();
  bulk.close();
});

const at = (index: number) => (GENERATED[index] as HistoryEntry).createdAt;
const FILTERS: Array<[string, HistoryFilter]> = [
  ['no filter', {}],
  ['one currency', { currencies: ['ETH'] }],
  ['currency and direction', { currencies: ['BTC', 'DOGE'], direction: 'out' }],
  ['type and status', { types: ['WITHDRAW'], statuses: ['SUCCESS', 'FAILED'] }],
  ['network', { networks: ['ETH'] }],
  ['a time range inside months', { from: at(1_234), till: at(3_456) }],
  ['a range with lists', { from: at(200), till: at(4_000), currencies: ['USDT'], subtypes: ['BLOCKCHAIN'] }],
  ['text', { text: 'a' }],
  ['a text the index finds', { text: 'invoice' }],
];

describe('history bulk load', () => {
  it('builds every sums table exactly as insertEntries keeps it, and keeps the same searched texts', () => {
    for (const table of [DAILY_TABLE, MONTHLY_TABLE, DAILY_CURRENCY_TABLE]) {
      const key = (stored.pragma(`table_info(${table})`) as Array<{ name: string; pk: number }>).filter((column) => column.pk > 0).map((column) => column.name);
      const all = (db: Database.Database) => db.prepare(`SELECT * FROM ${table} ORDER BY ${key.join(', ')}`).safeIntegers(true).all();
      const expected = all(stored);
      expect(expected.length, table).toBeGreaterThan(0);
      expect(all(bulk), table).toEqual(expected);
    }
    // The same searched texts: the store's in its index, the loaded database's in a plain table.
    const texts = stored.prepare(`SELECT rowid AS rid, search FROM ${SEARCH_TABLE} ORDER BY rowid`).all();
    expect(texts.length).toBeGreaterThan(0);
    expect(bulk.prepare(`SELECT rid, search FROM ${PLAIN_SEARCH_TABLE} ORDER BY rid`).all()).toEqual(texts);
  });

  it('gives the same indexes as the schema', () => {
    const indexes = (db: Database.Database) => db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all();
    expect(indexes(bulk)).toEqual(indexes(stored));
  });

  it.each(FILTERS)('answers the summary and the flows like the store: %s', (_name, filter) => {
    const summary = storedQuery.summary(filter);
    expect(summary.total).toBeGreaterThan(0);
    expect(bulkQuery.summary(filter)).toEqual(summary);
    expect(bulkQuery.flows(filter)).toEqual(storedQuery.flows(filter));
  });

  it.each(FILTERS)('gives the same windows of rows, near the top and deep: %s', (_name, filter) => {
    const total = storedQuery.rows({ filter, offset: 0, limit: 1 }).total;
    for (const offset of [0, Math.floor(total / 2), Math.max(0, total - 30)]) {
      const request = { filter, offset, limit: 50 };
      expect(bulkQuery.rows(request)).toEqual(storedQuery.rows(request));
    }
    expect([...bulkQuery.iterate(filter)]).toEqual([...storedQuery.iterate(filter)]);
  });

  it('fills a new database only', () => {
    const local = new Database(':memory:');
    applyHistorySchema(local);
    expect(() => bulkLoader(local)).toThrow(/new database only/);
    local.close();
  });

  it('refuses an id given twice and a bad entry, naming the id and the field', () => {
    const local = new Database(':memory:');
    const loader = bulkLoader(local);
    expect(() => loader.add([ROWS[0] as HistoryEntry, ROWS[1] as HistoryEntry, ROWS[0] as HistoryEntry])).toThrow(`id of history entry ${(ROWS[0] as HistoryEntry).id} appears more than once`);
    expect(() => loader.add([{ ...(ROWS[2] as HistoryEntry), amount: '1e5' }])).toThrow(/amount of history entry/);
    expect(() => loader.add([{ ...(ROWS[2] as HistoryEntry), id: 'tx-7' }, { ...(ROWS[3] as HistoryEntry), id: 'tx-7' }])).toThrow('id of history entry tx-7 appears more than once');
    local.close();
  });

  it('names a repeated id inside a large batch and across batches, keeping the rows before it', () => {
    const local = new Database(':memory:');
    const loader = bulkLoader(local);
    const first = GENERATED.slice(0, 300);
    const repeat = GENERATED[150] as HistoryEntry;
    expect(loader.add(first)).toBe(first.length);
    expect(() => loader.add([...GENERATED.slice(300, 500), repeat, ...GENERATED.slice(500, 700)])).toThrow(`id of history entry ${repeat.id} appears more than once`);
    const inside = GENERATED[1_000] as HistoryEntry;
    expect(() => loader.add([...GENERATED.slice(900, 1_100), { ...inside, amount: '2' }])).toThrow(`id of history entry ${inside.id} appears more than once`);
    // The rows before each repeat are kept, as one-by-one writing keeps them.
    const count = (table: string) => local.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
    expect(count('history_entries')).toBe(300 + 200 + 200);
    expect(count(PLAIN_SEARCH_TABLE)).toBe(300 + 200 + 200);
    local.close();
  });
});
