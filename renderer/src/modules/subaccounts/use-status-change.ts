// Freezing or activating sub-accounts: one call for the accounts confirmed, one outcome per
// account back from main, then the list read again so the table shows what the service now says.
import { ref, type Ref } from 'vue';
import type { AppError, SubAccountActionResult } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { useSubAccountList } from './use-subaccounts';

export type StatusChange = 'freeze' | 'activate';

export interface StatusChanger {
  busy: Ref<boolean>;
  results: Ref<SubAccountActionResult[] | null>;
  /** The call itself was refused (nothing was sent), in plain words with its code. */
  error: Ref<AppError | null>;
  run: (change: StatusChange, ids: string[]) => Promise<void>;
  reset: () => void;
}

export function useStatusChange(): StatusChanger {
  const { api } = useBridge();
  const reloadList = useSubAccountList();
  const busy = ref(false);
  const results = ref<SubAccountActionResult[] | null>(null);
  const error = ref<AppError | null>(null);

  // Busy only while the change itself is under way: the list read after it is a read, and a
  // dialog opened for the next change meanwhile must not take its confirm for this one's.
  async function run(change: StatusChange, ids: string[]): Promise<void> {
    busy.value = true;
    error.value = null;
    try {
      const result = change === 'freeze' ? await api.freezeSubAccounts({ ids }) : await api.activateSubAccounts({ ids });
      if (result.ok) results.value = result.value;
      else error.value = result.error;
    } finally {
      busy.value = false;
    }
    await reloadList();
  }

  function reset(): void {
    results.value = null;
    error.value = null;
  }

  return { busy, results, error, run, reset };
}
