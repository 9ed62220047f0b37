// GET /api/3/wallet/transactions: filters, sorting, bounds, and cursors past offset 100000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type Harness } from './harness';

interface Tx { id: number; status: string; type: string; subtype: string; created_at: string; updated_at: string; native: { currency: string; network_code?: string } }

let h: Harness;
const BULK = 120_000;

async function list(query: string): Promise<Tx[]> {
  const reply = await h.call('GET', '/api/3/wallet/transactions', { query });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Tx[];
}

beforeAll(async () => {
  h = await startHarness();
  const seeded = await h.control('POST', '/sandbox/seed-transactions', { count: BULK });
  expect(seeded.status, seeded.text).toBe(200);
});
afterAll(async () => {
  await h.close();
});

describe('transaction list', () => {
  it('defaults to 100 records, newest created first, in the SUPPLEMENT §3 shape', async () => {
    const txs = await list('');
    expect(txs).toHaveLength(100);
    const times = txs.map((t) => Date.parse(t.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(txs[0]).toMatchObject({
      id: expect.any(Number), status: expect.any(String), type: expect.any(String), subtype: expect.any(String),
      operation_id: expect.any(String), last_activity_at: expect.any(String),
      native: { tx_id: expect.any(String), index: expect.any(Number), currency: expect.any(String), amount: expect.stringMatching(/^\d+\.\d+$/) },
    });
  });

  it('filters by types, statuses, currencies, subtypes, networks and tx_ids', async () => {
    for (const t of await list('types=WITHDRAW,SWAP&statuses=SUCCESS&limit=300')) {
      expect(['WITHDRAW', 'SWAP']).toContain(t.type);
      expect(t.status).toBe('SUCCESS');
    }
    const btc = await list('currencies=BTC,ETH&subtypes=BLOCKCHAIN&limit=200');
    expect(btc.length).toBeGreaterThan(0);
    for (const t of btc) {
      expect(['BTC', 'ETH']).toContain(t.native.currency);
      expect(t.subtype).toBe('BLOCKCHAIN');
    }
    for (const t of await list('currencies=USDT&networks=TRX&limit=100')) expect(t.native.network_code).toBe('TRX');
    const picked = (await list('limit=5')).map((t) => t.id);
    expect((await list(`tx_ids=${picked.slice(0, 3).join(',')}`)).map((t) => t.id).sort()).toEqual(picked.slice(0, 3).sort());
  });

  it('sorts ascending and bounds by id or by time depending on order_by', async () => {
    const asc = await list('order_by=id&sort=ASC&from=10&till=19');
    expect(asc.map((t) => t.id)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const ranged = await list('id_from=100&id_till=104&sort=ASC');
    expect(ranged.map((t) => t.id)).toEqual([100, 101, 102, 103, 104]);
    const newest = (await list('limit=1'))[0] as Tx;
    const from = new Date(Date.parse(newest.created_at) - 86_400_000).toISOString();
    for (const t of await list(`from=${encodeURIComponent(from)}&till=${encodeURIComponent(newest.created_at)}&limit=1000`)) {
      expect(Date.parse(t.created_at)).toBeGreaterThanOrEqual(Date.parse(from));
      expect(Date.parse(t.created_at)).toBeLessThanOrEqual(Date.parse(newest.created_at));
    }
    const byUpdate = await list('order_by=updated_at&limit=50');
    const updates = byUpdate.map((t) => Date.parse(t.updated_at));
    expect([...updates].sort((a, b) => b - a)).toEqual(updates);
  });

  it('accepts limit 1000 and offset 100000, refusing one more of each (10001 naming it)', async () => {
    expect(await list('limit=1000')).toHaveLength(1000);
    expect(await list('offset=100000&limit=10')).toHaveLength(10);
    for (const [query, param] of [['limit=1001', 'limit'], ['limit=0', 'limit'], ['offset=100001', 'offset'], ['types=GIFT', 'types'], ['order_by=amount', 'order_by'], ['from=yesterday', 'from'], ['sort=UP', 'sort']] as const) {
      const reply = await h.call('GET', '/api/3/wallet/transactions', { query });
      expect([reply.status, errorCode(reply)], query).toEqual([400, 10001]);
      expect(errorDescription(reply)).toContain(param);
    }
  });

  it('reads every record of a >100000 history through id cursors', async () => {
    const seen = new Set<number>();
    let till: number | undefined;
    let previous = Number.POSITIVE_INFINITY;
    for (;;) {
      const page = await list(`order_by=id&limit=1000${till === undefined ? '' : `&id_till=${till}`}`);
      if (page.length === 0) break;
      for (const t of page) {
        expect(t.id).toBeLessThan(previous);
        previous = t.id;
        seen.add(t.id);
      }
      till = (page[page.length - 1] as Tx).id - 1;
    }
    expect(seen.size).toBeGreaterThanOrEqual(BULK);
    const atOffset = (await list('order_by=id&offset=100000&limit=1'))[0] as Tx;
    const sorted = [...seen].sort((a, b) => b - a);
    expect(atOffset.id).toBe(sorted[100_000]);
  });

  it('returns one record by id, and 10001 for an id of another account', async () => {
    const first = (await list('limit=1'))[0] as Tx;
    const one = await h.call('GET', `/api/3/wallet/transactions/${first.id}`);
    expect(one.json).toEqual(first);
    const bob = h.accounts.find((a) => a.username === 'bob');
    const other = await h.call('GET', `/api/3/wallet/transactions/${first.id}`, { key: bob?.keys[0] });
    expect([other.status, errorCode(other)]).toEqual([400, 10001]);
  });
});
