// An export's rows cut into blocks of whole days: sized from the day counts, oldest first, the
// first block open towards the past and the last towards the future, each next one starting on
// the first millisecond of its first day.
import { describe, expect, it } from 'vitest';
import { mergeBlockStats, noBlockStats, planBlocks } from '../../../main/core/exports/blocks/plan';
import { DAY_MS } from '../../../main/core/history/schema';

describe('planBlocks', () => {
  it('fills each block with whole days until it holds enough rows', () => {
    // Newest first, as the day counts come.
    const days = [{ day: 9, n: 4 }, { day: 5, n: 10 }, { day: 3, n: 15 }, { day: 1, n: 30 }];
    expect(planBlocks(days, 20)).toEqual([
      { fromMs: undefined, tillMs: 3 * DAY_MS - 1, rows: 30 },
      { fromMs: 3 * DAY_MS, tillMs: 9 * DAY_MS - 1, rows: 25 },
      { fromMs: 9 * DAY_MS, tillMs: undefined, rows: 4 },
    ]);
  });

  it('makes one open block of a small set, and none of an empty one', () => {
    expect(planBlocks([{ day: 7, n: 3 }], 20)).toEqual([{ fromMs: undefined, tillMs: undefined, rows: 3 }]);
    expect(planBlocks([], 20)).toEqual([]);
  });
});

describe('mergeBlockStats', () => {
  it('adds rows and unpriced rows, widens the time range and keeps the withdrawals in order', () => {
    const total = noBlockStats();
    mergeBlockStats(total, { rows: 2, oldest: '2024-01-02T00:00:00.000Z', newest: '2024-01-03T00:00:00.000Z', unpriced: 1, withdrawals: ['7'] });
    mergeBlockStats(total, { rows: 3, oldest: '2024-01-01T00:00:00.000Z', newest: '2024-01-02T12:00:00.000Z', unpriced: 0, withdrawals: ['9', '8'] });
    mergeBlockStats(total, noBlockStats());
    expect(total).toEqual({ rows: 5, oldest: '2024-01-01T00:00:00.000Z', newest: '2024-01-03T00:00:00.000Z', unpriced: 1, withdrawals: ['7', '9', '8'] });
  });
});
