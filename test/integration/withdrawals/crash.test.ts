// The app stopped (a crash, a kill) while a withdrawal request was on its way: after the restart
// every record is in the service's true state — taken from the service's status and the ledger,
// never by sending again — no withdrawal stands in two rows, and Approve / Reject are offered only
// when they are true. The stop is the app's databases and sockets closed while the sandbox holds
// the request, then the app opened again on the same files.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../preload/contract/withdrawals';
import { BTC_ADDRESS, PROFILE, startHarness, unwrap, waitForEvent, type Harness } from './harness';

const WITHDRAW = '/api/3/wallet/crypto/withdraw';
const HELD_MS = 6_000;
/** Past the deadline the ledger gives a request the stopped run left on its way. */
const PAST_SETTLE_MS = 45_000;

type Fate = 'executed' | 'never executed';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.core.activate();
  await waitForEvent(h, 'walletLive', (e) => e.live);
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => h.control('DELETE', '/sandbox/faults'));

/** The next request to `path` is held in the sandbox: handled first and its reply held, or held and
 *  then refused unhandled (every retry of the stopped run too). */
async function holdNext(method: string, path: string, fate: Fate): Promise<void> {
  await h.control('POST', '/sandbox/faults', { path, method, latency_ms: HELD_MS, count: 1, after: fate === 'executed' });
  if (fate === 'never executed') await h.control('POST', '/sandbox/faults', { path, method, status: 503 });
}

/** Stops the app once the sandbox holds the request and opens it again; the stopped run's call
 *  fails on its own (its databases are closed) before the faults are cleared. */
