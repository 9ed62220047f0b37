// useApprovalActions: approve and reject go one after another (each audited in order), skip a row
// the service has no id for yet, report every outcome, and put each answer into the queue.
import { describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useApprovalsStore } from '../../../../renderer/src/modules/approvals/approvals-store';
import { useApprovalActions } from '../../../../renderer/src/modules/approvals/use-approvals';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { fakeBridge, withSetup } from '../fake-bridge';

function view(localId: string, id: string | null, state: WithdrawalView['state'] = 'CREATED'): WithdrawalView {
  return {
    localId, id, state, serviceStatus: state, currency: 'USDT', amount: '100', fee: '5', network: 'ETH',
    address: '0x52908400098527886E0F7030069857D2E4169EE7', paymentId: null, publicComment: null, preparedBy: null,
    createdAt: '2026-11-23T09:00:00.000Z', deadline: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z',
    actions: state === 'CREATED' ? ['commit', 'rollback'] : [], error: null, moveId: null,
  };
}

describe('useApprovalActions', () => {
  it('approves one row at a time, in order, and reports each outcome', async () => {
    let inFlight = 0;
    let overlapped = false;
    const fake = fakeBridge({
      commitWithdrawal: async ({ id }) => {
        inFlight += 1;
        overlapped ||= inFlight > 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        if (id === 'tx-b') return fail('API_20002', 'Withdrawal expired');
        return ok({ ...view(id === 'tx-a' ? 'a' : 'c', id), state: 'PENDING', updatedAt: '2026-11-23T09:05:00.000Z' });
      },
    });
    const { result: actions } = withSetup(fake.bridge, () => useApprovalActions(), () => {
      useProfilesStore().setActiveProfileId('p1');
      useApprovalsStore().setRows('p1', [view('a', 'tx-a'), view('b', 'tx-b'), view('c', 'tx-c')]);
    });
    const outcomes = await actions.approve([view('a', 'tx-a'), view('n', null), view('b', 'tx-b'), view('c', 'tx-c')]);

    expect(overlapped).toBe(false);
    expect(fake.calls.map((call) => call.request)).toEqual([{ id: 'tx-a' }, { id: 'tx-b' }, { id: 'tx-c' }]);
    expect(outcomes.map((outcome) => [outcome.row.localId, outcome.ok])).toEqual([['a', true], ['b', false], ['c', true]]);
    const failed = outcomes[1];
    expect(failed?.ok === false && failed.error.code).toBe('API_20002');
    const states = Object.fromEntries(useApprovalsStore().rows.map((row) => [row.localId, row.state]));
    expect(states).toEqual({ a: 'PENDING', b: 'CREATED', c: 'PENDING' });
  });

  it('rejects through rollback, never commit', async () => {
    const fake = fakeBridge({ rollbackWithdrawal: ({ id }) => ok({ ...view('a', id), state: 'ROLLED_BACK' }) });
    const { result: actions } = withSetup(fake.bridge, () => useApprovalActions(), () => {
      useProfilesStore().setActiveProfileId('p1');
      useApprovalsStore().setRows('p1', [view('a', 'tx-a')]);
    });
    const outcomes = await actions.reject([view('a', 'tx-a')]);
    expect(fake.calls.map((call) => call.op)).toEqual(['rollbackWithdrawal']);
    expect(outcomes[0]?.ok).toBe(true);
  });

  it('sends nothing for rows not read live from the active profile\'s service', async () => {
    const fake = fakeBridge({ commitWithdrawal: ({ id }) => ok({ ...view('a', id), state: 'PENDING' }) });
    const { result: actions } = withSetup(fake.bridge, () => useApprovalActions(), () => {
      useProfilesStore().setActiveProfileId('p1');
      useApprovalsStore().setRows('p1', [view('a', 'tx-a')]);
      useApprovalsStore().setLoadError('p1', { code: 'NETWORK', message: 'The service could not be reached.' });
    });
    expect(await actions.approve([view('a', 'tx-a')])).toEqual([]);
    useApprovalsStore().setRows('p1', [view('a', 'tx-a')]);
    useProfilesStore().setActiveProfileId('p2'); // the rows were p1's
    expect(await actions.approve([view('a', 'tx-a')])).toEqual([]);
    expect(fake.calls).toEqual([]);
  });
});
