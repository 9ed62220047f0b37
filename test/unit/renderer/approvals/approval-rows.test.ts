import { describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../../preload/contract/withdrawals';
import {
  canApprove,
  countdown,
  lastFour,
  matchesLastFour,
  mergeRow,
  replaceRows,
  sortRows,
  STATE_LABELS,
  moveNeedsPerson,
  moveNoun,
  stateLabel,
  stateTone,
} from '../../../../renderer/src/modules/approvals/approval-rows';
import { createDeadlineNotifier, deadlineText, type NotificationApi } from '../../../../renderer/src/modules/approvals/deadline-notifier';

function view(overrides: Partial<WithdrawalView>): WithdrawalView {
  return {
    localId: 'l1', id: 'tx1', state: 'CREATED', serviceStatus: 'CREATED', currency: 'USDT', amount: '100', fee: '5',
    network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7', paymentId: null, publicComment: null,
    preparedBy: null, createdAt: '2026-11-23T09:00:00.000Z', deadline: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z', actions: ['commit', 'rollback'], error: null, moveId: null, ...overrides,
  };
}

describe('countdown', () => {
  const deadline = '2026-11-23T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('reads minutes and seconds, with hours only when needed', () => {
    expect(countdown(deadline, at('2026-11-23T09:00:00.000Z')).text).toBe('1:00:00');
    expect(countdown(deadline, at('2026-11-23T09:00:30.000Z'))).toMatchObject({ text: '59:30', urgent: false, expired: false });
  });

  it('turns urgent under ten minutes and expired at the deadline', () => {
    expect(countdown(deadline, at('2026-11-23T09:50:00.000Z')).urgent).toBe(false);
    expect(countdown(deadline, at('2026-11-23T09:50:00.001Z'))).toMatchObject({ text: '10:00', urgent: true });
    expect(countdown(deadline, at('2026-11-23T09:59:59.500Z')).text).toBe('0:01');
    expect(countdown(deadline, at('2026-11-23T10:00:00.000Z'))).toMatchObject({ text: 'expired', expired: true });
  });
});

describe('last-four confirmation', () => {
  const address = '0x52908400098527886E0F7030069857D2E4169EE7';
  it('needs the exact last four characters, case included', () => {
    expect(lastFour(address)).toBe('9EE7');
    expect(matchesLastFour(' 9EE7 ', address)).toBe(true);
    expect(matchesLastFour('9ee7', address)).toBe(false);
    expect(matchesLastFour('EE7', address)).toBe(false);
    expect(matchesLastFour('', 'abc')).toBe(false);
  });
});

