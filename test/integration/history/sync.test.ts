// The history sync against a real sandbox over real sockets: the first read with its progress,
// a resumption after a kill that reads no page twice, a change the stream never told re-read by
// catching up, both sides of a sub-account transfer, the wallet stream's transactions stored as
// they come, a failed pass paused and retried, and not one 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { HistoryEntry, HistorySyncStatus } from '../../../preload/contract/history';
import { waitForEmitted } from '../support/sandbox-support';
import { startHistoryHarness, waitForSync, type Desk, type Harness, type ServiceTx } from './harness';

const MASTER = 'master@sandbox.test';
let h: Harness;
let master: Desk;

beforeAll(async () => {
  h = await startHistoryHarness();
  await h.control('POST', '/sandbox/seed-transactions', { count: 3_000 });
  await h.control('DELETE', '/sandbox/stats');
  master = await h.openDesk(MASTER);
  // The wallet stream's first connection asks for a catch-up pass too: wait for both.
  await waitForEmitted(master.events, 'walletLive', (payload: { live: boolean }) => payload.live, 15_000, 0);
  await settled(master);
}, 60_000);

/**
 * Waits until the desk's sync is live and stays so: the wallet stream coming up asks for one more
 * catch-up pass, which must not be taken for the work of the test that follows.
 */
async function settled(desk: Desk): Promise<void> {
  await waitForSync(desk, (status) => status.phase === 'live');
  for (let quiet = 0; quiet < 8; ) {
    const count = desk.events.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    quiet = desk.events.length === count && statuses(desk).at(-1)?.phase === 'live' ? quiet + 1 : 0;
  }
}

afterAll(async () => {
  await h?.close();
});

/** What the store must hold of each service transaction (amounts as numbers: trailing zeros are not kept). */
const asStored = (tx: ServiceTx) => `${tx.id}|${tx.status}|${tx.updated_at}|${tx.native.currency}|${new Decimal(tx.native.amount).toFixed()}`;
const ofEntry = (entry: HistoryEntry) => `${entry.id}|${entry.status}|${entry.updatedAt}|${entry.currency}|${entry.amount}`;

