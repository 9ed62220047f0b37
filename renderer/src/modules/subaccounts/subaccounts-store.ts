// Sub-accounts as the renderer knows them: state only, filled by use-subaccounts.ts (the list,
// valued totals as they arrive) and use-subaccount-balances.ts (one account's balances). It holds
// one profile's accounts, forgotten the moment another profile becomes active.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError, SubAccountBalances, SubAccountRow, SubAccountTotals } from '../../../../preload/contract';
import { notLiveReason } from '../connection/freshness';
import { useReadMarks } from '../connection/read-marks';
import { scopeToActiveProfile } from '../profiles/profile-scope';

export interface TotalsProgress {
  loaded: number;
  total: number;
}

export const useSubAccountsStore = defineStore('subaccounts', () => {
  const rows = ref<SubAccountRow[]>([]);
  /** The profile the list was read for; null before the first read. */
  const listFor = ref<string | null>(null);
  const listLoading = ref(false);
  const listError = ref<AppError | null>(null);
  const totals = ref<Record<string, SubAccountTotals>>({});
  const totalsValuation = ref<string | null>(null);
  /** While balances are being read: how many of how many have arrived. */
  const progress = ref<TotalsProgress | null>(null);
  const totalsError = ref<AppError | null>(null);
  const balances = ref<Record<string, SubAccountBalances>>({});
  /** Accounts whose balances are being read now, and the last failure per account. */
  const balancesReading = ref<Record<string, boolean>>({});
  const balancesErrors = ref<Record<string, AppError | null>>({});
  const listReads = useReadMarks();

  const scope = scopeToActiveProfile(() => {
    rows.value = [];
    listFor.value = null;
    listError.value = null;
    listReads.forget();
    totals.value = {};
    totalsError.value = null;
    progress.value = null;
    balances.value = {};
    balancesReading.value = {};
    balancesErrors.value = {};
  });

  // The list has no stream; it is read on every visit and after every change made here, so it is
  // current while the last read succeeded over this link.
  const fresh = computed(() => listReads.freshness(listError.value, null));
  /** Why freezing, permission changes, sweeps and transfers are off now, or null. */
  const blockedReason = computed(() => notLiveReason(fresh.value));

  const byId = computed(() => new Map(rows.value.map((row) => [row.id, row])));

  function setList(profileId: string | null, list: SubAccountRow[]): void {
    if (!scope.accepts(profileId)) return;
    listReads.markRead();
    if (profileId !== listFor.value) {
      totals.value = {};
      balances.value = {};
      balancesErrors.value = {};
      progress.value = null;
    }
    rows.value = list;
    listFor.value = profileId;
    listError.value = null;
  }

  function setListLoading(next: boolean): void {
    listLoading.value = next;
  }

  function setListError(error: AppError | null): void {
    listError.value = error;
  }

  function startTotals(valuation: string): void {
    if (valuation !== totalsValuation.value) totals.value = {};
    totalsValuation.value = valuation;
    totalsError.value = null;
    progress.value = { loaded: 0, total: rows.value.length };
  }

  function setTotals(one: SubAccountTotals): void {
    totals.value = { ...totals.value, [one.id]: one };
  }

  /** Totals that arrived while the background reading runs, and how far it has got. */
  function addTotals(list: SubAccountTotals[], loaded: TotalsProgress | null): void {
    totals.value = { ...totals.value, ...Object.fromEntries(list.map((one) => [one.id, one])) };
    if (loaded && progress.value !== null) progress.value = { ...loaded };
  }

  function finishTotals(list: SubAccountTotals[] | null, error: AppError | null = null): void {
    if (list) totals.value = { ...totals.value, ...Object.fromEntries(list.map((one) => [one.id, one])) };
    totalsError.value = error;
    progress.value = null;
  }

  function setBalancesReading(id: string, reading: boolean): void {
    balancesReading.value = { ...balancesReading.value, [id]: reading };
  }

  function setBalances(id: string, next: SubAccountBalances | null, error: AppError | null): void {
    if (next) balances.value = { ...balances.value, [id]: next };
    balancesErrors.value = { ...balancesErrors.value, [id]: error };
  }

  return {
    rows, listFor, listLoading, listError, fresh, blockedReason, totals, totalsValuation, progress, totalsError, balances, balancesReading, balancesErrors, byId,
    setList, setListLoading, setListError, startTotals, setTotals, addTotals, finishTotals, setBalancesReading, setBalances,
  };
});
