// useHistoryBrowser with a stand-in bridge: the filter form reaches historyRows/historySummary as
// the contract's filter (a short text only after typing stops), the chart after the totals, an answer for an older filter never
// shows under a newer one (the figures marked as updating until the newer one's arrive), refresh() reads the same filter again keeping the rows shown, a review
// reads through its own operations, and a change event re-reads at most once a second.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ref } from 'vue';
import { ok, type Result } from '../../../../preload/contract/result';
import type { HistoryRows, HistorySummary } from '../../../../preload/contract/history';
import { historySource, reviewSource, type RowSource } from '../../../../renderer/src/modules/history/row-source';
import { TEXT_DEBOUNCE_MS, throttled, useHistoryBrowser } from '../../../../renderer/src/modules/history/use-history-browser';
import { WINDOW_SIZE } from '../../../../renderer/src/modules/history/row-windows';
import { FETCH_MARGIN } from '../../../../renderer/src/modules/history/use-row-windows';
import { emptyFilterForm } from '../../../../renderer/src/modules/history/history-filter';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { summary, windowOf } from './fixtures';

afterEach(() => vi.useRealTimers());

const flows = { bucket: 'day' as const, series: [] };

function historyBridge(total = 1_000) {
  return fakeBridge({
    historySummary: () => ok(summary(total)),
    historyRows: (request) => ok(windowOf(total, request)),
    historyFlows: () => ok(flows),
  });
}

function mount(fake: ReturnType<typeof fakeBridge>, source: (api: typeof fake.bridge.api) => RowSource) {
  return withSetup(fake.bridge, () => useHistoryBrowser(ref(source(fake.bridge.api))));
}

