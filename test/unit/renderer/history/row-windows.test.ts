// The LRU of row windows: reads only what is missing, never twice at once; an answer from before a
// new filter or a change is dropped; a change keeps the old rows on screen until fresh ones come;
// the least recently used windows go first, never the ones the viewport needs.
import { describe, expect, it } from 'vitest';
import { RowWindowCache } from '../../../../renderer/src/modules/history/row-windows';

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => `row ${from + i}`);

describe('RowWindowCache', () => {
  it('reads the windows not held, each once while asked, then answers rows by index', () => {
    const cache = new RowWindowCache<string>(10, 4);
    const reads = cache.reads([0, 1], 1_000);
    expect(reads.map((read) => [read.offset, read.limit])).toEqual([[0, 10], [10, 10]]);
    expect(cache.reads([0, 1], 1_000)).toEqual([]); // asked already
    expect(cache.accept(reads[0]!, rows(0, 10))).toBe(true);
    expect(cache.row(7)).toBe('row 7');
    expect(cache.row(12)).toBeUndefined();
    expect(cache.reads([0], 1_000)).toEqual([]); // held
  });

  it('does not read past the end of a known total', () => {
    const cache = new RowWindowCache<string>(10, 4);
    expect(cache.reads([0, 1, 2], 15).map((read) => read.window)).toEqual([0, 1]);
  });

  it('drops an answer asked before a new filter, and asks again under the new one', () => {
    const cache = new RowWindowCache<string>(10, 4);
    const [old] = cache.reads([0], 100);
    cache.clear();
    const [fresh] = cache.reads([0], 100);
    expect(fresh?.generation).toBe(old!.generation + 1);
    expect(cache.accept(old!, rows(500, 10))).toBe(false);
    expect(cache.row(0)).toBeUndefined();
    expect(cache.accept(fresh!, rows(0, 10))).toBe(true);
    expect(cache.row(0)).toBe('row 0');
  });

  it('after a change keeps showing the old rows, reads them again, and takes only the new answer', () => {
    const cache = new RowWindowCache<string>(10, 4);
    const [first] = cache.reads([0], 100);
    cache.accept(first!, rows(0, 10));
    cache.invalidate();
    expect(cache.row(3)).toBe('row 3');
    expect(cache.isFresh(3)).toBe(false);
    const [again] = cache.reads([0], 100);
    expect(again?.window).toBe(0);
    cache.accept(again!, ['new 0', ...rows(1, 9)]);
    expect(cache.row(0)).toBe('new 0');
    expect(cache.isFresh(0)).toBe(true);
  });

  it('lets a failed read be asked again', () => {
    const cache = new RowWindowCache<string>(10, 4);
    const [read] = cache.reads([0], 100);
    cache.failed(read!);
    expect(cache.reads([0], 100)).toHaveLength(1);
  });

  it('evicts the least recently used windows beyond its capacity, keeping the needed ones', () => {
    const cache = new RowWindowCache<string>(10, 3);
    for (const window of [0, 1, 2]) cache.accept(cache.reads([window], 1_000)[0]!, rows(window * 10, 10));
    cache.reads([0], 1_000); // window 0 used again: 1 is now the oldest
    cache.accept(cache.reads([3], 1_000)[0]!, rows(30, 10), [3]);
    expect(cache.held()).toEqual([2, 0, 3]);
    // The viewport needs 2 and 0 and 3 and 4: none of them may go, even over capacity.
    cache.accept(cache.reads([4], 1_000)[0]!, rows(40, 10), [2, 0, 3, 4]);
    expect(cache.held().sort()).toEqual([0, 2, 3, 4]);
  });
});
