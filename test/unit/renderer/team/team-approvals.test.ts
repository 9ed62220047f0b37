// The approvals queue on a team desk: the policy decides whether this desk may approve, a
// rejection carries its reason for the other desks, and another desk's request for an approval is
// notified once, on the desktop when allowed and in the app otherwise, and always said aloud.
import { describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../../preload/contract';
import { ok } from '../../../../preload/contract/result';
import { canApprove, canReject, rejectNeedsReason } from '../../../../renderer/src/modules/approvals/approval-rows';
import { approvalWantedText, createApprovalWantedNotifier } from '../../../../renderer/src/modules/approvals/approval-wanted-notifier';
import { useApprovalsStore } from '../../../../renderer/src/modules/approvals/approvals-store';
import type { NotificationApi } from '../../../../renderer/src/modules/approvals/deadline-notifier';
import { rejection, useApprovalActions } from '../../../../renderer/src/modules/approvals/use-approvals';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { fakeBridge, withSetup } from '../fake-bridge';
import { teamView } from './fixtures';

function view(localId: string, id: string, team: WithdrawalView['team'] = null): WithdrawalView {
  return {
    localId, id, state: 'CREATED', serviceStatus: 'CREATED', currency: 'USDT', amount: '12000', fee: '5', network: 'ETH',
    address: '0x52908400098527886E0F7030069857D2E4169EE7', paymentId: null, publicComment: null, preparedBy: null,
    createdAt: '2026-11-27T09:00:00.000Z', deadline: '2026-11-27T10:00:00.000Z', updatedAt: '2026-11-27T09:00:00.000Z',
    actions: ['commit', 'rollback'], error: null, moveId: null, team,
  };
}

describe('team rows in the queue', () => {
  it('may be approved only when the policy lets this desk, and rejected regardless', () => {
    expect(canApprove(view('a', 'tx-a'))).toBe(true);
    expect(canApprove(view('a', 'tx-a', teamView({ canApprove: true, whyNot: null })))).toBe(true);
    const mine = view('b', 'tx-b', teamView({ canApprove: false }));
    expect(canApprove(mine)).toBe(false);
    expect(canReject(mine)).toBe(true);
  });

  it('asks for a reason to reject as soon as one row belongs to the team', () => {
    expect(rejectNeedsReason([view('a', 'tx-a')])).toBe(false);
    expect(rejectNeedsReason([view('a', 'tx-a'), view('b', 'tx-b', teamView())])).toBe(true);
  });

  it('sends the reason with a team row’s rejection only', () => {
    expect(rejection('tx-b', { team: teamView() }, ' not ours ')).toEqual({ id: 'tx-b', reason: 'not ours' });
    expect(rejection('tx-a', { team: null }, 'not ours')).toEqual({ id: 'tx-a' });
    expect(rejection('tx-b', { team: teamView() }, null)).toEqual({ id: 'tx-b' });
  });

  it('rejects each row with the reason it needs, through rollback', async () => {
    const fake = fakeBridge({ rollbackWithdrawal: ({ id }) => ok({ ...view(id === 'tx-a' ? 'a' : 'b', id), state: 'ROLLED_BACK' }) });
    const rows = [view('a', 'tx-a'), view('b', 'tx-b', teamView())];
    const { result: actions } = withSetup(fake.bridge, () => useApprovalActions(), () => {
      useProfilesStore().setActiveProfileId('p1');
      useApprovalsStore().setRows('p1', rows);
    });
    const outcomes = await actions.reject(rows, 'Duplicate of yesterday’s payment');
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true]);
    expect(fake.calls.map((call) => call.request)).toEqual([{ id: 'tx-a' }, { id: 'tx-b', reason: 'Duplicate of yesterday’s payment' }]);
  });
});

describe('createApprovalWantedNotifier', () => {
  const wanted = { txId: 'tx-9', preparedBy: 'Payments', currency: 'USDT', amount: '12000' };

  function api(permission: NotificationPermission): NotificationApi & { shown: string[] } {
    const shown: string[] = [];
    return { permission, shown, requestPermission: async () => permission, show: (title, _body, tag) => shown.push(`${tag}: ${title}`) };
  }

  it('shows a desktop notification once per withdrawal when allowed, and says it', async () => {
    const desktop = api('granted');
    const said: string[] = [];
    const inApp: string[] = [];
    const notifier = createApprovalWantedNotifier(desktop, async () => 'granted', (title) => inApp.push(title), (s) => said.push(s));
    expect(await notifier.notify(wanted)).toBe('desktop');
    expect(await notifier.notify(wanted)).toBe('already');
    expect(desktop.shown).toEqual(['coffer-approval-wanted-tx-9: Payments asks for your approval']);
    expect(inApp).toEqual([]);
    expect(said).toEqual([`${approvalWantedText(wanted).title}. ${approvalWantedText(wanted).body}`]);
  });

  it('falls back to the app’s own message when notifications are refused or absent', async () => {
    const inApp: string[] = [];
    const refused = createApprovalWantedNotifier(api('denied'), async () => 'denied', (title) => inApp.push(title), () => undefined);
    const absent = createApprovalWantedNotifier(null, async () => 'unsupported', (title) => inApp.push(title), () => undefined);
    expect(await refused.notify(wanted)).toBe('in-app');
    expect(await absent.notify({ ...wanted, txId: 'tx-10' })).toBe('in-app');
    expect(inApp).toHaveLength(2);
  });

  it('words the amount exactly as main sent it', () => {
    expect(approvalWantedText({ ...wanted, amount: '0.10000000', currency: 'BTC' }).body).toContain('0.10000000 BTC');
  });
});
