// A withdrawal the service settled is told once: completed, failed or expired, in the app always
// and on the desktop only when notifications are already allowed; a person's own rejection and
// every update short of an outcome are not told.
import { describe, expect, it } from 'vitest';
import type { WithdrawalView, WithdrawalViewState } from '../../../../preload/contract/withdrawals';
import type { NotificationApi } from '../../../../renderer/src/modules/approvals/deadline-notifier';
import { createSettlementNotifier, settlementText } from '../../../../renderer/src/modules/approvals/settlement-notifier';

function view(state: WithdrawalViewState, id: string | null = '7001'): WithdrawalView {
  return {
    localId: 'w-1', id, state, serviceStatus: null, currency: 'BTC', amount: '0.01500000', fee: '0.0001', network: 'BTC',
    address: 'bc1qsettlement9f3a', paymentId: null, publicComment: null, preparedBy: null, createdAt: null, deadline: null,
    updatedAt: '2026-03-02T09:00:00.000Z', actions: [], moveId: null, error: null,
  };
}

function desktop(permission: NotificationPermission) {
  const shown: [string, string, string][] = [];
  const api: NotificationApi = {
    permission,
    requestPermission: async () => {
      throw new Error('a settlement never asks for permission');
    },
    show: (title, body, tag) => void shown.push([title, body, tag]),
  };
  return { api, shown };
}

describe('settlement notifier', () => {
  it('tells a completed withdrawal in the app and on the desktop, once', () => {
    const { api, shown } = desktop('granted');
    const inApp: string[] = [];
    const notifier = createSettlementNotifier(api, (_view, title) => inApp.push(title));
    expect(notifier.settled(view('PENDING'))).toBe('none');
    expect(notifier.settled(view('SUCCESS'))).toBe('desktop');
    expect(notifier.settled(view('SUCCESS'))).toBe('already');
    expect(inApp).toEqual(['Withdrawal completed']);
    expect(shown).toEqual([['Withdrawal completed', '0.01500000 BTC to the address ending 9f3a (transaction 7001).', 'coffer-settled-7001']]);
  });

  it('tells failures and expiries, and not a rejection, a refusal or a waiting row', () => {
    const inApp: string[] = [];
    const notifier = createSettlementNotifier(desktop('granted').api, (_view, title) => inApp.push(title));
    for (const state of ['CREATED', 'COMMITTING', 'ROLLING_BACK', 'ROLLED_BACK', 'REFUSED', 'UNCERTAIN'] as const) {
      expect(notifier.settled(view(state, `t-${state}`)), state).toBe('none');
    }
    expect(notifier.settled(view('FAILED', 't-1'))).toBe('desktop');
    expect(notifier.settled(view('EXPIRED', 't-2'))).toBe('desktop');
    expect(inApp).toEqual(['Withdrawal failed', 'Withdrawal rolled back — expired']);
  });

  it('stays in the app when notifications are not allowed or absent, without asking', () => {
    for (const permission of ['default', 'denied'] as const) {
      const { api, shown } = desktop(permission);
      expect(createSettlementNotifier(api, () => undefined).settled(view('SUCCESS'))).toBe('in-app');
      expect(shown).toEqual([]);
    }
    expect(createSettlementNotifier(null, () => undefined).settled(view('SUCCESS'))).toBe('in-app');
  });

  it('words a withdrawal with no service id without one', () => {
    expect(settlementText(view('FAILED', null))).toEqual({ title: 'Withdrawal failed', body: '0.01500000 BTC to the address ending 9f3a.' });
  });
});
