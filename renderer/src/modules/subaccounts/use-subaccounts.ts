// Async sub-account work of the page: the list, then every account's balances valued in the
// wallet page's currency, read by main behind user actions and arriving one by one as
// subAccountTotals events (the progress the page shows). Read again whenever the link comes
// back up or the profile changes.
import { onScopeDispose, type ComputedRef } from 'vue';
import type { SubAccountTotals } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { reloadOnLinkOrProfile } from '../connection/use-load-when-ready';
import { useProfilesStore } from '../profiles/profiles-store';
import { useValuation } from '../wallet/use-wallet';
import { useSubAccountsStore, type TotalsProgress } from './subaccounts-store';

const TOTALS_BATCH_MS = 250;

export interface SubAccountsLoader {
  /** The currency values are in: the one the wallet page shows (and remembers). */
  valuation: ComputedRef<string>;
  /** The list, then the totals. */
  load: () => Promise<void>;
  loadList: () => Promise<boolean>;
  loadTotals: () => Promise<void>;
}

/** Reads the list (once per profile unless `always`); true when it is there. */
export function useSubAccountList(): (always?: boolean) => Promise<boolean> {
  const { api } = useBridge();
  const store = useSubAccountsStore();
  const profiles = useProfilesStore();
  return async (always = true) => {
    const profileId = profiles.activeProfileId;
    if (!always && store.listFor === profileId && store.listFor !== null) return true;
    store.setListLoading(true);
    const result = await api.listSubAccounts();
    store.setListLoading(false);
    if (profiles.activeProfileId !== profileId) return false; // another profile's answer
    if (!result.ok) {
      store.setListError(result.error);
      return false;
    }
    store.setList(result.value.profileId, result.value.subAccounts);
    return true;
  };
}

/** Call from the page's setup: the subscription ends with it. */
export function useSubAccounts(): SubAccountsLoader {
  const { api } = useBridge();
  const store = useSubAccountsStore();
  const profiles = useProfilesStore();
  const valuation = useValuation();
  const readList = useSubAccountList();
  let run = 0;

  async function loadTotals(): Promise<void> {
    if (store.rows.length === 0) return;
    const ticket = ++run;
    store.startTotals(valuation.value);
    const result = await api.loadSubAccountTotals({ valuationCurrency: valuation.value });
    if (ticket !== run) return; // a newer reading took over
    flush();
    if (result.ok) store.finishTotals(result.value);
    else store.finishTotals(null, result.error);
  }

  async function load(): Promise<void> {
    if (await readList()) await loadTotals();
  }

  // Totals arrive many a second; the table takes them at most every TOTALS_BATCH_MS (the first at
  // once) so it is not redrawn for each.
  let arrived: SubAccountTotals[] = [];
  let latest: TotalsProgress | null = null;
  let flushing: ReturnType<typeof setTimeout> | undefined;
  let flushedAt = 0;
  function flush(): void {
    clearTimeout(flushing);
    flushing = undefined;
    flushedAt = Date.now();
    if (arrived.length > 0) store.addTotals(arrived, latest);
    arrived = [];
  }
  const stop = api.on('subAccountTotals', ({ profileId, totals, loaded, total }) => {
    if (profileId !== profiles.activeProfileId) return;
    arrived.push(totals);
    latest = { loaded, total };
    const wait = flushedAt + TOTALS_BATCH_MS - Date.now();
    if (wait <= 0) flush();
    else flushing ??= setTimeout(flush, wait);
  });
  onScopeDispose(() => {
    stop();
    clearTimeout(flushing);
  });

  reloadOnLinkOrProfile(load);

  return { valuation, load, loadList: () => readList(), loadTotals };
}