function statuses(desk: Desk, fromIndex = 0): HistorySyncStatus[] {
  return desk.events.slice(fromIndex).filter((e) => e.event === 'historySyncProgress').map((e) => (e.payload as { status: HistorySyncStatus }).status);
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('history sync against the sandbox', () => {
  it('reads the whole history once, telling its progress, and stores exactly what the service holds', async () => {
    const service = await h.serviceHistory(MASTER);
    expect(service).toHaveLength(3_000);
    expect(master.stored().map(ofEntry)).toEqual(service.map(asStored));
    const seen = statuses(master);
    const phases = seen.map((s) => s.phase).filter((phase, i, all) => phase !== all[i - 1]);
    // The first read, catching up, live; then a catch-up pass each time the wallet stream comes up.
    expect(phases.slice(0, 3)).toEqual(['initial', 'catchingUp', 'live']);
    expect(phases.slice(3).join(' ')).toMatch(/^(catchingUp live ?)*$/);
    const initial = seen.filter((s) => s.phase === 'initial');
    expect(initial.map((s) => s.read)).toEqual([...initial.map((s) => s.read)].sort((a, b) => a - b));
    const live = seen.at(-1) as HistorySyncStatus;
    expect(live).toMatchObject({ phase: 'live', stored: 3_000, expected: null, lastError: null });
    expect(Date.parse(live.syncedAt ?? '')).toBeGreaterThan(0);
    expect(master.cursors()).toMatchObject({ initial_done: 1, id_cursor: String(service.at(-1)?.id) });
    // Three pages of 1,000 and the short one (and up to two more in flight past it), the read of the
    // watermark before them, then a page of changes per catch-up pass.
    expect(master.listRequests()).toBeLessThanOrEqual(3 + 3 + 1 + (phases.length - 1) / 2);
  });

  it('answers the page\'s summary, rows and flows from the store, totals equal to the decimal sums of the service\'s records', async () => {
    const service = await h.serviceHistory(MASTER);
    const btc = service.filter((tx) => tx.native.currency === 'BTC');
    const summary = unwrap(await master.core.handlers.historySummary({ filter: { currencies: ['BTC'] } }));
    const inTypes = new Set(['DEPOSIT', 'SPOT_TO_WALLET']);
    const sum = (list: ServiceTx[], pick: (tx: ServiceTx) => string | undefined) => list.reduce((a, tx) => a.plus(pick(tx) ?? '0'), new Decimal(0)).toFixed();
    // A conversion's received leg is money in, its paid leg money out.
    const inflow = btc.filter((tx) => inTypes.has(tx.type) || inTypes.has(tx.subtype) || (tx.type === 'SWAP' && tx.native.operation_type === 'deposit'));
    const outflow = btc.filter((tx) => !inflow.includes(tx));
    expect(summary.total).toBe(btc.length);
    expect(summary.totals).toEqual([{
      currency: 'BTC', count: btc.length, in: sum(inflow, (tx) => tx.native.amount), out: sum(outflow, (tx) => tx.native.amount),
      fees: sum(btc, (tx) => tx.native.fee),
      net: new Decimal(sum(inflow, (tx) => tx.native.amount)).minus(sum(outflow, (tx) => tx.native.amount)).minus(sum(btc, (tx) => tx.native.fee)).toFixed(),
    }]);
    const rows = unwrap(await master.core.handlers.historyRows({ filter: { currencies: ['BTC'] }, offset: 0, limit: 5 }));
    expect(rows.rows.map((r) => r.currency)).toEqual(['BTC', 'BTC', 'BTC', 'BTC', 'BTC']);
    const withHash = rows.rows.find((r) => r.hash !== null);
    if (withHash !== undefined) expect(withHash.explorerUrl).toBe(`https://explorer.sandbox.invalid/btc/tx/${withHash.hash}`);
    expect(rows.rows.filter((r) => r.hash === null).every((r) => r.explorerUrl === null)).toBe(true);
    const flows = unwrap(await master.core.handlers.historyFlows({ filter: { currencies: ['BTC'] } }));
    const flowIn = flows.series[0]?.points.reduce((a, p) => a.plus(p.in), new Decimal(0)).toFixed();
    expect(flowIn).toBe(summary.totals[0]?.in);
  });

  it('stores the wallet stream\'s transactions as they come, with no pass in between', async () => {
    const requests = master.listRequests();
    const from = master.events.length;
    const { id } = (await h.control('POST', '/sandbox/deposit', { currency: 'ETH', amount: '1.234567891', instant: true })) as { id: string };
    await waitForEmitted(master.events, 'historyChanged', () => true, 10_000, from);
    const entry = master.stored().find((e) => e.id === id);
    expect(entry).toMatchObject({ id, type: 'DEPOSIT', direction: 'in', status: 'SUCCESS', currency: 'ETH', amount: '1.234567891' });
    expect(master.listRequests()).toBe(requests);
  });

  it('re-reads a change the stream never told: a pending deposit confirmed later is stored as SUCCESS by catching up', async () => {
    const desk = await h.openDesk('sub-beta@sandbox.test', { live: false });
    await settled(desk);
    const { id } = (await h.control('POST', '/sandbox/deposit', { account: 'sub-beta@sandbox.test', currency: 'BTC', amount: '0.5' })) as { id: string };
    let from = desk.events.length;
    unwrap(await desk.core.handlers.syncHistoryNow());
    await waitForSync(desk, (status) => status.phase === 'live', 10_000, from);
    expect(desk.stored().find((e) => e.id === id)?.status).toBe('PENDING');
    await h.control('POST', '/sandbox/clock/advance', { ms: 6 * 3_600_000 });
    const [confirmed] = await h.truth<ServiceTx[]>('sub-beta@sandbox.test', `/api/3/wallet/transactions?tx_ids=${id}`);
    expect(confirmed?.status).toBe('SUCCESS');
    from = desk.events.length;
    unwrap(await desk.core.handlers.syncHistoryNow());
    await waitForSync(desk, (status) => status.phase === 'live', 10_000, from);
    expect(desk.stored().find((e) => e.id === id)).toMatchObject({ status: 'SUCCESS', updatedAt: confirmed?.updated_at });
    desk.close();
  });

  it('stores a master → sub-account transfer as out on the master and in on the sub-account, with one offchain id', async () => {
    const subs = (await h.truth<{ result: Array<{ sub_account_id: string; email: string; status: string }> }>(MASTER, '/api/3/sub-account')).result;
    const taken = new Set(['sub-alpha@sandbox.test', 'sub-beta@sandbox.test']);
    const gamma = subs.find((s) => s.status === 'active' && !taken.has(s.email));
    if (gamma === undefined) throw new Error('no active sub-account left to transfer to');
    const from = master.events.length;
    const { result } = await h.truth<{ result: string }>(MASTER, '/api/3/sub-account/transfer', {
      method: 'POST', body: { sub_account_id: gamma?.sub_account_id, currency: 'USDT', amount: '12.5', type: 'to_sub_account' },
    });
    await waitForEmitted(master.events, 'historyChanged', () => master.stored().some((e) => e.id === result), 10_000, from);
    const out = master.stored().find((e) => e.id === result);
    expect(out).toMatchObject({ type: 'WITHDRAW', subtype: 'SUB_ACCOUNT', direction: 'out', currency: 'USDT', amount: '12.5' });
    expect(out?.offchainId).toMatch(/\S/);
    const sub = await h.openDesk(gamma.email);
    await waitForSync(sub, (status) => status.phase === 'live');
    const into = sub.stored().filter((e) => e.offchainId === out?.offchainId);
    expect(into).toHaveLength(1);
    expect(into[0]).toMatchObject({ type: 'DEPOSIT', subtype: 'SUB_ACCOUNT', direction: 'in', currency: 'USDT', amount: '12.5' });
    sub.close();
  });

  it('resumes after a kill from the stored cursor: no page read twice, no row twice, the same set as the service', async () => {
    const email = 'sub-alpha@sandbox.test';
    await h.control('POST', '/sandbox/seed-transactions', { account: email, count: 12_000 });
    // Slow pages, so the first read is still running when the desk is killed.
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transactions', latency_ms: 400 });
    const first = await h.openDesk(email);
    await waitForEmitted(first.events, 'historyChanged', () => true, 10_000, 0);
    first.close();
    // Nothing leaves after the kill: requests waiting in the limiter were dropped, no page is asked for again.
    const sentAtKill = first.listRequests();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(first.listRequests()).toBe(sentAtKill);
    await h.control('DELETE', '/sandbox/faults');
    const killed = first.cursors();
    const storedAtKill = first.stored();
    expect(killed.initial_done).toBe(0);
    expect(storedAtKill.length).toBeGreaterThanOrEqual(1_000);
    expect(storedAtKill.length).toBeLessThan(12_000);
    expect(killed.id_cursor).toBe(storedAtKill.at(-1)?.id);

    const again = await h.openDesk(email, { dataDir: first.dataDir, live: false });
    await waitForSync(again, (status) => status.phase === 'live', 20_000);
    expect(again.firstReadsFrom).toEqual([killed.id_cursor]);
    const remainingPages = Math.ceil((12_000 - storedAtKill.length) / 1_000);
    // The remaining pages, the short one and up to two more already in flight past it, then a
    // page of changes: none of the pages before the kill.
    expect(again.listRequests()).toBeLessThanOrEqual(remainingPages + 3 + 1);
    const service = await h.serviceHistory(email);
    const stored = again.stored();
    expect(new Set(stored.map((e) => e.id)).size).toBe(stored.length);
    expect(stored.map(ofEntry)).toEqual(service.map(asStored));
    // The resumed read tells what is stored from its first notice on: the count goes on from where
    // it was (the pass's own count starts again), and no time left before the pass has a pace.
    const resumedReads = statuses(again).filter((status) => status.phase === 'initial');
    expect(resumedReads[0]).toMatchObject({ stored: storedAtKill.length, read: 0, secondsLeft: null });
    for (const status of resumedReads) expect(status.stored).toBeGreaterThanOrEqual(storedAtKill.length);
    again.close();
  });

  it('pauses a failed pass with the reason in plain words and tries again from the cursors', async () => {
    const desk = await h.openDesk('bob@sandbox.test', { live: false });
    await settled(desk);
    // Other services of the open desks read the same list now and then: enough failures that the
    // sync meets at least one, few enough that its retries soon get through.
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transactions', status: 500, count: 3 });
    const from = desk.events.length;
    unwrap(await desk.core.handlers.syncHistoryNow());
    const paused = await waitForSync(desk, (status) => status.phase === 'paused', 10_000, from);
    expect(paused.status.lastError).toMatch(/^Reading the history stopped: .+ Trying again in \d+ s\.$/);
    const resumed = await waitForSync(desk, (status) => status.phase === 'live', 10_000, from);
    expect(resumed.status.lastError).toBeNull();
    await settled(desk);
    expect(unwrap(await desk.core.handlers.historySyncStatus())).toMatchObject({ phase: 'live', lastError: null });
    desk.close();
  });

  it('never earned a 429', async () => {
    const stats = (await h.control('GET', '/sandbox/stats')) as { responses: Record<string, number> };
    expect(stats.responses['429']).toBeUndefined();
    expect(stats.responses['200']).toBeGreaterThan(0);
  });
});
