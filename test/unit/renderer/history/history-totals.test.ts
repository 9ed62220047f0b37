// What the history totals count, and how they say it.
import { describe, expect, it } from 'vitest';
import { ONE_LINE_AMOUNT_CHARS, totalsCaption, totalsFilter, wrappableAmount } from '../../../../renderer/src/modules/history/history-totals';

describe('history totals', () => {
  it('counts completed rows unless asked for the others, keeping a chosen status filter', () => {
    expect(totalsFilter({}, false)).toEqual({ statuses: ['SUCCESS'] });
    expect(totalsFilter({ currencies: ['BTC'] }, true)).toEqual({ currencies: ['BTC'] });
    expect(totalsFilter({ currencies: ['BTC'], statuses: ['SUCCESS', 'FAILED'] }, false)).toEqual({ currencies: ['BTC'], statuses: ['SUCCESS'] });
    expect(totalsFilter({ statuses: ['FAILED', 'ROLLED_BACK'] }, false)).toBeNull();
    expect(totalsFilter({ statuses: ['FAILED'] }, true)).toEqual({ statuses: ['FAILED'] });
  });

  it('says what the totals count, and how many of the listed rows that is', () => {
    expect(totalsCaption(false, 9_500, 10_000)).toBe('Totals count completed rows only: 9,500 of the 10,000 rows listed.');
    expect(totalsCaption(false, 40, 40)).toBe('Totals count completed rows only.');
    expect(totalsCaption(false, null, 10)).toBe('Totals count completed rows only.');
    expect(totalsCaption(true, 10, 10)).toBe('Totals count every row in the filter, failed and rolled-back ones included.');
  });

  it('lets a long sum break after its decimal point only, and keeps a short one whole', () => {
    expect(wrappableAmount('-16,488,687.557347668095606081')).toEqual(['-16,488,687.', '557347668095606081']);
    expect(wrappableAmount('502,862,966.02234338')).toEqual(['502,862,966.02234338']);
    expect(wrappableAmount('881.4034')).toEqual(['881.4034']);
    const wholeLong = '1'.repeat(ONE_LINE_AMOUNT_CHARS + 5);
    expect(wrappableAmount(wholeLong)).toEqual([wholeLong]);
    for (const text of ['496,916,144.625233830745810204', '0.000000000000000001', '12']) expect(wrappableAmount(text).join('')).toBe(text);
  });
});
