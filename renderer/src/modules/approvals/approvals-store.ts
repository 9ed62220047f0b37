// The approvals queue as the renderer knows it: state only, updated synchronously by
// use-approvals.ts (initial list, then withdrawalUpdated events).
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { WithdrawalView } from '../../../../preload/contract/withdrawals';
import { mergeRow, replaceRows, sortRows, waitingCount } from './approval-rows';

export const useApprovalsStore = defineStore('approvals', () => {
  const rows = ref<WithdrawalView[]>([]);
  const profileId = ref<string | null>(null);
  const loaded = ref(false);
  const loadError = ref<AppError | null>(null);
  /** Set once the app-wide subscription runs, so it is started only once. */
  const syncing = ref(false);

  const sorted = computed(() => sortRows(rows.value));
  const waiting = computed(() => waitingCount(rows.value));

  function setRows(forProfile: string | null, list: WithdrawalView[]): void {
    rows.value = forProfile === profileId.value ? replaceRows(rows.value, list) : list;
    profileId.value = forProfile;
    loaded.value = true;
    loadError.value = null;
  }

  function applyUpdate(forProfile: string, view: WithdrawalView): void {
    if (profileId.value !== null && forProfile !== profileId.value) return;
    rows.value = mergeRow(rows.value, view);
  }

  function setLoadError(error: AppError | null): void {
    loadError.value = error;
  }

  function setSyncing(next: boolean): void {
    syncing.value = next;
  }

  return { rows, profileId, loaded, loadError, syncing, sorted, waiting, setRows, applyUpdate, setLoadError, setSyncing };
});
