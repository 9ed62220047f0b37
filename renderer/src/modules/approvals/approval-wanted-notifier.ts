// The desktop notification for a withdrawal another desk of the team prepared and this desk may
// approve: the same Notification API and permission as the deadline notice (deadline-notifier.ts),
// an in-app message when it is absent or refused, and always a sentence for a screen reader. Each
// withdrawal is notified once, however often main repeats the event.
import type { TeamEvents } from '../../../../preload/contract/team';
import type { NotificationApi } from './deadline-notifier';

export type ApprovalWanted = TeamEvents['teamApprovalWanted'];

export interface ApprovalWantedNotifier {
  notify(wanted: ApprovalWanted): Promise<'desktop' | 'in-app' | 'already'>;
}

export function approvalWantedText(wanted: ApprovalWanted): { title: string; body: string } {
  return {
    title: `${wanted.preparedBy} asks for your approval`,
    body: `A withdrawal of ${wanted.amount} ${wanted.currency} is waiting in Approvals; it is rolled back if not approved within the hour.`,
  };
}

export function createApprovalWantedNotifier(
  api: NotificationApi | null,
  askPermission: () => Promise<NotificationPermission | 'unsupported'>,
  inApp: (title: string, body: string) => void,
  say: (sentence: string) => void,
): ApprovalWantedNotifier {
  const notified = new Set<string>();

  async function notify(wanted: ApprovalWanted): Promise<'desktop' | 'in-app' | 'already'> {
    if (notified.has(wanted.txId)) return 'already';
    notified.add(wanted.txId);
    const { title, body } = approvalWantedText(wanted);
    say(`${title}. ${body}`);
    if (api && (await askPermission()) === 'granted') {
      api.show(title, body, `coffer-approval-wanted-${wanted.txId}`);
      return 'desktop';
    }
    inApp(title, body);
    return 'in-app';
  }

  return { notify };
}
