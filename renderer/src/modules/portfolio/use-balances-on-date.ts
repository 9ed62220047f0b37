// Balances at one day's close: read when the day, scope or valuation changes (and when main says
// the portfolio changed), an older request's answer dropped; and their signed export, which
// claims nothing until main's result says the file is written.
import { onScopeDispose, ref, shallowRef, watch, type ComputedRef, type Ref } from 'vue';
import type { DateBalances, PortfolioScope } from '../../../../preload/contract/portfolio';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { useProfilesStore } from '../profiles/profiles-store';
import { useSignedExport, type SignedExport } from '../shell/use-signed-export';

export interface BalancesOnDate {
  balances: Ref<DateBalances | null>;
  loading: Ref<boolean>;
  error: Ref<string | null>;
}

export function useBalancesOnDate(
  day: Ref<string | null>,
  scope: Ref<PortfolioScope>,
  valuation: ComputedRef<string>,
  revision: Ref<number>,
): BalancesOnDate {
  const { api } = useBridge();
  const profiles = useProfilesStore();
  const balances = shallowRef<DateBalances | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let ticket = 0;

  async function read(): Promise<void> {
    const chosen = day.value;
    const profileId = profiles.activeProfileId;
    if (chosen === null || profileId === null) return;
    const mine = ++ticket;
    loading.value = true;
    const answer = await api.balancesOnDate({ day: chosen, valuationCurrency: valuation.value, scope: scope.value });
    if (mine !== ticket || profileId !== profiles.activeProfileId) return;
    loading.value = false;
    if (answer.ok) {
      balances.value = answer.value;
      error.value = null;
    } else {
      balances.value = null;
      error.value = appErrorText(answer.error);
    }
  }

  watch([day, scope, valuation, revision, () => profiles.activeProfileId], () => void read(), { immediate: true });
  onScopeDispose(() => (ticket += 1));
  return { balances, loading, error };
}

export type BalancesExport = SignedExport<{ day: string; valuationCurrency: string; scope: PortfolioScope }>;

export function useBalancesExport(): BalancesExport {
  const { api } = useBridge();
  return useSignedExport((request) => api.exportBalancesOnDate(request));
}
