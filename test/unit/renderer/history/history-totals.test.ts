// What the history totals count, and how they say it.
import { describe, expect, it } from 'vitest';
import { totalsCaption, totalsFilter } from '../../../../renderer/src/modules/history/history-totals';

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
});
