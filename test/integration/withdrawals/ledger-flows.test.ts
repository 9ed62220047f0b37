// The ledger as the app uses it: a transfer whose reply is lost settles by itself; a prepare that
// never reached the service is not pinned on another desk's withdrawal; an ambiguous prepare shows
// its candidates, offers nothing to approve, and is settled by a person.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BTC_ADDRESS, startHarness, unwrap, waitForEvent, type Harness } from './harness';

let h: Harness;
const WITHDRAW = '/api/3/wallet/crypto/withdraw';

beforeAll(async () => {
  h = await startHarness({ client: { timeoutMs: 1_500 } });
  await h.core.activate();
  await waitForEvent(h, 'walletLive', (e) => e.live);
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => h.control('DELETE', '/sandbox/faults'));

const posts = (path: string) => h.wire.filter((line) => line === `POST ${path}`).length;

/** Another desktop on the same account: a plain client call, unknown to this app's ledger. */
const otherDesk = (amount: string) => h.api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(amount), address: BTC_ADDRESS });

describe('the ledger in the app', () => {
  it('a transfer whose reply is lost turns from uncertain to done by itself, audited, sent once', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transfer', method: 'POST', status: 504, after: true, count: 1 });
    const before = posts('/api/3/wallet/transfer');
    const result = unwrap(await h.core.handlers.transferFunds({ currency: 'USDT', amount: '12.34', from: 'wallet', to: 'spot' }));
    if (result.state !== 'uncertain') throw new Error('expected uncertain');
    const found = await waitForEvent(h, 'pendingMoveUpdated', (e) => e.move.id === result.moveId && e.move.state === 'found', 20_000);
    expect(found.move.txIds).toHaveLength(1);
    expect(posts('/api/3/wallet/transfer') - before).toBe(1);
    const entries = h.audit.all({ action: 'transfer' }).filter((e) => e.correlationId === result.moveId);
    expect(entries.map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'uncertain'], ['result', 'ok']]);
    expect(entries[2]?.txId).toBe(found.move.txIds[0]);
  }, 30_000);

  it('a prepare refused before handling is proven absent, not pinned on another desk\'s older withdrawal', async () => {
    const elsewhere = await otherDesk('0.0118');
    if (elsewhere.status !== 'done') throw new Error('the other desk could not prepare');
    await h.control('POST', '/sandbox/faults', { path: WITHDRAW, method: 'POST', status: 504, count: 1 });
    const view = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.0123' }));
    expect(view.state).toBe('UNCERTAIN');
    expect(view.actions).toEqual([]);
    const settled = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.localId === view.localId && !['PREPARING', 'UNCERTAIN'].includes(e.withdrawal.state), 20_000);
    expect(settled.withdrawal).toMatchObject({ state: 'REFUSED', id: null, actions: ['prepareAgain'] });
    const rows = unwrap(await h.core.handlers.listApprovals());
    // The other desk's withdrawal is still its own row, waiting, prepared elsewhere.
    expect(rows.find((r) => r.id === elsewhere.value.id)).toMatchObject({ state: 'CREATED', preparedBy: null });
  }, 30_000);

  it('an ambiguous prepare lists its candidates, offers nothing to approve, and a person links the right one', async () => {
    // This desk's reply is lost; before its signature window closes, another desk prepares the
    // same amount to the same address. Both are newer than this desk's cursor.
    await h.control('POST', '/sandbox/faults', { path: WITHDRAW, method: 'POST', status: 504, after: true, count: 1 });
    const mine = h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.0042' });
    const view = unwrap(await mine);
    const theirs = await otherDesk('0.0042');
    if (theirs.status !== 'done') throw new Error('the other desk could not prepare');
    expect(view.state).toBe('UNCERTAIN');
    if (view.moveId === null) throw new Error('no move id');

    const ambiguous = await waitForEvent(h, 'pendingMoveUpdated', (e) => e.move.id === view.moveId && e.move.state === 'ambiguous', 20_000);
    expect(ambiguous.move.candidates).toHaveLength(2);
    const candidateIds = ambiguous.move.candidates.map((c) => c.id);
    expect(candidateIds).toContain(theirs.value.id);
    expect(ambiguous.move.candidates[0]).toMatchObject({ amount: '0.0042', address: BTC_ADDRESS, status: 'CREATED' });

    const queue = unwrap(await h.core.handlers.listApprovals());
    const row = queue.find((r) => r.localId === view.localId);
    expect(row).toMatchObject({ state: 'UNCERTAIN', actions: [], moveId: view.moveId });
    // Neither candidate is offered as a row of its own while the person has not decided.
    expect(queue.filter((r) => r.id !== null && candidateIds.includes(r.id))).toEqual([]);
    expect(unwrap(await h.core.handlers.listPendingMoves()).find((m) => m.id === view.moveId)?.state).toBe('ambiguous');

    const ownId = candidateIds.find((id) => id !== theirs.value.id) ?? '';
    const linked = unwrap(await h.core.handlers.linkPendingMove({ moveId: view.moveId, txId: ownId }));
    expect(linked).toMatchObject({ state: 'found', settledBy: 'person', txIds: [ownId] });
    const created = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.localId === view.localId && e.withdrawal.state === 'CREATED');
    expect(created.withdrawal).toMatchObject({ id: ownId, actions: ['commit', 'rollback'] });
    const after = unwrap(await h.core.handlers.listApprovals());
    expect(after.find((r) => r.id === theirs.value.id)).toMatchObject({ state: 'CREATED', preparedBy: null });
    expect(await h.core.handlers.linkPendingMove({ moveId: view.moveId, txId: theirs.value.id })).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED' } });

    const trail = h.audit.all({ action: 'prepare' }).filter((e) => e.correlationId === view.moveId);
    expect(trail.map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'uncertain'], ['result', 'uncertain'], ['result', 'ok']]);
    expect(trail[3]?.detail).toMatch(/by a person/);
  }, 40_000);

  it('an uncertain prepare written by the previous version (before the ledger) is taken over and settled after a restart', async () => {
    const sentAtMs = h.api.serviceNow() - 60_000;
    const operation = { kind: 'withdraw', currency: 'BTC', amount: '0.0077', destination: BTC_ADDRESS, sentAtMs, settleByMs: sentAtMs + 11_000 };
    const now = new Date().toISOString();
    h.store.save({
      localId: 'legacy-1', profileId: 'profile-1', txId: null, state: 'UNCERTAIN', serviceStatus: null, currency: 'BTC', amount: '0.0077',
      fee: '0.0005', network: 'BTC', address: BTC_ADDRESS, paymentId: null, publicComment: null, includeFee: false, preparedBy: 'Treasury desk',
      preparedOsUser: 'tester', preparedAt: now, createdAt: null, pendingOperation: JSON.stringify({ operation, correlationId: 'legacy-correlation' }),
      rolledBackByUs: false, deadlineNotified: false, error: 'The service did not answer in time.', updatedAt: now,
    });
    await h.restart();
    const settled = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.localId === 'legacy-1' && e.withdrawal.state === 'REFUSED');
    expect(settled.withdrawal.error).toMatch(/never reached the service/);
    const move = unwrap(await h.core.handlers.listPendingMoves()).find((m) => m.id === 'legacy-correlation');
    expect(move).toMatchObject({ state: 'absent', kind: 'withdraw', amount: '0.0077', settledBy: 'reconciler' });
  });
});
