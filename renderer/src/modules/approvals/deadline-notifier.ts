// The desktop notification for a withdrawal ten minutes from its deadline: the Notification API
// (permission asked the first time it is needed), or an in-app message when the API is absent or
// refused. Each withdrawal is announced once.
import type { WithdrawalView } from '../../../../preload/contract/withdrawals';

export interface NotificationApi {
  permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  show(title: string, body: string, tag: string): void;
}

export interface DeadlineNotifier {
  notify(view: WithdrawalView, minutesLeft: number): Promise<'desktop' | 'in-app' | 'already'>;
  /** Ask for permission now (call from a click: browsers honour requests made in a gesture). */
  askPermission(): Promise<NotificationPermission | 'unsupported'>;
}

export function deadlineText(view: WithdrawalView, minutesLeft: number): { title: string; body: string } {
  const minutes = Math.max(0, Math.round(minutesLeft));
  return {
    title: `Withdrawal expires in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    body: `${view.amount} ${view.currency} to ${view.address} is still waiting for approval; the service rolls it back at the deadline.`,
  };
}

/** A permission prompt nobody answers (or a browser that never settles it) must not swallow the alert. */
export const PERMISSION_WAIT_MS = 8_000;

export function createDeadlineNotifier(
  api: NotificationApi | null,
  inApp: (title: string, body: string) => void,
  permissionWaitMs = PERMISSION_WAIT_MS,
): DeadlineNotifier {
  const announced = new Set<string>();

  async function askPermission(): Promise<NotificationPermission | 'unsupported'> {
    if (!api) return 'unsupported';
    if (api.permission !== 'default') return api.permission;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unanswered = new Promise<NotificationPermission>((resolve) => (timer = setTimeout(() => resolve('default'), permissionWaitMs)));
    try {
      return await Promise.race([api.requestPermission(), unanswered]);
    } catch {
      return 'denied';
    } finally {
      clearTimeout(timer);
    }
  }

  async function notify(view: WithdrawalView, minutesLeft: number): Promise<'desktop' | 'in-app' | 'already'> {
    const key = view.id ?? view.localId;
    if (announced.has(key)) return 'already';
    announced.add(key);
    const { title, body } = deadlineText(view, minutesLeft);
    if ((await askPermission()) === 'granted' && api) {
      api.show(title, body, `coffer-deadline-${key}`);
      return 'desktop';
    }
    inApp(title, body);
    return 'in-app';
  }

  return { notify, askPermission };
}

/** The browser's Notification API, or null where there is none. */
export function browserNotificationApi(): NotificationApi | null {
  if (typeof Notification === 'undefined') return null;
  return {
    get permission() {
      return Notification.permission;
    },
    requestPermission: () => Notification.requestPermission(),
    show: (title, body, tag) => void new Notification(title, { body, tag }),
  };
}
