// The history sync as the renderer knows it: state only, filled by use-history-sync.ts from
// historySyncStatus and the historySyncProgress events of the active profile.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { HistorySyncStatus } from '../../../../preload/contract/history';

export const useHistoryStore = defineStore('history', () => {
  const status = ref<HistorySyncStatus | null>(null);
  /** The profile the status is about. */
  const statusFor = ref<string | null>(null);
  const statusError = ref<AppError | null>(null);

  function setStatus(profileId: string | null, next: HistorySyncStatus): void {
    status.value = next;
    statusFor.value = profileId;
    statusError.value = null;
  }

  function setStatusError(error: AppError | null): void {
    statusError.value = error;
  }

  return { status, statusFor, statusError, setStatus, setStatusError };
});
