// The filter bar → the contract's HistoryFilter: empty choices left out, values trimmed and
// deduplicated, the date range from the first day's start to the last day's end in local time,
// the search text trimmed to what the contract takes; and a filter told in words.
import { describe, expect, it } from 'vitest';
import { historyFilter } from '../../../../preload/contract/history';
import {
  emptyFilterForm,
  endOfLocalDay,
  filterWords,
  isFilterEmpty,
  toHistoryFilter,
} from '../../../../renderer/src/modules/history/history-filter';

const day = (year: number, month: number, date: number) => new Date(year, month - 1, date).getTime();

describe('toHistoryFilter', () => {
  it('sends nothing for an empty form', () => {
    const filter = toHistoryFilter(emptyFilterForm());
    expect(filter).toEqual({});
    expect(isFilterEmpty(filter)).toBe(true);
  });

  it('maps every field, leaving out what was not chosen, in a shape the contract accepts', () => {
    const filter = toHistoryFilter({
      ...emptyFilterForm(),
      currencies: ['BTC', ' ETH ', 'BTC'],
      types: ['DEPOSIT'],
      statuses: [],
      networks: ['ETH'],
      direction: 'out',
      text: '  0x5290  ',
    });
    expect(filter).toEqual({ currencies: ['BTC', 'ETH'], types: ['DEPOSIT'], networks: ['ETH'], direction: 'out', text: '0x5290' });
    expect(historyFilter.safeParse(filter).success).toBe(true);
  });

  it('counts the last day of the range whole, from the first day’s midnight, in local time', () => {
    const filter = toHistoryFilter({ ...emptyFilterForm(), range: [day(2026, 3, 1), day(2026, 3, 31)] });
    expect(filter.from).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(filter.till).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).toISOString());
    expect(historyFilter.safeParse(filter).success).toBe(true);
  });

  it('puts a range picked backwards in order, and a one-day range covers that day', () => {
    const backwards = toHistoryFilter({ ...emptyFilterForm(), range: [day(2026, 3, 31), day(2026, 3, 1)] });
    expect(Date.parse(backwards.from!)).toBeLessThan(Date.parse(backwards.till!));
    const single = toHistoryFilter({ ...emptyFilterForm(), range: [day(2026, 3, 29), day(2026, 3, 29)] });
    expect(Date.parse(single.till!) - Date.parse(single.from!)).toBeGreaterThan(22 * 3_600_000);
    expect(endOfLocalDay(day(2026, 3, 29))).toBe(new Date(2026, 2, 29, 23, 59, 59, 999).getTime());
  });

  it('leaves out blank text and cuts long text to the 200 characters the contract takes', () => {
    expect(toHistoryFilter({ ...emptyFilterForm(), text: '   ' })).toEqual({});
    const long = toHistoryFilter({ ...emptyFilterForm(), text: 'x'.repeat(300) });
    expect(long.text).toHaveLength(200);
    expect(historyFilter.safeParse(long).success).toBe(true);
  });
});

describe('filterWords', () => {
  it('says "All transactions" for no filter', () => {
    expect(filterWords({})).toBe('All transactions');
  });

  it('tells each part in words, types and statuses as people say them', () => {
    const words = filterWords({
      currencies: ['BTC', 'ETH'],
      types: ['WITHDRAW'],
      statuses: ['SUCCESS'],
      networks: ['ETH'],
      direction: 'out',
      from: new Date(2026, 2, 1).toISOString(),
      till: new Date(2026, 2, 31, 23, 59).toISOString(),
      text: 'rent',
    });
    expect(words).toBe('BTC or ETH · Withdrawal · Completed · on ETH · money out · 2026-03-01 – 2026-03-31 · matching “rent”');
  });
});
