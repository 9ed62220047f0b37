// Deposit addresses of one currency and network: current, recent, generate a new one, and the
// "is this address ours?" check. Errors come back as data and are shown where they happened.
import { ref, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { AddressQuery, DepositAddress } from '../../../../preload/contract/wallet';
import { useBridge } from '../../bridge-key';

export type MineCheck = { state: 'idle' } | { state: 'checking' } | { state: 'done'; address: string; mine: boolean } | { state: 'error'; error: AppError };

export interface DepositAddresses {
  current: Ref<DepositAddress[]>;
  recent: Ref<DepositAddress[]>;
  loading: Ref<boolean>;
  generating: Ref<boolean>;
  error: Ref<AppError | null>;
  mineCheck: Ref<MineCheck>;
  load: (query: AddressQuery) => Promise<void>;
  generate: (query: AddressQuery) => Promise<void>;
  checkMine: (address: string) => Promise<void>;
  reset: () => void;
}

export function useDepositAddresses(): DepositAddresses {
  const { api } = useBridge();
  const current = ref<DepositAddress[]>([]);
  const recent = ref<DepositAddress[]>([]);
  const loading = ref(false);
  const generating = ref(false);
  const error = ref<AppError | null>(null);
  const mineCheck = ref<MineCheck>({ state: 'idle' });
  let latestQuery = '';

  async function load(query: AddressQuery): Promise<void> {
    const key = JSON.stringify(query);
    latestQuery = key;
    loading.value = true;
    error.value = null;
    const [now, past] = await Promise.all([api.listDepositAddresses(query), api.listRecentDepositAddresses(query)]);
    if (latestQuery !== key) return; // the user moved to another currency or network meanwhile
    loading.value = false;
    current.value = now.ok ? now.value : [];
    recent.value = past.ok ? past.value : [];
    // Recent addresses are a convenience: a connection that cannot list them just shows none.
    error.value = !now.ok ? now.error : !past.ok && past.error.code !== 'NOT_SUPPORTED' ? past.error : null;
  }

  async function generate(query: AddressQuery): Promise<void> {
    generating.value = true;
    const result = await api.createDepositAddress(query);
    generating.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    error.value = null;
    recent.value = [...current.value, ...recent.value].filter((a) => a.address !== result.value.address);
    current.value = [result.value];
  }

  async function checkMine(address: string): Promise<void> {
    const trimmed = address.trim();
    if (trimmed === '') return;
    mineCheck.value = { state: 'checking' };
    const result = await api.checkOwnAddress({ address: trimmed });
    mineCheck.value = result.ok ? { state: 'done', address: trimmed, mine: result.value.mine } : { state: 'error', error: result.error };
  }

  function reset(): void {
    latestQuery = '';
    current.value = [];
    recent.value = [];
    error.value = null;
    mineCheck.value = { state: 'idle' };
  }

  return { current, recent, loading, generating, error, mineCheck, load, generate, checkMine, reset };
}
