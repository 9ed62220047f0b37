// A sub-account's deposit address for one currency and network, read when either is chosen.
import { ref, type Ref } from 'vue';
import type { AppError, DepositAddress } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';

export interface SubAccountAddress {
  address: Ref<DepositAddress | null>;
  loading: Ref<boolean>;
  error: Ref<AppError | null>;
  load: (query: { id: string; currency: string; network?: string }) => Promise<void>;
  reset: () => void;
}

export function useSubAccountAddress(): SubAccountAddress {
  const { api } = useBridge();
  const address = ref<DepositAddress | null>(null);
  const loading = ref(false);
  const error = ref<AppError | null>(null);
  let latest = '';

  async function load(query: { id: string; currency: string; network?: string }): Promise<void> {
    const key = JSON.stringify(query);
    latest = key;
    loading.value = true;
    error.value = null;
    address.value = null;
    const result = await api.getSubAccountAddress(query);
    if (latest !== key) return; // another currency or network was chosen meanwhile
    loading.value = false;
    address.value = result.ok ? result.value : null;
    error.value = result.ok ? null : result.error;
  }

  function reset(): void {
    latest = '';
    address.value = null;
    error.value = null;
    loading.value = false;
  }

  return { address, loading, error, load, reset };
}
