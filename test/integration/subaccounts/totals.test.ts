// Every sub-account's balances valued in the background through the real core, client and sandbox:
// fifty accounts load with progress and not one 429 counted at the service, a second load joins the
// first, one unreadable account is a row with an error, and the user's own calls go first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, unwrap, type Harness } from './harness';

const BALANCE_PATH = '/api/3/sub-account/balance/';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // Twelve are seeded; 38 more make fifty.
  await h.control('POST', '/sandbox/sub-accounts', { count: 30, funding: { USDT: '3', BTC: '0.0001' } });
  await h.control('POST', '/sandbox/sub-accounts', { count: 8, status: 'frozen' });
});

afterAll(async () => {
  await h?.close();
});

const balanceReads = () => h.desk.wire.filter((line) => line.startsWith(`GET ${BALANCE_PATH}`)).length;
const totalsEvents = (fromIndex: number) =>
  h.desk.events.slice(fromIndex).flatMap((e) => (e.event === 'subAccountTotals' ? [e.payload] : []));

describe('sub-account totals', () => {
  it('loads fifty accounts in the background with progress, valued like the wallet, and no 429 at the service', async () => {
    await h.control('DELETE', '/sandbox/stats');
    const [reads, fromIndex] = [balanceReads(), h.desk.events.length];
    const started = Date.now();
    const [first, joined] = await Promise.all([
      h.desk.core.handlers.loadSubAccountTotals({ valuationCurrency: 'USDT' }),
      h.desk.core.handlers.loadSubAccountTotals({ valuationCurrency: 'usdt' }),
    ]);
    const elapsed = Date.now() - started;
    const responses = await h.responses();
    console.log(`50 sub-accounts' totals in ${elapsed} ms; replies at the service: ${JSON.stringify(responses)}`);
    expect(responses['429']).toBeUndefined();
    expect(responses['200']).toBeGreaterThanOrEqual(51);

    const totals = unwrap(first);
    expect(unwrap(joined)).toEqual(totals);
    expect(totals).toHaveLength(50);
    expect(balanceReads() - reads).toBe(50);

    const events = totalsEvents(fromIndex);
    expect(events.map((e) => e.loaded)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(events.map((e) => e.total))).toEqual(new Set([50]));
    const byId = new Map(totals.map((t) => [t.id, t]));
    expect(byId.get(await h.idOf('sub-eta'))).toEqual({ id: await h.idOf('sub-eta'), walletValue: '75.5', spotValue: '0', unvalued: [], error: null });
    expect(byId.get(await h.idOf('sub-zeta'))).toMatchObject({ walletValue: '0', spotValue: '0', error: null });
    expect(byId.get(await h.idOf('sub-delta'))?.spotValue).toBe('40');
    expect(totals.every((t) => t.error === null)).toBe(true);
  });

  it('gives an account whose balances cannot be read a row with the reason, and the load still answers', async () => {
    const kappa = await h.idOf('sub-kappa');
    await h.control('POST', '/sandbox/faults', { path: `${BALANCE_PATH}${kappa}`, method: 'GET', status: 400, code: 600, count: 1 });
    const totals = unwrap(await h.desk.core.handlers.loadSubAccountTotals({ valuationCurrency: 'USDT' }));
    expect(totals.find((t) => t.id === kappa)).toEqual({
      id: kappa, walletValue: null, spotValue: null, unvalued: [], error: 'Its balances could not be read: This action is not allowed. (code 600)',
    });
    expect(totals.filter((t) => t.error !== null)).toHaveLength(1);
  });

  it("lets the user's own calls go before the background reads still waiting for the service's limit", async () => {
    // A hundred accounts: the reads past the first window's burst wait two more windows, long
    // enough for the order to show (within one window, all that waits leaves at once).
    await h.control('POST', '/sandbox/sub-accounts', { count: 50 });
    const alpha = await h.idOf('sub-alpha');
    const [fromIndex, fromWire] = [h.desk.events.length, h.desk.wire.length];
    const load = h.desk.core.handlers.loadSubAccountTotals({ valuationCurrency: 'USDT' });
    // Once the first balances are in, the burst is spent and the rest of the fifty wait their turn.
    while (totalsEvents(fromIndex).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const balances = unwrap(await h.desk.core.handlers.getSubAccountBalances({ id: alpha, valuationCurrency: 'USDT' }));
    unwrap(await load);
    expect(balances.balances.map((b) => b.currency)).toContain('USDT');

    // The user's call reads the list first: the load's own list read is the first one, the user's the second.
    const wire = h.desk.wire.slice(fromWire);
    const userList = wire.findIndex((line, i) => line === 'GET /api/3/sub-account' && wire.indexOf('GET /api/3/sub-account') < i);
    const backgroundBefore = wire.slice(0, userList).filter((line) => line.startsWith(`GET ${BALANCE_PATH}`)).length;
    expect(userList).toBeGreaterThan(0);
    expect(backgroundBefore).toBeLessThanOrEqual(70);
  });
});
