// The history sync as the renderer knows it: state only, filled by use-history-sync.ts from
// historySyncStatus and the historySyncProgress events of the active profile, forgotten the moment
// another profile becomes active.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { HistorySyncStatus } from '../../../../preload/contract/history';
import { scopeToActiveProfile } from '../profiles/profile-scope';

export const useHistoryStore = defineStore('history', () => {
  const status = ref<HistorySyncStatus | null>(null);
  /** The profile the status is about. */
  const statusFor = ref<string | null>(null);
  const statusError = ref<AppError | null>(null);
  const scope = scopeToActiveProfile(() => {
    status.value = null;
    statusFor.value = null;
    statusError.value = null;
  });

  function setStatus(profileId: string | null, next: HistorySyncStatus): void {
    if (!scope.accepts(profileId)) return;
    status.value = next;
    statusFor.value = profileId;
    statusError.value = null;
  }

  function setStatusError(error: AppError | null): void {
    statusError.value = error;
  }

  return { status, statusFor, statusError, setStatus, setStatusError };
});