describe('queue rows', () => {
  it('follows a row through its states and ignores a stale update', () => {
    const created = view({});
    const pending = view({ state: 'PENDING', actions: [], updatedAt: '2026-11-23T09:05:00.000Z' });
    const rows = mergeRow([created], pending);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).toBe('PENDING');
    expect(mergeRow(rows, created)[0]?.state).toBe('PENDING');
    expect(STATE_LABELS.EXPIRED).toBe('Rolled back — expired');
  });

  it('reads an approval or rejection being checked through the ledger apart from one in flight', () => {
    expect(stateLabel(view({ state: 'COMMITTING', actions: [] }))).toBe('Approving…');
    expect(stateLabel(view({ state: 'COMMITTING', actions: [], moveId: 'm1' }))).toBe('Approval sent — checking');
    expect(stateLabel(view({ state: 'ROLLING_BACK', actions: [], moveId: 'm1' }))).toBe('Rejection sent — checking');
    expect(stateTone(view({ state: 'ROLLING_BACK', actions: [], moveId: 'm1' }))).toBe('warning');
    expect(stateTone(view({ state: 'ROLLING_BACK', actions: [] }))).toBe('info');
    expect(stateLabel(view({ state: 'UNCERTAIN', id: null, actions: [], moveId: 'm1' }))).toBe(STATE_LABELS.UNCERTAIN);
  });

  it('asks a person on the row only what the ledger cannot settle alone', () => {
    expect(moveNeedsPerson({ state: 'ambiguous', mayRunLate: false })).toBe('choose');
    expect(moveNeedsPerson({ state: 'uncertain', mayRunLate: true })).toBe('giveUp');
    expect(moveNeedsPerson({ state: 'uncertain', mayRunLate: false })).toBeNull();
    expect(moveNeedsPerson({ state: 'absent', mayRunLate: true })).toBeNull();
    expect(moveNeedsPerson(null)).toBeNull();
    expect([moveNoun('commit'), moveNoun('rollback'), moveNoun('withdraw')]).toEqual(['approval', 'rejection', 'withdrawal']);
  });

  it('matches a row seen first without a service id to its later update', () => {
    const uncertain = view({ id: null, state: 'UNCERTAIN', actions: [] });
    expect(mergeRow([uncertain], view({ updatedAt: '2026-11-23T09:01:00.000Z' }))).toHaveLength(1);
  });

  it('keeps settled rows from this session when the list is reloaded', () => {
    const settled = view({ localId: 'l2', id: 'tx2', state: 'SUCCESS', actions: [] });
    const stillWaiting = view({ localId: 'l3', id: 'tx3' });
    const gone = view({ localId: 'l4', id: 'tx4' });
    const next = replaceRows([settled, gone], [stillWaiting]);
    expect(next.map((r) => r.id)).toEqual(['tx3', 'tx2']);
  });

  it('sorts newest first and allows approval only with a service id and the action', () => {
    const older = view({ localId: 'a', id: 'a', createdAt: '2026-11-23T08:00:00.000Z' });
    const newer = view({ localId: 'b', id: 'b', createdAt: '2026-11-23T09:30:00.000Z' });
    expect(sortRows([older, newer]).map((r) => r.id)).toEqual(['b', 'a']);
    expect(canApprove(newer)).toBe(true);
    expect(canApprove(view({ id: null }))).toBe(false);
    expect(canApprove(view({ state: 'COMMITTING', actions: [] }))).toBe(false);
  });
});

describe('deadline notifier', () => {
  function fakeApi(permission: NotificationPermission, answer: NotificationPermission): NotificationApi & { shown: string[]; asked: number } {
    const api = {
      permission, shown: [] as string[], asked: 0,
      requestPermission: async () => {
        api.asked += 1;
        api.permission = answer;
        return answer;
      },
      show: (title: string) => void api.shown.push(title),
    };
    return api;
  }

  it('asks permission on first use, then notifies the desktop once per withdrawal', async () => {
    const api = fakeApi('default', 'granted');
    const inApp: string[] = [];
    const notifier = createDeadlineNotifier(api, (title) => inApp.push(title));
    expect(await notifier.notify(view({}), 9.6)).toBe('desktop');
    expect(await notifier.notify(view({}), 5)).toBe('already');
    expect(api.asked).toBe(1);
    expect(api.shown).toEqual(['Withdrawal expires in 10 minutes']);
    expect(inApp).toEqual([]);
  });

  it('falls back to an in-app message when refused or unsupported', async () => {
    const inApp: string[] = [];
    expect(await createDeadlineNotifier(fakeApi('denied', 'denied'), (t) => inApp.push(t)).notify(view({}), 1)).toBe('in-app');
    expect(await createDeadlineNotifier(null, (t) => inApp.push(t)).notify(view({}), 1)).toBe('in-app');
    expect(inApp).toEqual(['Withdrawal expires in 1 minute', 'Withdrawal expires in 1 minute']);
    expect(deadlineText(view({}), 10).body).toContain('0x52908400098527886E0F7030069857D2E4169EE7');
  });

  it('does not wait forever for a permission prompt nobody answers', async () => {
    const api: NotificationApi = { permission: 'default', requestPermission: () => new Promise(() => undefined), show: () => undefined };
    const inApp: string[] = [];
    expect(await createDeadlineNotifier(api, (t) => inApp.push(t), 20).notify(view({}), 3)).toBe('in-app');
    expect(inApp).toEqual(['Withdrawal expires in 3 minutes']);
  });
});
