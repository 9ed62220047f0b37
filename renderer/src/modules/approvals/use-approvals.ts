// Async approvals work. useApprovalsSync() is the one app-wide subscription (queue + events +
// deadline notifications), started once whichever page calls it first; useApprovalActions()
// commits and rolls back, one at a time or in bulk, and reports each outcome.
import { useMessage } from 'naive-ui';
import type { AppError } from '../../../../preload/contract';
import type { WithdrawalView } from '../../../../preload/contract/withdrawals';
import { useBridge } from '../../bridge-key';
import { loadWhenReady } from '../connection/use-load-when-ready';
import { useProfilesStore } from '../profiles/profiles-store';
import { useApprovalsStore } from './approvals-store';
import { browserNotificationApi, createDeadlineNotifier, type DeadlineNotifier } from './deadline-notifier';

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
  notifier = createDeadlineNotifier(browserNotificationApi(), (title, body) =>
    message.warning(`${title}. ${body}`, { duration: 15_000, closable: true }),
  );
  // Detached: the subscription lives as long as the app, not as the page that started it.
  loadWhenReady(load, () => {
    api.on('withdrawalUpdated', ({ profileId, withdrawal }) => store.applyUpdate(profileId, withdrawal));
    api.on('withdrawalDeadlineSoon', ({ withdrawal, minutesLeft }) => void notifier?.notify(withdrawal, minutesLeft));
  });
  return { load };
}

export type ActionOutcome = { row: WithdrawalView; ok: true; view: WithdrawalView } | { row: WithdrawalView; ok: false; error: AppError };

export interface ApprovalActions {
  approve: (rows: readonly WithdrawalView[]) => Promise<ActionOutcome[]>;
  reject: (rows: readonly WithdrawalView[]) => Promise<ActionOutcome[]>;
}

export function useApprovalActions(): ApprovalActions {
  const { api } = useBridge();
  const store = useApprovalsStore();
  const profiles = useProfilesStore();

  /** One after another, so each lands in the audit log in order and limits are respected. */
  async function run(kind: 'commit' | 'rollback', rows: readonly WithdrawalView[]): Promise<ActionOutcome[]> {
    void deadlineNotifier()?.askPermission(); // first use: inside the approver's click
    const outcomes: ActionOutcome[] = [];
    const profileId = profiles.activeProfileId;
    for (const row of rows) {
      if (row.id === null) continue;
      // Rows not read live from the active profile's service (or another profile's) are not acted on.
      if (store.blockedReason !== null || profiles.activeProfileId !== profileId) break;
      const request = { id: row.id };
      const result = kind === 'commit' ? await api.commitWithdrawal(request) : await api.rollbackWithdrawal(request);
      if (result.ok) {
        store.applyUpdate(profileId ?? '', result.value);
        outcomes.push({ row, ok: true, view: result.value });
      } else {
        outcomes.push({ row, ok: false, error: result.error });
      }
    }
    return outcomes;
  }

  return { approve: (rows: readonly WithdrawalView[]) => run('commit', rows), reject: (rows: readonly WithdrawalView[]) => run('rollback', rows) };
}
