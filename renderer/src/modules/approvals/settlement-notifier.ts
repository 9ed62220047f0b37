// The desktop notification for a withdrawal the service settled: completed, failed, or rolled back
// at its deadline — outcomes that arrive while the approver is elsewhere, often long after the
// approval. Always in the app, and on the desktop when the Notification API is there and already
// allowed (permission is asked from the approver's click, never here). A rejection made by a
// person is not news to them and is not notified. Each withdrawal's outcome is told once.
import { WITHDRAWAL_STATE_WORDS } from '../../../../preload/contract/status-words';
import type { WithdrawalView, WithdrawalViewState } from '../../../../preload/contract/withdrawals';
import type { NotificationApi } from './deadline-notifier';

const TOLD: ReadonlySet<WithdrawalViewState> = new Set(['SUCCESS', 'FAILED', 'EXPIRED']);

export interface SettlementNotifier {
  /** Tells the outcome when the update settles the withdrawal; 'none' for any other update. */
  settled(view: WithdrawalView): 'desktop' | 'in-app' | 'already' | 'none';
}

export function settlementText(view: WithdrawalView): { title: string; body: string } {
  return {
    title: `Withdrawal ${WITHDRAWAL_STATE_WORDS[view.state].label.toLowerCase()}`,
    body: `${view.amount} ${view.currency} to the address ending ${view.address.slice(-4)}${view.id === null ? '' : ` (transaction ${view.id})`}.`,
  };
}

export function createSettlementNotifier(api: NotificationApi | null, inApp: (view: WithdrawalView, title: string, body: string) => void): SettlementNotifier {
  const told = new Set<string>();

  function settled(view: WithdrawalView): 'desktop' | 'in-app' | 'already' | 'none' {
    if (!TOLD.has(view.state)) return 'none';
    const key = view.id ?? view.localId;
    if (told.has(key)) return 'already';
    told.add(key);
    const { title, body } = settlementText(view);
    inApp(view, title, body);
    if (!api || api.permission !== 'granted') return 'in-app';
    api.show(title, body, `coffer-settled-${key}`);
    return 'desktop';
  }

  return { settled };
}
