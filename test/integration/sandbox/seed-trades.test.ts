// POST /sandbox/seed-trades: bulk filled spot orders that the trade histories list like any other
// and that move the spot balances by exactly their legs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { allTrades, difference, nonZero, spotTotals, symbolInfo, tradeLegs } from './trade-legs';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('seed-trades control', () => {
  it('inserts 100000 trades in one call, listed by v3 and v2, moving the spot balances by exactly their legs', async () => {
    const before = await spotTotals(h);
    const started = Date.now();
    const reply = await h.control('POST', '/sandbox/seed-trades', { count: 100_000 });
    const elapsed = Date.now() - started;
    console.log(`seed-trades: 100000 trades in ${elapsed} ms`);
    expect(reply.status, reply.text).toBe(200);
    const { inserted, firstId, lastId } = reply.json as { inserted: number; firstId: number; lastId: number };
    expect([inserted, lastId - firstId + 1]).toEqual([100_000, 100_000]);
    // A few seconds on a quiet machine; the bound only catches a per-row transaction (minutes), with room for a loaded CI host.
    expect(elapsed).toBeLessThan(25_000);
    const trades = await allTrades(h);
    expect(trades).toHaveLength(100_000);
    expect(trades.map((t) => t.id)[0]).toBe(firstId);
    const oldest = Date.now() - Date.parse(trades[0]?.timestamp ?? '');
    expect(oldest).toBeGreaterThan(80 * 86_400_000);
    expect(oldest).toBeLessThan(90 * 86_400_000 + 60_000);
    expect(new Set(trades.map((t) => t.taker))).toEqual(new Set([true, false]));
    const after = await spotTotals(h);
    expect(difference(after, before)).toEqual(nonZero(tradeLegs(trades, await symbolInfo(h))));
    for (const total of after.values()) expect(total.isNegative()).toBe(false);
    const v2 = (await h.call('GET', '/api/2/history/trades', { query: 'sort=ASC&by=id&limit=5', auth: 'basic' })).json as { id: number }[];
    expect(v2.map((t) => t.id)).toEqual(trades.slice(0, 5).map((t) => t.id));
  }, 120_000);

  it('seeds an odd count for another account by id over fewer days, deterministic from the seed', async () => {
    const bob = h.accounts.find((a) => a.username === 'bob');
    const key = bob?.keys[0];
    const before = await spotTotals(h, key);
    const reply = await h.control('POST', '/sandbox/seed-trades', { count: 7, accountId: bob?.id, days: 2 });
    expect(reply.json).toMatchObject({ inserted: 7 });
    const trades = await allTrades(h, key);
    expect(trades).toHaveLength(7);
    for (const t of trades) expect(Date.now() - Date.parse(t.timestamp)).toBeLessThan(2 * 86_400_000 + 60_000);
    expect(difference(await spotTotals(h, key), before)).toEqual(nonZero(tradeLegs(trades, await symbolInfo(h))));

    const twin = await startHarness();
    try {
      const twinBob = twin.accounts.find((a) => a.username === 'bob');
      await twin.control('POST', '/sandbox/seed-trades', { count: 7, accountId: twinBob?.id, days: 2 });
      const strip = (list: typeof trades) => list.map(({ symbol, side, quantity, price, fee, taker }) => ({ symbol, side, quantity, price, fee, taker }));
      expect(strip(await allTrades(twin, twinBob?.keys[0]))).toEqual(strip(trades));
    } finally {
      await twin.close();
    }
  });

  it('refuses a missing or out-of-range count and an unknown account', async () => {
    expect((await h.control('POST', '/sandbox/seed-trades', {})).status).toBe(400);
    expect((await h.control('POST', '/sandbox/seed-trades', { count: 200_001 })).status).toBe(400);
    expect((await h.control('POST', '/sandbox/seed-trades', { count: 0 })).status).toBe(400);
    expect((await h.control('POST', '/sandbox/seed-trades', { count: 2, accountId: 999_999 })).status).toBe(400);
  });
});
