// The seeded world: accounts, keys, funded balances, ten thousand historical transactions, and
// the bulk history control the client uses for >100000-record tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;
let startMs = 0;

beforeAll(async () => {
  const started = Date.now();
  h = await startHarness({ lightSeed: false, seed: 7 });
  startMs = Date.now() - started;
});
afterAll(async () => {
  await h.close();
});

describe('seed', () => {
  it('creates a master with three sub-accounts, two other users, nine more sub-accounts, and keys per right', () => {
    expect(h.accounts.map((a) => a.kind)).toEqual(['master', 'sub', 'sub', 'sub', 'user', 'user', ...Array<string>(9).fill('sub')]);
    expect(h.accounts.slice(0, 6).map((a) => a.username)).toEqual(['master', 'sub-alpha', 'sub-beta', 'sub-gamma', 'alice', 'bob']);
    expect(h.master.keys.map((k) => k.label)).toEqual(['master', 'pay-only', 'wdr-only', 'hist-only', 'ord-only', 'no-rights']);
    expect(h.sandbox.master).toEqual({ apiKey: h.key().api_key, secretKey: h.key().secret_key, rights: ['PAY', 'WDR', 'HIST', 'ORD'] });
    expect(startMs).toBeLessThan(20_000);
  });

  it('holds ten thousand historical transactions: the funding an hour before the last 90 days, then those days', async () => {
    const last = await h.call('GET', '/api/3/wallet/transactions', { query: 'offset=9999&limit=1000' });
    expect((last.json as unknown[]).length).toBe(1);
    const oldest = (last.json as { created_at: string }[])[0];
    expect(Math.round((Date.now() - Date.parse(oldest?.created_at ?? '')) / 86_400_000)).toBe(90);
    const afterFunding = (await h.call('GET', '/api/3/wallet/transactions', { query: 'offset=9979&limit=1' })).json as { created_at: string }[];
    const age = Date.now() - Date.parse(afterFunding[0]?.created_at ?? '');
    expect(age).toBeGreaterThan(80 * 86_400_000);
    expect(age).toBeLessThan(91 * 86_400_000);
    const kinds = (await h.call('GET', '/api/3/wallet/transactions', { query: 'limit=1000' })).json as { type: string; status: string }[];
    expect(new Set(kinds.map((t) => t.type))).toEqual(new Set(['DEPOSIT', 'WITHDRAW', 'TRANSFER', 'SWAP']));
    expect(new Set(kinds.map((t) => t.status)).size).toBeGreaterThanOrEqual(3);
  });

  it('records each seeded conversion as the live call does: a withdraw leg and a deposit leg of one operation', async () => {
    interface Leg { type: string; status: string; operation_id: string; created_at: string; native: { currency: string; amount: string; operation_type?: string } }
    const page = (await h.call('GET', '/api/3/wallet/transactions', { query: 'types=SWAP&limit=1000' })).json as Leg[];
    const byOperation = new Map<string, Leg[]>();
    for (const leg of page) byOperation.set(leg.operation_id, [...(byOperation.get(leg.operation_id) ?? []), leg]);
    // A page may cut one operation at its end; every other operation is whole.
    const whole = [...byOperation.values()].filter((legs) => legs.length === 2);
    expect(whole.length).toBeGreaterThan(byOperation.size - 3);
    expect(whole.length).toBeGreaterThan(50);
    for (const legs of byOperation.values()) expect(legs.length).toBeLessThanOrEqual(2);
    for (const [a, b] of whole as [Leg, Leg][]) {
      expect(new Set([a.native.operation_type, b.native.operation_type])).toEqual(new Set(['withdraw', 'deposit']));
      expect(a.native.currency).not.toBe(b.native.currency);
      expect(a.status).toBe(b.status);
      expect(a.created_at).toBe(b.created_at);
      expect(Number(a.native.amount)).toBeGreaterThan(0);
      expect(Number(b.native.amount)).toBeGreaterThan(0);
    }
  });

  it('bulk-inserts 200000 transactions in one call', async () => {
    const reply = await h.control('POST', '/sandbox/seed-transactions', { account: 'alice', count: 200_000 });
    expect(reply.json).toMatchObject({ result: true, count: 200_000 });
    console.log(`seed-transactions: 200000 rows in ${(reply.json as { elapsed_ms: number }).elapsed_ms} ms; full start ${startMs} ms`);
    const alice = h.accounts.find((a) => a.username === 'alice');
    const deep = await h.call('GET', '/api/3/wallet/transactions', { key: alice?.keys[0], query: 'offset=100000&limit=1000' });
    expect((deep.json as unknown[]).length).toBe(1000);
    const over = await h.control('POST', '/sandbox/seed-transactions', { count: 200_001 });
    expect(over.status).toBe(400);
  });
});
