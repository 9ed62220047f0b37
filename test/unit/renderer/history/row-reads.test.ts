// useRowWindows' reads: at most three unanswered at once, the windows nearest the rows in view
// first, the rest asked as answers come; a BUSY (one read too many for main's allowance) asked
// again a moment later without an error on screen; a real failure shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type Result } from '../../../../preload/contract/result';
import type { HistoryRows } from '../../../../preload/contract/history';
import type { RowSource } from '../../../../renderer/src/modules/history/row-source';
import { RowWindowCache } from '../../../../renderer/src/modules/history/row-windows';
import { MAX_READS_IN_FLIGHT, RETRY_MS, useRowWindows } from '../../../../renderer/src/modules/history/use-row-windows';
import { summary, windowOf } from './fixtures';

afterEach(() => vi.useRealTimers());

function heldSource() {
  const asked: { offset: number; answer: (result: Result<HistoryRows>) => void }[] = [];
  const source: RowSource = {
    key: 'test',
    online: true,
    rows: ({ offset }) => new Promise((resolve) => asked.push({ offset, answer: resolve })),
    summary: async () => ok(summary(100_000)),
    flows: async () => ok({ bucket: 'day', series: [] }),
  };
  return { source, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Windows of 200 rows, the size these figures are worked out in. */
const windowsOf200 = () => useRowWindows(new RowWindowCache<HistoryRows['rows'][number]>(200));

describe('useRowWindows reads', () => {
  it('keeps at most three reads unanswered, nearest the view first, and asks the rest as answers come', async () => {
    const { source, asked } = heldSource();
    const table = windowsOf200();
    table.reset(source, {});
    table.setTotal(100_000);
    asked.splice(0).forEach(({ offset, answer }) => answer(ok(windowOf(100_000, { offset, limit: 200, filter: {} }))));
    await settle();
    asked.length = 0;
    // Rows 49,950-50,450 and the margin touch windows 249-252; 250 and 251 hold the middle.
    table.need(49_950, 50_450);
    expect(asked.map((read) => read.offset)).toEqual([50_000, 50_200, 49_800]);
    expect(asked).toHaveLength(MAX_READS_IN_FLIGHT);
    const first = asked.shift()!;
    first.answer(ok(windowOf(100_000, { offset: first.offset, limit: 200, filter: {} })));
    await settle();
    expect(asked.map((read) => read.offset)).toEqual([50_200, 49_800, 50_400]); // the last one, in its place
    expect(table.rowAt(50_010)?.id).toBe(String(100_000 - 50_010));
  });

  it('renders again for rows in or above the view, not for the margin read below it', async () => {
    const { source, asked } = heldSource();
    const table = windowsOf200();
    table.need(0, 150); // rows 0-150 rendered: window 0 in view, window 1 only in the margin
    table.reset(source, {});
    table.setTotal(100_000);
    const before = table.version.value;
    asked.splice(0).forEach(({ offset, answer }) => answer(ok(windowOf(100_000, { offset, limit: 200, filter: {} }))));
    await settle();
    expect(table.version.value).toBe(before + 1);
    const margin = asked.splice(0);
    expect(margin.map((read) => read.offset)).toEqual([200]);
    margin[0]!.answer(ok(windowOf(100_000, { offset: 200, limit: 200, filter: {} })));
    await settle();
    expect(table.version.value).toBe(before + 1);
    expect(table.rowAt(250)?.id).toBe(String(100_000 - 250)); // read and kept all the same
  });

  it('asks a BUSY window again a moment later, showing no error', async () => {
    vi.useFakeTimers();
    const { source, asked } = heldSource();
    const table = windowsOf200();
    table.reset(source, {});
    const [busy] = asked.splice(0);
    busy!.answer(fail('BUSY', 'Too many requests in flight from this window; try again in a moment'));
    await vi.advanceTimersByTimeAsync(0);
    expect(table.error.value).toBeNull();
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(asked.map((read) => read.offset)).toEqual([0]);
    asked[0]!.answer(fail('HISTORY_UNAVAILABLE', 'The history store could not be opened'));
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(table.error.value?.code).toBe('HISTORY_UNAVAILABLE');
    expect(asked).toHaveLength(1); // a real failure is not asked again on its own
  });
});