describe('useHistoryBrowser', () => {
  it('reads the summary, flows and first window for the empty filter', async () => {
    const fake = historyBridge();
    const { result: browser } = mount(fake, (api) => historySource(api, 'p1'));
    await settle();
    // The listed set's summary, and the totals and flows of its completed rows only.
    expect(fake.calls.map((call) => call.op).filter((op) => op !== 'historyRows').sort()).toEqual(['historyFlows', 'historySummary', 'historySummary']);
    expect(fake.calls.filter((call) => call.op === 'historySummary').map((call) => call.request)).toEqual([{ filter: {} }, { filter: { statuses: ['SUCCESS'] } }]);
    expect(fake.calls.find((call) => call.op === 'historyFlows')?.request).toEqual({ filter: { statuses: ['SUCCESS'] } });
    // The rows in view are asked first, alone, ahead of the summaries; the margin once they are in.
    expect(fake.calls.slice(0, 2).map((call) => [call.op, call.request])).toEqual([
      ['historyRows', { filter: {}, offset: 0, limit: WINDOW_SIZE }],
      ['historySummary', { filter: {} }],
    ]);
    const marginWindows = Math.floor(FETCH_MARGIN / WINDOW_SIZE) + 1;
    expect(fake.calls.filter((call) => call.op === 'historyRows').map((call) => (call.request as { offset: number }).offset))
      .toEqual(Array.from({ length: marginWindows }, (_, window) => window * WINDOW_SIZE));
    expect(browser.table.total.value).toBe(1_000);
    expect(browser.table.rowAt(0)?.id).toBe('1000');
    // Nothing guessed from the totals: without the service's list every amount shows as written.
    expect(browser.precisions.value).toEqual({});
  });

  it('sends the chosen filters, a text of one or two characters once typing has stopped and a longer one at once', async () => {
    vi.useFakeTimers();
    const fake = historyBridge();
    const { result: browser } = mount(fake, (api) => historySource(api, 'p1'));
    await vi.runAllTimersAsync();
    fake.calls.length = 0;
    browser.setForm({ ...emptyFilterForm(), currencies: ['BTC'], direction: 'in' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls.find((call) => call.op === 'historySummary')?.request).toEqual({ filter: { currencies: ['BTC'], direction: 'in' } });
    fake.calls.length = 0;
    for (const text of ['b', 'bc']) {
      browser.setForm({ ...browser.form.value, text });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(fake.calls).toEqual([]); // still typing
    await vi.advanceTimersByTimeAsync(TEXT_DEBOUNCE_MS);
    expect(fake.calls.find((call) => call.op === 'historySummary')?.request).toEqual({ filter: { currencies: ['BTC'], direction: 'in', text: 'bc' } });
    fake.calls.length = 0;
    browser.setForm({ ...browser.form.value, text: 'bc1' });
    await vi.advanceTimersByTimeAsync(0);
    const summaries = fake.calls.filter((call) => call.op === 'historySummary');
    expect(summaries).toEqual([
      { op: 'historySummary', request: { filter: { currencies: ['BTC'], direction: 'in', text: 'bc1' } } },
      { op: 'historySummary', request: { filter: { currencies: ['BTC'], direction: 'in', text: 'bc1', statuses: ['SUCCESS'] } } },
    ]);
    expect(fake.calls.find((call) => call.op === 'historyRows')?.request).toMatchObject({ filter: { text: 'bc1' }, offset: 0 });
  });

  it('reads the flows chart only once the count and totals have arrived', async () => {
    const waiting: ((answer: Result<HistorySummary>) => void)[] = [];
    const fake = fakeBridge({
      historySummary: () => new Promise((resolve) => waiting.push(resolve)),
      historyRows: (request) => ok(windowOf(1_000, request)),
      historyFlows: () => ok(flows),
    });
    mount(fake, (api) => historySource(api, 'p1'));
    await settle();
    expect(waiting).toHaveLength(2);
    waiting[0]!(ok(summary(1_000)));
    await settle();
    expect(fake.calls.filter((call) => call.op === 'historyFlows')).toEqual([]);
    waiting[1]!(ok(summary(900)));
    await vi.waitFor(() => expect(fake.calls.filter((call) => call.op === 'historyFlows')).toHaveLength(1));
  });

  it('never shows an older filter’s answer under a newer one', async () => {
    const waiting: ((answer: Result<HistorySummary>) => void)[] = [];
    const rowWaits: ((answer: Result<HistoryRows>) => void)[] = [];
    const fake = fakeBridge({
      historySummary: () => new Promise((resolve) => waiting.push(resolve)),
      historyRows: () => new Promise((resolve) => rowWaits.push(resolve)),
      historyFlows: () => ok(flows),
    });
    const { result: browser } = mount(fake, (api) => historySource(api, 'p1'));
    browser.setForm({ ...emptyFilterForm(), currencies: ['ETH'] });
    await settle();
    // Each filter asks for its summary, then its totals.
    expect(waiting).toHaveLength(4);
    expect(browser.updating.value).toBe(true);
    waiting[2]!(ok(summary(5)));
    await settle();
    expect(browser.updating.value).toBe(true); // the count is in, the totals are not
    waiting[3]!(ok(summary(4)));
    rowWaits[1]!(ok({ rows: windowOf(5, { offset: 0, limit: 200, filter: {} }).rows, total: 5 }));
    await settle();
    expect(browser.updating.value).toBe(false);
    waiting[0]!(ok(summary(1_000)));
    waiting[1]!(ok(summary(900)));
    rowWaits[0]!(ok(windowOf(1_000, { offset: 0, limit: 200, filter: {} })));
    await settle();
    expect(browser.updating.value).toBe(false); // the older filter's late answers change nothing
    expect(browser.summary.value?.total).toBe(5);
    expect(browser.totals.value?.total).toBe(4);
    expect(browser.table.total.value).toBe(5);
    expect(browser.table.rowAt(0)?.id).toBe('5');
  });

  it('totals completed rows by default, every row when asked, and a chosen status filter narrowed to completed ones', async () => {
    const fake = fakeBridge({
      historySummary: (request) => ok(summary(request.filter.statuses === undefined ? 10 : 7)),
      historyRows: (request) => ok(windowOf(10, request)),
      historyFlows: () => ok(flows),
    });
    const { result: browser } = mount(fake, (api) => historySource(api, 'p1'));
    await settle();
    expect([browser.summary.value?.total, browser.totals.value?.total]).toEqual([10, 7]);
    fake.calls.length = 0;
    browser.includeUnsettled.value = true;
    await settle();
    expect(fake.calls.map((call) => [call.op, call.request])).toEqual([['historySummary', { filter: {} }], ['historyFlows', { filter: {} }]]);
    expect(browser.totals.value?.total).toBe(10);
    browser.includeUnsettled.value = false;
    browser.setForm({ ...emptyFilterForm(), statuses: ['FAILED', 'ROLLED_BACK'] });
    fake.calls.length = 0;
    await settle();
    // Nothing completed can match: no read, and no totals rather than zeros of the wrong rows.
    expect(fake.calls.filter((call) => call.op === 'historySummary')).toHaveLength(1);
    expect(browser.totals.value?.totals).toEqual([]);
  });

  it('refresh() reads the rendered window again under the same filter, showing the old rows meanwhile', async () => {
    let total = 1_000;
    let answerRows: ((answer: Result<HistoryRows>) => void) | null = null;
    const fake = fakeBridge({
      historySummary: () => ok(summary(total)),
      historyRows: (request) => ok(windowOf(total, request)),
      historyFlows: () => ok(flows),
    });
    const { result: browser } = mount(fake, (api) => historySource(api, 'p1'));
    await settle();
    browser.table.need(450, 470);
    await settle();
    fake.calls.length = 0;
    total = 1_010;
    fake.answer('historyRows', (request) => new Promise((resolve) => (answerRows = () => resolve(ok(windowOf(total, request))))));
    browser.refresh();
    await settle();
    expect(browser.table.rowAt(460)?.id).toBe('540'); // the old row, still shown
    const rowReads = fake.calls.filter((call) => call.op === 'historyRows').map((call) => (call.request as { offset: number }).offset);
    // The three windows nearest the rendered rows (as many as may be in flight), of 50 rows each.
    expect(rowReads.sort((a, b) => a - b)).toEqual([400, 450, 500]);
    answerRows!(ok({ rows: [], total: 0 }));
    await settle();
    expect(browser.table.total.value).toBe(1_010);
    expect(browser.summary.value?.total).toBe(1_010);
  });

  it('reads a review through the review operations, with its id', async () => {
    const fake = fakeBridge({
      reviewSummary: () => ok(summary(3)),
      reviewRows: (request) => ok(windowOf(3, request)),
      reviewFlows: () => ok(flows),
    });
    const { result: browser } = mount(fake, (api) => reviewSource(api, 'r1'));
    await settle();
    expect(fake.calls.find((call) => call.op === 'reviewRows')?.request).toEqual({ reviewId: 'r1', filter: {}, offset: 0, limit: WINDOW_SIZE });
    expect(fake.calls.find((call) => call.op === 'reviewSummary')?.request).toEqual({ reviewId: 'r1', filter: {} });
    expect(browser.online.value).toBe(false);
    expect(browser.table.rowAt(2)?.id).toBe('1');
  });
});

describe('throttled', () => {
  it('runs at once, then at most once per period, the last call of a burst always honoured', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const change = throttled(run, 1_000);
    change.call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i += 1) change.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
