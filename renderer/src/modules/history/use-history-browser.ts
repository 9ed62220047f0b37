// One history as the screens browse it — the History page's synced store or a review's export:
// the filter form (free text applied a moment after typing stops), the filtered set's summary and
// flows, its rows read in windows, and the selected row. Answers asked under an older filter are
// dropped; refresh() reads everything again for the same filter without resetting the view.
import { computed, onScopeDispose, ref, shallowRef, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { HistoryEntry, HistoryFilter, HistoryFlows, HistorySummary } from '../../../../preload/contract/history';
import type { Precisions } from '../money/money-format';
import { emptyFilterForm, searchText, toHistoryFilter, type HistoryFilterForm } from './history-filter';
import { totalsFilter } from './history-totals';
import type { RowSource } from './row-source';
import { useRowWindows, type RowWindows } from './use-row-windows';

/**
 * A text of one or two characters is applied this long after the last keystroke: the search index
 * holds runs of three, so a shorter text is a scan of every row, and typing on past it is likely.
 * A longer text is found through the index in milliseconds and is applied at once.
 */
export const TEXT_DEBOUNCE_MS = 250;
/** Texts at least this long are applied at once. */
export const INDEXED_TEXT_LENGTH = 3;

/** Resolves once the browser has painted what the current task rendered. */
function afterPaint(): Promise<void> {
  return new Promise((done) => {
    if (typeof requestAnimationFrame !== 'function') setTimeout(done, 0);
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}

export interface HistoryBrowser {
  form: Ref<HistoryFilterForm>;
  /** The filter the shown data answers (the text as applied, not as being typed). */
  filter: ComputedRef<HistoryFilter>;
  summary: Ref<HistorySummary | null>;
  summaryError: Ref<AppError | null>;
  /** Whether the totals and flows count failed, rolled-back and unfinished rows too (not by default). */
  includeUnsettled: Ref<boolean>;
  /** The per-currency totals of the rows `includeUnsettled` says to count (see history-totals.ts). */
  totals: Ref<HistorySummary | null>;
  /** The count and totals shown are an earlier filter's while the current one's are read. */
  updating: Ref<boolean>;
  flows: Ref<HistoryFlows | null>;
  table: RowWindows;
  precisions: ComputedRef<Precisions>;
  /** Row index of the selection in the filtered set. */
  selected: Ref<number | null>;
  /** The record shown in the drawer. */
  opened: Ref<HistoryEntry | null>;
  /** Bumped on each new filter: the table goes back to its top. */
  resets: Ref<number>;
  online: ComputedRef<boolean>;
  setForm(next: HistoryFilterForm): void;
  select(index: number | null): void;
  /** Shows a record in the drawer (null closes it). */
  open(entry: HistoryEntry | null): void;
  clearFilters(): void;
  refresh(): void;
}

export function useHistoryBrowser(source: Ref<RowSource | null>, listed: Ref<Precisions> = ref({})): HistoryBrowser {
  const form = ref<HistoryFilterForm>(emptyFilterForm());
  const appliedText = ref('');
  const summary = shallowRef<HistorySummary | null>(null);
  const summaryError = shallowRef<AppError | null>(null);
  const includeUnsettled = ref(false);
  const totals = shallowRef<HistorySummary | null>(null);
  const updating = ref(false);
  const flows = shallowRef<HistoryFlows | null>(null);
  const selected = ref<number | null>(null);
  const opened = shallowRef<HistoryEntry | null>(null);
  const resets = ref(0);
  const table = useRowWindows();
  const filter = computed(() => toHistoryFilter({ ...form.value, text: appliedText.value }));
  const filterKey = computed(() => JSON.stringify(filter.value));
  let summaryCall = 0;
  let totalsCall = 0;
  let flowsCall = 0;
  /** Bumped by each read of the totals: a chart read waiting for an older one's paint is dropped. */
  let loads = 0;

  async function loadSummary(from: RowSource, asked: HistoryFilter): Promise<void> {
    const call = ++summaryCall;
    const result = await from.summary(asked);
    if (call !== summaryCall) return; // a newer filter or refresh is on its way
    if (!result.ok) {
      summaryError.value = result.error;
      return;
    }
    summaryError.value = null;
    summary.value = result.value;
    table.setTotal(result.value.total);
  }

  /** The totals are read on their own: they may count fewer rows than the table lists. */
  async function loadTotals(from: RowSource, asked: HistoryFilter | null): Promise<void> {
    const call = ++totalsCall;
    if (asked === null) {
      totals.value = { total: 0, totals: [], oldestAt: null, newestAt: null, facets: summary.value?.facets ?? { currencies: [], types: [], subtypes: [], statuses: [], networks: [] } };
      return;
    }
    const result = await from.summary(asked);
    if (call !== totalsCall) return;
    if (!result.ok) {
      summaryError.value = result.error;
      return;
    }
    totals.value = result.value;
  }

  async function loadFlows(from: RowSource, asked: HistoryFilter | null): Promise<void> {
    const call = ++flowsCall;
    if (asked === null) {
      flows.value = { bucket: 'day', series: [] };
      return;
    }
    const result = await from.flows(asked);
    if (call !== flowsCall) return;
    flows.value = result.ok ? result.value : null;
  }

  function load(): void {
    const from = source.value;
    if (!from) return;
    const counted = totalsFilter(filter.value, includeUnsettled.value);
    const mine = ++loads;
    updating.value = true;
    // The chart is read once the count and totals are on screen: drawing it costs the page a frame,
    // and the first rows and totals are what a filter change is waited for.
    void Promise.all([loadSummary(from, filter.value), loadTotals(from, counted)])
      .then(() => {
        if (mine === loads) updating.value = false;
      })
      .then(afterPaint)
      .then(() => {
        if (mine === loads) void loadFlows(from, counted);
      });
  }

  watch(includeUnsettled, () => {
    const from = source.value;
    if (!from) return;
    const counted = totalsFilter(filter.value, includeUnsettled.value);
    const mine = ++loads;
    updating.value = true;
    void loadTotals(from, counted).then(() => {
      if (mine === loads) updating.value = false;
    });
    void loadFlows(from, counted);
  });

  let typing: ReturnType<typeof setTimeout> | undefined;
  watch(
    () => form.value.text,
    (text) => {
      clearTimeout(typing);
      const wait = searchText(text).length >= INDEXED_TEXT_LENGTH || searchText(text) === '' ? 0 : TEXT_DEBOUNCE_MS;
      typing = setTimeout(() => (appliedText.value = text), wait);
    },
  );
  onScopeDispose(() => clearTimeout(typing));

  watch(
    [filterKey, () => source.value?.key ?? null],
    ([, key], previous) => {
      if (previous && previous[1] !== key) {
        // Another profile or export: its facets differ, so its filter starts empty.
        form.value = emptyFilterForm();
        appliedText.value = '';
        summary.value = null;
        totals.value = null;
        flows.value = null;
      }
      selected.value = null;
      resets.value += 1;
      table.reset(source.value, filter.value);
      load();
    },
    { immediate: true },
  );

  return {
    form,
    filter,
    summary,
    summaryError,
    includeUnsettled,
    totals,
    updating,
    flows,
    table,
    // Only the service's list pads amounts; without it (a review) each shows as written.
    precisions: computed(() => listed.value),
    selected,
    opened,
    resets,
    online: computed(() => source.value?.online ?? false),
    setForm(next) {
      form.value = next;
    },
    select(index) {
      selected.value = index;
    },
    open(entry) {
      opened.value = entry;
    },
    clearFilters() {
      clearTimeout(typing);
      form.value = emptyFilterForm();
      appliedText.value = '';
    },
    refresh() {
      table.refresh();
      load();
    },
  };
}

/** Calls `run` at most once per `ms`, the last call in a burst always honoured (for change events). */
export function throttled(run: () => void, ms: number): { call: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call() {
      if (timer !== undefined) return; // the trailing run is already planned
      const wait = last + ms - Date.now();
      if (wait <= 0) {
        last = Date.now();
        run();
        return;
      }
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        run();
      }, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
