// A history read whole through version 2 walks by index with from=<the last index seen>, never
// by offset, so it has no 100 000 ceiling: every record of a seeded history comes exactly once,
// as many as version 3 counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/exchange/log';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientForV2, collect, startFixture, v3ClientFor, type Fixture } from './v2-fixture';

const SEEDED = 2_500;
let fixture: Fixture;
let v2: TreasuryApi;
let v3: TreasuryApi;
/** The query of every transaction list the version 2 client sent. */
const listQueries: string[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  await fixture.control('POST', '/sandbox/seed-transactions', { count: SEEDED });
  const logger = createLogger((_level, message, fields) => {
    if (message === 'request' && fields.path === '/api/2/account/transactions') listQueries.push(String(fields.query));
  }, 'debug');
  v2 = clientForV2(fixture, { logger }).api;
  v3 = v3ClientFor(fixture);
});
afterAll(async () => {
  v2.close();
  v3.close();
  await fixture.close();
});

/** The walk's pages (a resume first searches newest first for where to start: those are not pages of it). */
function expectIndexWalk(sent: readonly string[], records: number): void {
  const queries = sent.filter((query) => new URLSearchParams(query).get('sort') !== 'DESC');
  expect(queries.length).toBeGreaterThanOrEqual(Math.ceil(records / 1_000));
  for (const query of queries) {
    const params = new URLSearchParams(query);
    expect([params.get('by'), params.get('sort'), params.get('limit')]).toEqual(['index', 'ASC', '1000']);
    expect(params.get('offset')).toBeNull();
  }
  // Each page after the first starts at the index the one before it ended with.
  expect(queries.slice(1).every((query) => /(^|&)from=\d+/.test(query))).toBe(true);
}

describe('the index walk', () => {
  it('reads every record once from the oldest update, in pages of a thousand', async () => {
    const total = (await collect(v3.transactions())).length;
    expect(total).toBeGreaterThanOrEqual(SEEDED);
    listQueries.length = 0;
    const walked = await collect(v2.transactionsAfterId(undefined));
    expect(walked).toHaveLength(total);
    expect(new Set(walked.map((tx) => tx.id)).size).toBe(total);
    const updated = walked.map((tx) => Date.parse(tx.updatedAt));
    expect(updated).toEqual([...updated].sort((a, b) => a - b));
    expectIndexWalk(listQueries, total);
  });

  it('resumes after a stored id with every later record once', async () => {
    const all = await collect(v2.transactionsAfterId(undefined));
    const stop = all[1_234];
    if (stop === undefined) throw new Error('history too short');
    listQueries.length = 0;
    const rest = await collect(v2.transactionsAfterId(stop.id));
    const stored = new Set(all.slice(0, 1_235).map((tx) => tx.id));
    const ids = rest.map((tx) => tx.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every record not stored yet comes; of those stored, only ones updated since the stop was created come again.
    for (const tx of all.slice(1_235)) expect(ids).toContain(tx.id);
    expect(ids).not.toContain(stop.id);
    const again = rest.filter((tx) => stored.has(tx.id));
    expect(again.every((tx) => tx.updatedAt >= stop.createdAt)).toBe(true);
    expect(again.length).toBeLessThan(stored.size);
    expectIndexWalk(listQueries, rest.length);
  });

  it('reads from a cursor index on (idFrom), and whatever changed since a time', async () => {
    const all = await collect(v2.transactionsAfterId(undefined));
    // Far enough back (2,200 records updated since) that the start is searched for, not read down to.
    const pivot = all[300];
    if (pivot === undefined) throw new Error('history too short');
    listQueries.length = 0;
    const fromTime = await collect(v2.transactionsUpdatedSince(pivot.updatedAt));
    const searches = listQueries.filter((query) => new URLSearchParams(query).get('sort') === 'DESC');
    expect(searches.length).toBeLessThan(10);
    expect(fromTime.map((tx) => tx.id)).toEqual(all.filter((tx) => tx.updatedAt >= pivot.updatedAt).map((tx) => tx.id));
    // The sandbox's index is the update time in ms (main/sandbox/v2/format.ts): the pivot's own index.
    const cursor = String(Date.parse(pivot.updatedAt));
    const fromIndex = await collect(v2.transactions({ idFrom: cursor }));
    expect(new Set(fromIndex.map((tx) => tx.id))).toEqual(new Set(fromTime.map((tx) => tx.id)));
  });
});
