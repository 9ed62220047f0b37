// The choices the one-place ARIA patches make: a card title's heading level and the name of a data
// table's selection checkbox. (That the patches reach the page is held by the focus-ring e2e spec.)
import { describe, expect, it } from 'vitest';
import { headingLevel, selectionLabel } from '../../../../renderer/src/modules/theme/aria-patches';

/** An element whose nearest [data-heading-level] ancestor says `level` (or that has none). */
const titleUnder = (level: string | null) =>
  ({ closest: (selector: string) => (selector === '[data-heading-level]' && level !== null ? { getAttribute: () => level } : null) }) as unknown as Element;

describe('headingLevel', () => {
  it('is 2 for a card with nothing above it saying otherwise', () => {
    expect(headingLevel(titleUnder(null))).toBe(2);
  });

  it('follows the nearest data-heading-level', () => {
    expect(headingLevel(titleUnder('3'))).toBe(3);
    expect(headingLevel(titleUnder('1'))).toBe(1);
  });

  it('ignores a level that is not one of h1–h6', () => {
    expect(headingLevel(titleUnder('7'))).toBe(2);
    expect(headingLevel(titleUnder('two'))).toBe(2);
    expect(headingLevel(titleUnder('2.5'))).toBe(2);
  });
});

describe('selectionLabel', () => {
  it('names the header checkbox for every row', () => {
    expect(selectionLabel(null)).toBe('Select all rows');
  });

  it("names a row's checkbox after the row's first cell, in one line and not too long", () => {
    expect(selectionLabel('  Payroll\n  sub-account ')).toBe('Select Payroll sub-account');
    expect(selectionLabel('x'.repeat(80))).toBe(`Select ${'x'.repeat(60)}`);
  });

  it('falls back to a plain name when the first cell is empty', () => {
    expect(selectionLabel('   ')).toBe('Select row');
  });
});
