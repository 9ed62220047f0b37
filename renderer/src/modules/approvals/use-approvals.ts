// Async approvals work. useApprovalsSync() is the one app-wide subscription (queue + events +
// deadline and settlement notifications, and on a team desk the team's status, the queue read again whenever the
// team changes, and a notice when another desk wants an approval), started once whichever page
// calls it first; useApprovalActions()
// commits and rolls back, one at a time or in bulk, and reports each outcome.
import { useMessage } from 'naive-ui';
import { watch } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { RejectWithdrawal, WithdrawalView } from '../../../../preload/contract/withdrawals';
import { useBridge } from '../../bridge-key';
import { loadWhenReady } from '../connection/use-load-when-ready';
import { announce } from '../a11y/announcer';
import { useProfilesStore } from '../profiles/profiles-store';
import { showWaitingCount } from '../shell/window-title';
import { useTeamSync } from '../team/use-team';
import { createApprovalWantedNotifier } from './approval-wanted-notifier';
import { useApprovalsStore } from './approvals-store';
import { browserNotificationApi, createDeadlineNotifier, type DeadlineNotifier } from './deadline-notifier';
import { createSettlementNotifier } from './settlement-notifier';

let notifier: DeadlineNotifier | null = null;

/** The notifier shared by the sync and by the first approve/reject click that asks permission. */
export function deadlineNotifier(): DeadlineNotifier | null {
  return notifier;
}

export interface ApprovalsSync {
  /** Reads the queue again (the page's Refresh). */
  load: () => Promise<void>;
}

export function useApprovalsSync(): ApprovalsSync {
  const { api } = useBridge();
  const store = useApprovalsStore();
  const profiles = useProfilesStore();
  const message = useMessage();

  async function load(): Promise<void> {
    const profileId = profiles.activeProfileId;
    const result = await api.listApprovals();
    if (result.ok) store.setRows(profileId, result.value);
    else store.setLoadError(profileId, result.error);
  }

  if (store.syncing) return { load };
  store.setSyncing(true);
  const inApp = (title: string, body: string) => message.warning(`${title}. ${body}`, { duration: 15_000, closable: true });
  const deadlines = createDeadlineNotifier(browserNotificationApi(), inApp);
  notifier = deadlines;
  const wanted = createApprovalWantedNotifier(browserNotificationApi(), () => deadlines.askPermission(), inApp, (sentence) => announce(sentence, 'polite'));
  // The queue's rows already tell a screen reader of a settled row (approvals-store.ts): this adds the toast and the desktop.
  const settlements = createSettlementNotifier(browserNotificationApi(), (view, title, body) => {
    const show = view.state === 'SUCCESS' ? message.success : view.state === 'FAILED' ? message.error : message.warning;
    show(`${title}: ${body}`, { duration: 12_000, closable: true });
  });
  // The "N waiting" of the Approvals page, in front of the window's title on every page.
  watch(() => store.waiting, showWaitingCount, { immediate: true });
  // The withdrawal form and the rows' team facts need the team's status wherever the app starts.
  useTeamSync();
  // Detached: the subscription lives as long as the app, not as the page that started it.
  loadWhenReady(load, () => {
    api.on('withdrawalUpdated', ({ profileId, withdrawal }) => {
      store.applyUpdate(profileId, withdrawal);
      if (profileId === profiles.activeProfileId) settlements.settled(withdrawal);
    });
    api.on('withdrawalDeadlineSoon', ({ withdrawal, minutesLeft }) => void notifier?.notify(withdrawal, minutesLeft));
    api.on('teamChanged', () => void load());
    api.on('teamApprovalWanted', (event) => void wanted.notify(event));
  });
  return { load };
}

/** A team row's rejection carries its reason; another row's goes as before. */
export function rejection(id: string, row: Pick<WithdrawalView, 'team'>, reason: string | null): RejectWithdrawal {
  return row.team && reason !== null && reason.trim() !== '' ? { id, reason: reason.trim() } : { id };
}

export type ActionOutcome = { row: WithdrawalView; ok: true; view: WithdrawalView } | { row: WithdrawalView; ok: false; error: AppError };

export interface ApprovalActions {
  approve: (rows: readonly WithdrawalView[]) => Promise<ActionOutcome[]>;
  /** `reason` goes with each team row's rejection (the other desks read it). */
  reject: (rows: readonly WithdrawalView[], reason?: string | null) => Promise<ActionOutcome[]>;
}

export function useApprovalActions(): ApprovalActions {
  const { api } = useBridge();
  const store = useApprovalsStore();
  const profiles = useProfilesStore();

  /** One after another, so each lands in the audit log in order and limits are respected. */
  async function run(kind: 'commit' | 'rollback', rows: readonly WithdrawalView[], reason: string | null = null): Promise<ActionOutcome[]> {
    void deadlineNotifier()?.askPermission(); // first use: inside the approver's click
    const outcomes: ActionOutcome[] = [];
    const profileId = profiles.activeProfileId;
    for (const row of rows) {
      if (row.id === null) continue;
      // Rows not read live from the active profile's service (or another profile's) are not acted on.
      if (store.blockedReason !== null || profiles.activeProfileId !== profileId) break;
      const request = { id: row.id };
      const result = kind === 'commit' ? await api.commitWithdrawal(request) : await api.rollbackWithdrawal(rejection(row.id, row, reason));
      if (result.ok) {
        store.applyUpdate(profileId ?? '', result.value);
        outcomes.push({ row, ok: true, view: result.value });
      } else {
        outcomes.push({ row, ok: false, error: result.error });
      }
    }
    return outcomes;
  }

  return {
    approve: (rows: readonly WithdrawalView[]) => run('commit', rows),
    reject: (rows: readonly WithdrawalView[], reason?: string | null) => run('rollback', rows, reason ?? null),
  };
}
