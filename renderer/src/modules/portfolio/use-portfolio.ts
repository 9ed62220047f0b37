// The Portfolio page's reads: the net worth history for the chosen range and scope, and today's
// allocation, both valued in the chosen valuation currency. Read when the link comes up or the
// profile changes, when the range, scope or valuation changes, and again when main says the
// portfolio changed (a snapshot, new history) — at most every CHANGE_REREAD_MS however often it
// says so. An answer for an older request or another profile is dropped.
import { computed, onScopeDispose, ref, shallowRef, watch, type ComputedRef, type Ref } from 'vue';
import { appErrorText, type Result } from '../../../../preload/contract/result';
import type { NetWorthHistory, PortfolioAllocation, PortfolioRange, PortfolioScope } from '../../../../preload/contract/portfolio';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { throttled } from '../history/use-history-browser';
import type { Precisions } from '../money/money-format';
import { useProfilesStore } from '../profiles/profiles-store';
import { useSubAccountsStore } from '../subaccounts/subaccounts-store';
import { useSubAccountList } from '../subaccounts/use-subaccounts';
import { useCurrencies } from '../wallet/use-currencies';
import { useValuation } from '../wallet/use-wallet';
import { useWalletStore } from '../wallet/wallet-store';

export const DEFAULT_RANGE: PortfolioRange = 'All';
/** The fastest the page reads again while main keeps announcing changes. */
export const CHANGE_REREAD_MS = 2_000;

export interface Loadable<T> {
  value: Ref<T | null>;
  loading: Ref<boolean>;
  /** The last failure in words (with its code); null after a success. */
  error: Ref<string | null>;
}

export interface Portfolio {
  range: Ref<PortfolioRange>;
  scope: Ref<PortfolioScope>;
  valuation: ComputedRef<string>;
  /** Whether "Master + sub-accounts" is offered: the profile has sub-accounts it can list. */
  hasSubAccounts: ComputedRef<boolean>;
  netWorth: Loadable<NetWorthHistory>;
  allocation: Loadable<PortfolioAllocation>;
  precision: ComputedRef<Precisions>;
  /** Grows each time main announced a change and the page read again (for parts reading on their own). */
  revision: Ref<number>;
  load(): Promise<void>;
}

function loadable<T>(): Loadable<T> {
  return { value: shallowRef<T | null>(null), loading: ref(false), error: ref<string | null>(null) };
}

export function usePortfolio(): Portfolio {
  const { api } = useBridge();
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  const wallet = useWalletStore();
  const subAccounts = useSubAccountsStore();
  const readSubAccounts = useSubAccountList();
  const valuation = useValuation();
  useCurrencies();

  const range = ref<PortfolioRange>(DEFAULT_RANGE);
  const scope = ref<PortfolioScope>('master');
  const netWorth = loadable<NetWorthHistory>();
  const allocation = loadable<PortfolioAllocation>();
  const revision = ref(0);
  const hasSubAccounts = computed(() => subAccounts.listFor === profiles.activeProfileId && subAccounts.rows.length > 0);
  const precision = computed<Precisions>(() => ({ ...wallet.precision, ...(allocation.value.value?.precision ?? {}), ...(netWorth.value.value?.precision ?? {}) }));

  const tickets = { netWorth: 0, allocation: 0 };

  async function read<T>(kind: keyof typeof tickets, target: Loadable<T>, ask: () => Promise<Result<T>>): Promise<void> {
    const ticket = ++tickets[kind];
    const profileId = profiles.activeProfileId;
    target.loading.value = true;
    try {
      const answer = await ask();
      if (ticket !== tickets[kind] || profileId !== profiles.activeProfileId) return;
      if (answer.ok) {
        target.value.value = answer.value;
        target.error.value = null;
      } else {
        target.error.value = appErrorText(answer.error);
      }
    } finally {
      if (ticket === tickets[kind]) target.loading.value = false;
    }
  }

  const readNetWorth = () =>
    read('netWorth', netWorth, () => api.portfolioNetWorth({ valuationCurrency: valuation.value, range: range.value, scope: scope.value }));
  const readAllocation = () => read('allocation', allocation, () => api.portfolioAllocation({ valuationCurrency: valuation.value, scope: scope.value }));

  async function load(): Promise<void> {
    if (profiles.activeProfileId === null) return;
    await Promise.all([readNetWorth(), readAllocation()]);
  }

  const changed = throttled(() => {
    revision.value += 1;
    void load();
  }, CHANGE_REREAD_MS);
  const stop = api.on('portfolioChanged', ({ profileId }) => {
    if (profileId === profiles.activeProfileId) changed.call();
  });
  onScopeDispose(() => {
    stop();
    changed.cancel();
  });

  watch(
    () => [connection.transport.kind, profiles.activeProfileId] as const,
    ([kind, profileId], before) => {
      if (kind !== 'ready' || profileId === null) return;
      if (before !== undefined && before[1] !== profileId) {
        // Another profile: nothing of the last one is shown, and its scope may not exist here.
        netWorth.value.value = null;
        allocation.value.value = null;
        scope.value = 'master';
      }
      void load();
      void readSubAccounts(false);
    },
    { immediate: true },
  );
  watch(range, () => void readNetWorth());
  watch([scope, valuation], () => void load());
  watch(hasSubAccounts, (has) => {
    if (!has && scope.value === 'all') scope.value = 'master';
  });

  return { range, scope, valuation, hasSubAccounts, netWorth, allocation, precision, revision, load };
}
