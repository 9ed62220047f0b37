// The portfolio of an account that bought on spot a currency it never held, against a real
// sandbox over real sockets: a new sub-account receives USDT from the master, moves it to spot and
// buys SOL with a market order. With its trade synced as legs, every day before shows neither
// currency held (never less than nothing), and today shows exactly the service's balances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { NetWorthHistory } from '../../../preload/contract';
import { startHistoryHarness, waitForSync, type Desk, type Harness } from '../history/harness';

const MASTER = 'master@sandbox.test';
let h: Harness;
let desk: Desk;
let subEmail: string;

interface SideBalance { currency: string; available: string; reserved: string }

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

beforeAll(async () => {
  h = await startHistoryHarness();
  const [subId] = ((await h.control('POST', '/sandbox/sub-accounts', { count: 1 })) as { ids: Array<string | number> }).ids.map(String);
  await h.control('POST', '/sandbox/keys', { account: subId, rights: ['PAY', 'WDR', 'HIST', 'ORD'], label: 'full' });
  const accounts = (await h.control('GET', '/sandbox/accounts')) as Array<{ id: number; email: string }>;
  subEmail = accounts.find((a) => String(a.id) === subId)?.email as string;
  await h.truth(MASTER, '/api/3/sub-account/transfer', { method: 'POST', body: { sub_account_id: subId, currency: 'USDT', amount: '500', type: 'to_sub_account' } });
  await h.truth(subEmail, '/api/3/wallet/transfer', { method: 'POST', body: { currency: 'USDT', amount: '500', source: 'wallet', destination: 'spot' } });
  await h.truth(subEmail, '/api/3/spot/order', { method: 'POST', body: { symbol: 'SOLUSDT', side: 'buy', type: 'market', quantity: '1.5' } });
  desk = await h.openDesk(subEmail, { live: false });
  await waitForSync(desk, (status) => status.phase === 'live', 30_000);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('portfolio of a currency bought on spot', () => {
  it('never holds the bought currency, nor the one paid, less than nothing, and holds today what the service says', async () => {
    const sides = await Promise.all([h.truth<SideBalance[]>(subEmail, '/api/3/wallet/balance'), h.truth<SideBalance[]>(subEmail, '/api/3/spot/balance')]);
    const held = new Map<string, Decimal>();
    for (const b of sides.flat()) held.set(b.currency, (held.get(b.currency) ?? new Decimal(0)).plus(b.available).plus(b.reserved));
    expect(held.get('SOL')?.toFixed()).toBe('1.5');
    expect(held.get('USDT')?.lt(500)).toBe(true);

    const worth: NetWorthHistory = unwrap(await desk.core.handlers.portfolioNetWorth({ valuationCurrency: 'USDT', range: '1W', scope: 'master' }));
    expect(worth.syncing).toBe(false);
    for (const currency of ['SOL', 'USDT']) {
      const series = worth.currencies.find((c) => c.currency === currency);
      expect(series, currency).toBeDefined();
      const points = series?.points ?? [];
      for (const point of points) expect(new Decimal(point.amount).isNegative(), `${currency} on ${point.day}: ${point.amount}`).toBe(false);
      // Everything arrived today: every day before holds none, today what the service holds.
      for (const point of points.slice(0, -1)) expect(new Decimal(point.amount).isZero(), `${currency} on ${point.day}`).toBe(true);
      expect(points.at(-1)?.amount).toBe(held.get(currency)?.toFixed());
    }
    expect(worth.notes.filter((note) => note.kind === 'negative')).toEqual([]);
  });
});
