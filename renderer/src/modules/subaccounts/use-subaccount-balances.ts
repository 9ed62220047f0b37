// One sub-account's wallet and spot balances, valued like the table: read when the account is
// chosen (once, however many parts of the screen show it) and after money moved. Kept in the
// store so the drawer and the transfer form share one reading, and the account's row in the
// table takes the fresh values too.
import { computed, watch, type ComputedRef } from 'vue';
import type { AppError, SubAccountBalances } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { useSubAccountsStore } from './subaccounts-store';
import { useValuation } from '../wallet/use-wallet';

export interface SubAccountBalancesReader {
  balances: ComputedRef<SubAccountBalances | null>;
  loading: ComputedRef<boolean>;
  error: ComputedRef<AppError | null>;
  /** Reads them now, even while another reading is on its way (money just moved). */
  load: () => Promise<void>;
}

export function useSubAccountBalances(id: () => string | null): SubAccountBalancesReader {
  const { api } = useBridge();
  const store = useSubAccountsStore();
  const valuation = useValuation();

  const balances = computed(() => {
    const current = id();
    return current === null ? null : (store.balances[current] ?? null);
  });
  const loading = computed(() => {
    const current = id();
    return current !== null && store.balancesReading[current] === true;
  });
  const error = computed(() => {
    const current = id();
    return current === null ? null : (store.balancesErrors[current] ?? null);
  });

  async function read(current: string): Promise<void> {
    store.setBalancesReading(current, true);
    const result = await api.getSubAccountBalances({ id: current, valuationCurrency: valuation.value });
    store.setBalancesReading(current, false);
    if (!result.ok) {
      store.setBalances(current, null, result.error);
      return;
    }
    store.setBalances(current, result.value, null);
    if (store.totalsValuation === result.value.valuationCurrency) {
      const { walletValue, spotValue, unvalued } = result.value;
      store.setTotals({ id: current, walletValue, spotValue, unvalued, error: null });
    }
  }

  async function load(): Promise<void> {
    const current = id();
    if (current !== null) await read(current);
  }

  watch(id, (current) => {
    if (current !== null && !store.balancesReading[current]) void read(current);
  }, { immediate: true });

  return { balances, loading, error, load };
}
