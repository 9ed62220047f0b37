// The approvals queue as the renderer knows it: state only, updated synchronously by
// use-approvals.ts (initial list, then withdrawalUpdated events). It holds one profile's queue,
// forgotten the moment another profile becomes active; rows may be approved or rejected only
// while they were read from the active profile's service over the current link and the last
// read did not fail.
import { defineStore } from 'pinia';
import { computed, ref, toRaw } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { WithdrawalView } from '../../../../preload/contract/withdrawals';
import { announce } from '../a11y/announcer';
import { useConnectionStore } from '../connection/connection-store';
import { summarizeStreams } from '../connection/connection-summary';
import { notLiveReason } from '../connection/freshness';
import { useReadMarks } from '../connection/read-marks';
import { scopeToActiveProfile } from '../profiles/profile-scope';
import { mergeRow, replaceRows, sortRows, waitingCount } from './approval-rows';
import { settledSentence } from './settled-words';

export const useApprovalsStore = defineStore('approvals', () => {
  const connection = useConnectionStore();
  const rows = ref<WithdrawalView[]>([]);
  const loaded = ref(false);
  const loadError = ref<AppError | null>(null);
  const reads = useReadMarks();
  /** Set once the app-wide subscription runs, so it is started only once. */
  const syncing = ref(false);

  const scope = scopeToActiveProfile(() => {
    rows.value = [];
    loaded.value = false;
    loadError.value = null;
    reads.forget();
  });
  /** The profile the rows were read for. */
  const profileId = scope.heldFor;

  const sorted = computed(() => sortRows(rows.value));
  const waiting = computed(() => waitingCount(rows.value));
  const fresh = computed(() => {
    const reports = Object.values(connection.streams[profileId.value ?? ''] ?? {});
    const level = summarizeStreams(reports);
    // Without the stream, an approval or rejection made elsewhere would not reach these rows.
    return reads.freshness(loadError.value, level === 'down' ? { up: false, detail: null } : { up: true });
  });
  /** Why Approve and Reject are not offered now, or null when they are. */
  const blockedReason = computed(() => notLiveReason(fresh.value));

  function setRows(forProfile: string | null, list: WithdrawalView[]): void {
    if (!scope.accepts(forProfile)) return;
    rows.value = replaceRows(rows.value, list);
    loaded.value = true;
    loadError.value = null;
    reads.markRead();
  }

  function applyUpdate(forProfile: string, view: WithdrawalView): void {
    if (!scope.accepts(forProfile)) return;
    const before = rows.value.find((row) => row.localId === view.localId || (view.id !== null && row.id === view.id));
    rows.value = mergeRow(rows.value, view);
    const after = rows.value.find((row) => row.localId === view.localId || (view.id !== null && row.id === view.id));
    // A stale update is not merged, and says nothing.
    const sentence = after !== undefined && toRaw(after) === view ? settledSentence(before, view) : null;
    if (sentence !== null) announce(sentence, 'polite');
  }

  function setLoadError(forProfile: string | null, error: AppError | null): void {
    if (!scope.accepts(forProfile)) return;
    loadError.value = error;
  }

  function setSyncing(next: boolean): void {
    syncing.value = next;
  }

  return {
    rows, profileId, loaded, loadError, syncing, sorted, waiting, fresh, blockedReason,
    setRows, applyUpdate, setLoadError, setSyncing,
  };
});
