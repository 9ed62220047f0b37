// Nothing lost: a prepare whose reply never came is "uncertain — checking", is never sent again,
// survives an app restart, and settles once the reconciler (or the stream) finds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC_ADDRESS, startHarness, unwrap, waitForEvent, type Harness } from './harness';

let h: Harness;
const WITHDRAW_PATH = '/api/3/wallet/crypto/withdraw';

beforeAll(async () => {
  h = await startHarness({ client: { timeoutMs: 600 } });
  await h.core.activate();
  await waitForEvent(h, 'walletLive', (e) => e.live);
});

afterAll(async () => {
  await h?.close();
});

const withdrawPosts = () => h.wire.filter((line) => line === `POST ${WITHDRAW_PATH}`).length;

describe('an uncertain prepare', () => {
  it('is shown as uncertain with nothing to click, survives a restart, and settles without a second POST', async () => {
    await h.control('POST', '/sandbox/faults', { path: WITHDRAW_PATH, method: 'POST', latency_ms: 2_000 });
    const posts = withdrawPosts();
    const view = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.003' }));
    expect(view.state).toBe('UNCERTAIN');
    expect(view.id).toBeNull();
    expect(view.actions).toEqual([]);
    expect(view.error).toMatch(/did not answer in time/);

    // Closing the app mid-flight and opening it again shows the true state: still checking.
    await h.restart();
    await h.control('DELETE', '/sandbox/faults');
    const afterRestart = unwrap(await h.core.handlers.listApprovals()).find((w) => w.localId === view.localId);
    expect(afterRestart?.state).toMatch(/UNCERTAIN|CREATED/);

    const settled = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.localId === view.localId && e.withdrawal.state === 'CREATED', 15_000);
    expect(settled.withdrawal.id).not.toBeNull();
    expect(settled.withdrawal.preparedBy).toMatchObject({ osUser: 'tester' });
    expect(settled.withdrawal.actions).toEqual(['commit', 'rollback']);
    expect(withdrawPosts()).toBe(posts + 1);

    const queue = unwrap(await h.core.handlers.listApprovals()).filter((w) => w.id === settled.withdrawal.id);
    expect(queue).toHaveLength(1);
    expect(queue[0]?.localId).toBe(view.localId);

    const prepareEntries = h.audit.all({ action: 'prepare' }).map((e) => [e.phase, e.outcome]);
    expect(prepareEntries).toEqual([
      ['attempt', 'sent'],
      ['result', 'uncertain'],
      ['result', 'ok'],
    ]);
    expect(h.audit.verify().ok).toBe(true);
  });

  it('after a restart, a committed withdrawal shows its true state', async () => {
    const prepared = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.004' }));
    unwrap(await h.core.handlers.commitWithdrawal({ id: prepared.id! }));
    await h.restart();
    await h.advanceClock(60_000);
    const rows = unwrap(await h.core.handlers.listApprovals());
    const row = rows.find((w) => w.id === prepared.id);
    // Either already final (and so out of the list) or still following its way to SUCCESS.
    if (row !== undefined) expect(row.state).toMatch(/PENDING|SUCCESS/);
    await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.id === prepared.id && e.withdrawal.state === 'SUCCESS');
    expect(h.store.byTxId('profile-1', prepared.id!)?.state).toBe('SUCCESS');
  });

  it('a commit answered 504 is retried by the client (it is idempotent) and lands once, audited once', async () => {
    const prepared = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.005' }));
    const path = `${WITHDRAW_PATH}/${prepared.id}`;
    await h.control('POST', '/sandbox/faults', { path, method: 'PUT', status: 504, count: 1 });
    const puts = () => h.wire.filter((line) => line === `PUT ${path}`).length;
    const committed = unwrap(await h.core.handlers.commitWithdrawal({ id: prepared.id! }));
    await h.control('DELETE', '/sandbox/faults');
    expect(committed.state).toBe('PENDING');
    expect(puts()).toBe(2);
    const commits = h.audit.all({ action: 'commit' }).filter((e) => e.txId === prepared.id);
    expect(commits.map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'ok']]);
  });

  it('a commit answered 503 on every try is checked, with nothing offered, until the ledger proves it never landed; then both are offered', async () => {
    const prepared = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.006' }));
    const path = `${WITHDRAW_PATH}/${prepared.id}`;
    await h.control('POST', '/sandbox/faults', { path, method: 'PUT', status: 503 });
    const result = await h.core.handlers.commitWithdrawal({ id: prepared.id! });
    await h.control('DELETE', '/sandbox/faults');
    expect(result).toMatchObject({ ok: false, error: { code: 'API_503', message: expect.stringMatching(/maintenance/) } });
    // A 5xx may have been handled: approving or rejecting again could race the first approval.
    const row = unwrap(await h.core.handlers.listApprovals()).find((w) => w.id === prepared.id);
    expect(row).toMatchObject({ state: 'COMMITTING', actions: [], moveId: expect.any(String), error: expect.stringMatching(/maintenance.*checking with the service/) });
    const results = h.audit.all({ action: 'commit' }).filter((e) => e.txId === prepared.id && e.phase === 'result');
    expect(results.map((e) => e.outcome)).toEqual(['error']);

    const from = h.events.length;
    await h.advanceClock(45_000);
    const waiting = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.id === prepared.id && e.withdrawal.state === 'CREATED', 10_000, from);
    expect(waiting.withdrawal).toMatchObject({ actions: ['commit', 'rollback'], moveId: null, error: expect.stringMatching(/never reached the service/) });
  });
});
