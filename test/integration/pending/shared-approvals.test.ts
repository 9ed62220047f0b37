// The approvals queue of a desk whose profile says the account is shared: when its prepare never
// reached the service and another desk prepared the identical withdrawal, the other desk's
// withdrawal is never shown as this desk's own ("prepared by … this desk · Waiting for approval");
// it is a candidate on this desk's row only, until a person decides.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC_ADDRESS, PROFILE, startHarness, unwrap, waitForEvent, type Harness } from '../withdrawals/harness';

let h: Harness;
const WITHDRAW = '/api/3/wallet/crypto/withdraw';

beforeAll(async () => {
  h = await startHarness({ client: { timeoutMs: 1_500 }, profile: { ...PROFILE, sharedAccount: true } });
  await h.core.activate();
  await waitForEvent(h, 'walletLive', (e) => e.live);
});
afterAll(async () => {
  await h?.close();
});

describe('approvals on a shared account', () => {
  it('never make the other desk\'s identical withdrawal this desk\'s own; a person\'s "none of these" gives it back', async () => {
    await h.control('POST', '/sandbox/faults', { path: WITHDRAW, method: 'POST', status: 504, count: 1 });
    const view = unwrap(await h.core.handlers.prepareWithdrawal({ currency: 'BTC', address: BTC_ADDRESS, amount: '0.0051' }));
    expect(view.state).toBe('UNCERTAIN');
    if (view.moveId === null) throw new Error('no move id');
    // Another desk on the account prepares the very same withdrawal a moment later.
    const theirs = await h.api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.0051'), address: BTC_ADDRESS });
    if (theirs.status !== 'done') throw new Error('the other desk could not prepare');

    const ambiguous = await waitForEvent(h, 'pendingMoveUpdated', (e) => e.move.id === view.moveId && ['found', 'absent', 'ambiguous'].includes(e.move.state), 20_000);
    expect(ambiguous.move).toMatchObject({ state: 'ambiguous', candidates: [{ id: theirs.value.id }] });
    expect(ambiguous.move.reason).toMatch(/Other desks or scripts use this account/);
    const queue = unwrap(await h.core.handlers.listApprovals());
    expect(queue.find((r) => r.localId === view.localId)).toMatchObject({ state: 'UNCERTAIN', id: null, actions: [] });
    expect(queue.filter((r) => r.id === theirs.value.id)).toEqual([]);

    const dismissed = unwrap(await h.core.handlers.dismissPendingMove({ moveId: view.moveId }));
    expect(dismissed).toMatchObject({ state: 'absent', settledBy: 'person' });
    const refused = await waitForEvent(h, 'withdrawalUpdated', (e) => e.withdrawal.localId === view.localId && !['PREPARING', 'UNCERTAIN'].includes(e.withdrawal.state));
    expect(refused.withdrawal).toMatchObject({ id: null, actions: ['prepareAgain'] });
    const after = unwrap(await h.core.handlers.listApprovals());
    expect(after.find((r) => r.id === theirs.value.id)).toMatchObject({ state: 'CREATED', preparedBy: null });
  }, 30_000);
});