async function stopDuring(path: string, call: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rules } = (await h.control('GET', '/sandbox/faults')) as { rules: { pattern: string; latencyMs?: number; remaining?: number }[] };
    if (rules.some((rule) => rule.pattern === path && rule.latencyMs === HELD_MS && rule.remaining === 0)) break;
    if (Date.now() > deadline) throw new Error(`the sandbox never held ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await h.restart();
  await call.catch(() => undefined);
  await h.control('DELETE', '/sandbox/faults');
}

async function prepared(amount: string): Promise<WithdrawalView & { id: string }> {
  const view = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount }));
  if (view.id === null || view.state !== 'CREATED') throw new Error(`the prepare of ${amount} did not create a withdrawal`);
  return { ...view, id: view.id };
}

async function queue(): Promise<WithdrawalView[]> {
  return unwrap(await h.core.handlers.listApprovals());
}

async function serviceWithdrawal(amount: string): Promise<{ id: string; status: string } | undefined> {
  for await (const tx of h.api.transactions({ types: ['WITHDRAW'], currencies: ['BTC'] })) {
    if (tx.amount.abs().toFixed() === amount && tx.address === BTC_ADDRESS) return { id: tx.id, status: tx.status };
  }
  return undefined;
}

const posts = () => h.wire.filter((line) => line === `POST ${WITHDRAW}`).length;

describe('a prepare cut off by a stop', () => {
  it('executed: uncertain after the restart with no row of its own for the transaction, then the local row takes it', async () => {
    await holdNext('POST', WITHDRAW, 'executed');
    const before = posts();
    const call = h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.0031', publicComment: 'payroll' });
    await stopDuring(WITHDRAW, call);

    const tx = await serviceWithdrawal('0.0031');
    expect(tx?.status).toBe('CREATED');
    const rows = await queue();
    const mine = rows.filter((row) => row.amount === '0.0031');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ state: 'UNCERTAIN', id: null, actions: [], moveId: expect.any(String), error: expect.stringMatching(/Coffer stopped/) });
    expect(rows.filter((row) => row.id === tx?.id)).toEqual([]);

    const from = h.events.length;
    await h.advanceClock(PAST_SETTLE_MS);
    const created = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.localId === mine[0]?.localId && e.withdrawal.state === 'CREATED', 10_000, from);
    expect(created.withdrawal).toMatchObject({
      id: tx?.id, actions: ['commit', 'rollback'], moveId: null, error: null, publicComment: 'payroll',
      preparedBy: { profileName: PROFILE.name, osUser: 'tester' },
    });
    expect((await queue()).filter((row) => row.id === tx?.id).map((row) => row.localId)).toEqual([mine[0]?.localId]);
    expect(h.store.unsettled(PROFILE.id).filter((w) => w.txId === tx?.id)).toHaveLength(1);
    expect(posts() - before).toBe(1);
  }, 40_000);

  it('never executed: uncertain after the restart, then refused with nothing created, and nothing sent again', async () => {
    await holdNext('POST', WITHDRAW, 'never executed');
    const before = posts();
    const call = h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.0032' });
    await stopDuring(WITHDRAW, call);

    const row = (await queue()).find((r) => r.amount === '0.0032');
    expect(row).toMatchObject({ state: 'UNCERTAIN', actions: [] });
    const from = h.events.length;
    await h.advanceClock(PAST_SETTLE_MS);
    const refused = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.localId === row?.localId && e.withdrawal.state === 'REFUSED', 10_000, from);
    expect(refused.withdrawal).toMatchObject({ id: null, actions: ['prepareAgain'], error: expect.stringMatching(/never reached the service/) });
    expect(await serviceWithdrawal('0.0032')).toBeUndefined();
    expect(posts() - before).toBe(1);
  }, 40_000);

  it('stopped before the ledger wrote its move (reading the history cursor): refused at once, nothing sent', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transactions', method: 'GET', latency_ms: 3_000 });
    const before = posts();
    const from = h.events.length;
    const call = h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.0033' });
    const preparing = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.amount === '0.0033' && e.withdrawal.state === 'PREPARING', 10_000, from);
    await h.control('DELETE', '/sandbox/faults');
    await h.restart();
    await call.catch(() => undefined);

    const row = (await queue()).find((r) => r.localId === preparing.withdrawal.localId);
    // Refused is final: it leaves the queue; the record says why.
    expect(row).toBeUndefined();
    const record = h.store.byLocalId(preparing.withdrawal.localId);
    expect(record).toMatchObject({ state: 'REFUSED', txId: null, error: expect.stringMatching(/stopped before the withdrawal was sent/) });
    expect(posts() - before).toBe(0);
    expect(await serviceWithdrawal('0.0033')).toBeUndefined();
  }, 20_000);

  it('stopped after the ledger settled it but before the record followed: the record takes the transaction, no second row', async () => {
    const done = await prepared('0.0034');
    const record = h.store.byTxId(PROFILE.id, done.id);
    if (record === undefined) throw new Error('no record');
    h.store.save({ ...record, state: 'PREPARING', txId: null, serviceStatus: null, createdAt: null });
    await h.restart();
    const rows = (await queue()).filter((row) => row.id === done.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ localId: done.localId, state: 'CREATED', actions: ['commit', 'rollback'], preparedBy: { osUser: 'tester' } });
  });
});

describe.each([
  { decision: 'commit', method: 'PUT', inFlight: 'COMMITTING', happened: 'PENDING' },
  { decision: 'rollback', method: 'DELETE', inFlight: 'ROLLING_BACK', happened: 'ROLLED_BACK' },
] as const)('a $decision cut off by a stop', ({ decision, method, inFlight, happened }) => {
  const send = (id: string) => (decision === 'commit' ? h.core.handlers.commitWithdrawal({ id }) : h.core.handlers.rollbackWithdrawal({ id }));
  const amount = (n: number) => `0.00${decision === 'commit' ? 4 : 5}${n}`;

  it('executed: the service\'s status right after the restart', async () => {
    const w = await prepared(amount(1));
    const path = `${WITHDRAW}/${w.id}`;
    await holdNext(method, path, 'executed');
    await stopDuring(path, send(w.id));
    const row = (await queue()).find((r) => r.id === w.id);
    if (decision === 'commit') expect(row).toMatchObject({ state: happened, actions: [] });
    // Rolled back is final: out of the queue.
    else expect(row).toBeUndefined();
    expect(h.store.byTxId(PROFILE.id, w.id)).toMatchObject({ state: happened, pendingOperation: null, error: null });
  }, 30_000);

  it('never executed: "checking" with nothing to click while it could still land, then waiting with both offered', async () => {
    const w = await prepared(amount(2));
    const path = `${WITHDRAW}/${w.id}`;
    await holdNext(method, path, 'never executed');
    await stopDuring(path, send(w.id));

    const row = (await queue()).find((r) => r.id === w.id);
    expect(row).toMatchObject({ state: inFlight, actions: [], moveId: expect.any(String), error: expect.stringMatching(/answer never came; checking/) });
    const move = unwrap(await h.core.handlers.listPendingMoves()).find((m) => m.id === row?.moveId);
    expect(move).toMatchObject({ kind: decision, state: 'uncertain' });
    // Looked at once: reading the queue again asks the service nothing more about it.
    const statusReads = () => h.wire.filter((line) => line === `GET /api/3/wallet/transactions/${w.id}`).length;
    const reads = statusReads();
    expect(reads).toBeGreaterThan(0);
    await queue();
    expect(statusReads()).toBe(reads);

    const from = h.events.length;
    await h.advanceClock(PAST_SETTLE_MS);
    const waiting = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.id === w.id && e.withdrawal.state === 'CREATED', 10_000, from);
    expect(waiting.withdrawal).toMatchObject({ actions: ['commit', 'rollback'], moveId: null, error: expect.stringMatching(/never reached the service/) });
    expect(unwrap(await h.core.handlers.listPendingMoves()).find((m) => m.id === row?.moveId)?.state).toBe('absent');
    expect((await h.api.transaction(w.id)).status).toBe('CREATED');
    // Offered because true: deciding now works.
    expect(unwrap(await send(w.id)).state).toBe(happened);
  }, 40_000);

  it('stopped before the ledger wrote its move: waiting again at once', async () => {
    const w = await prepared(amount(3));
    const record = h.store.byTxId(PROFILE.id, w.id);
    if (record === undefined) throw new Error('no record');
    h.store.save({ ...record, state: inFlight });
    await h.restart();
    const row = (await queue()).find((r) => r.id === w.id);
    expect(row).toMatchObject({ state: 'CREATED', actions: ['commit', 'rollback'], moveId: null });
  });
});
