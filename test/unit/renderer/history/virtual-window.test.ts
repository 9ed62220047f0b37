// The virtual table's geometry: which rows a scroll position shows and where they sit, the fixed
// windows those rows need, and the scaling above the spacer cap (Chromium's element height limit):
// the scrollbar's whole travel reaches the last row, and every row can be scrolled to.
import { describe, expect, it } from 'vitest';
import {
  MAX_SPACER_PX,
  isScaled,
  pageRows,
  renderedRows,
  rowOffsetAt,
  rowTop,
  scrollToShow,
  scrollTopFor,
  spacerHeight,
  visibleRows,
  windowsFor,
  type ScrollGeometry,
} from '../../../../renderer/src/modules/history/virtual-window';

const small: ScrollGeometry = { total: 1_000, rowHeight: 36, viewport: 468 };
const million: ScrollGeometry = { total: 1_000_000, rowHeight: 36, viewport: 468 };

describe('below the spacer cap', () => {
  it('gives each row its own pixels: the spacer is total × row height, rows at index × row height', () => {
    expect(spacerHeight(small)).toBe(36_000);
    expect(isScaled(small)).toBe(false);
    expect(rowTop(10, 9_999, small)).toBe(360);
    expect(rowOffsetAt(720, small)).toBe(720);
  });

  it('shows the rows the viewport covers, partly visible ones included', () => {
    expect(visibleRows(0, small)).toEqual({ first: 0, last: 12, offset: 0 });
    expect(visibleRows(36 * 100 + 10, small)).toMatchObject({ first: 100, last: 113 });
    expect(visibleRows(36_000 - 468, small)).toMatchObject({ first: 987, last: 999 });
  });

  it('keeps a margin of rows in the DOM, clamped to the set', () => {
    expect(renderedRows(visibleRows(0, small), 1_000, 8)).toEqual({ first: 0, last: 20 });
    expect(renderedRows(visibleRows(36_000, small), 1_000, 8)).toEqual({ first: 979, last: 999 });
    expect(renderedRows(visibleRows(0, { ...small, total: 0 }), 0, 8)).toEqual({ first: 0, last: -1 });
  });
});

describe('windows to read', () => {
  it('names every fixed window the rows touch, and none twice', () => {
    expect(windowsFor(0, 20, 200)).toEqual([0]);
    expect(windowsFor(190, 230, 200)).toEqual([0, 1]);
    expect(windowsFor(399, 400, 200)).toEqual([1, 2]);
    expect(windowsFor(999_900, 999_999, 200)).toEqual([4_999]);
    expect(windowsFor(5, 4, 200)).toEqual([]);
  });
});

describe('above the spacer cap (a million rows)', () => {
  it('caps the spacer under Chromium’s element height limit and scales the scroll position', () => {
    expect(1_000_000 * 36).toBeGreaterThan(33_554_428);
    expect(spacerHeight(million)).toBe(MAX_SPACER_PX);
    expect(MAX_SPACER_PX).toBeLessThan(33_554_428);
    expect(isScaled(million)).toBe(true);
  });

  it('maps the scrollbar’s ends onto the first and the last row', () => {
    expect(visibleRows(0, million)).toMatchObject({ first: 0, last: 12 });
    const bottom = visibleRows(MAX_SPACER_PX - 468, million);
    expect(bottom.last).toBe(999_999);
    expect(bottom.offset).toBe(36_000_000 - 468);
    // Halfway down the bar is halfway down the rows.
    const middle = visibleRows((MAX_SPACER_PX - 468) / 2, million);
    expect(Math.abs(middle.first - 500_000)).toBeLessThan(10);
  });

  it('draws the rows in view inside the viewport, one row height apart', () => {
    const scrollTop = 12_345_678;
    const { first, last } = visibleRows(scrollTop, million);
    const tops = [first, first + 1, last].map((index) => rowTop(index, scrollTop, million));
    expect(tops[1]! - tops[0]!).toBeCloseTo(36, 6);
    expect(tops[0]).toBeGreaterThan(scrollTop - 36);
    expect(tops[0]).toBeLessThanOrEqual(scrollTop);
    expect(tops[2]).toBeLessThan(scrollTop + 468);
    // Every row sits inside the capped spacer.
    expect(rowTop(999_999, MAX_SPACER_PX - 468, million) + 36).toBeCloseTo(MAX_SPACER_PX, 3);
  });

  it('scrolls to any row: scrollTopFor inverts rowOffsetAt, and scrollToShow brings a row whole into view', () => {
    for (const offset of [0, 36 * 1_234, 18_000_000, 36_000_000 - 468]) {
      expect(rowOffsetAt(scrollTopFor(offset, million), million)).toBeCloseTo(offset, 3);
    }
    for (const index of [0, 1, 777_777, 999_999]) {
      const scrollTop = scrollToShow(index, 0, million);
      const view = visibleRows(scrollTop, million);
      expect(view.first).toBeLessThanOrEqual(index);
      expect(view.last).toBeGreaterThanOrEqual(index);
    }
    // Already in view: no move.
    expect(scrollToShow(3, 0, million)).toBe(0);
  });

  it('moves by a page of whole rows, one kept for context', () => {
    expect(pageRows(million)).toBe(12);
  });
});

describe('a cap small enough to test by hand', () => {
  const geo: ScrollGeometry = { total: 100, rowHeight: 10, viewport: 50, maxSpacer: 550 };

  it('scales 1,000 px of rows onto 550 px of spacer: 950 px of row travel over 500 px of bar', () => {
    expect(spacerHeight(geo)).toBe(550);
    expect(rowOffsetAt(250, geo)).toBe(475);
    expect(scrollTopFor(475, geo)).toBe(250);
    expect(visibleRows(500, geo)).toEqual({ first: 95, last: 99, offset: 950 });
    expect(rowTop(95, 500, geo)).toBe(500);
  });
});
