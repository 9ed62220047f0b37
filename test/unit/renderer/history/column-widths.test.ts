import { describe, expect, it } from 'vitest';
import { columnWidthStyle, NO_TEXTS, widestTexts } from '../../../../renderer/src/modules/history/column-widths';

describe('the transactions table column widths', () => {
  it('keeps the longest text of each column among the rows', () => {
    let texts = widestTexts(NO_TEXTS, { amount: '+1.5', fee: '—', status: 'Completed' });
    texts = widestTexts(texts, { amount: '+2,434.560632781234567891', fee: '0.7158', status: 'Waiting for approval' });
    texts = widestTexts(texts, { pair: '−4,974.441421403721045722 SHIB → +337.36 EUR', status: 'Pending' });
    expect(texts).toEqual({ amount: 25, fee: 6, status: 20, pair: 44 });
  });

  it('sizes each column for its longest text and never below the usual widths', () => {
    const style = columnWidthStyle({ amount: 25, fee: 6, status: 20, pair: 44 });
    expect(style['--amount-width']).toBe('max(140px, 28.0ch, calc(49.3ch - var(--fee-width) - 140px))');
    expect(style['--fee-width']).toBe('max(92px, 6ch)');
    expect(style['--status-width']).toBe('max(90px, calc(20ch + 22px))');
    // The grid's least width is the fixed columns (618 px with gaps and padding) plus the measured ones.
    expect(style['--grid-width']).toBe('calc(618px + var(--status-width) + var(--amount-width) + var(--fee-width))');
  });

  it('gives the usual widths to a table with no rows', () => {
    const style = columnWidthStyle(NO_TEXTS);
    expect(style['--amount-width']).toBe('max(140px, 0.0ch, calc(0.0ch - var(--fee-width) - 140px))');
    expect(style['--status-width']).toBe('max(90px, calc(0ch + 22px))');
  });
});
