// The portfolio's words: the day the balances table opens on, notes and disagreements as
// sentences, and why an empty chart is empty.
import { describe, expect, it } from 'vitest';
import { addDays, defaultBalancesDay, disagreementWords, emptyNetWorthReason, notesWords } from '../../../../renderer/src/modules/portfolio/portfolio-words';
import { defaultCurrency } from '../../../../renderer/src/modules/portfolio/portfolio-choice';
import { netWorth } from './fixtures';

describe('the balances table’s day', () => {
  it('opens on the last 31 December when the history reaches back to it', () => {
    expect(defaultBalancesDay('2026-03-05', '2025-06-01')).toBe('2025-12-31');
    expect(defaultBalancesDay('2026-03-05', '2025-12-31')).toBe('2025-12-31');
  });

  it('opens on yesterday when the history starts after the last 31 December, or is unknown', () => {
    expect(defaultBalancesDay('2026-11-24', '2026-08-26')).toBe('2026-11-23');
    expect(defaultBalancesDay('2026-03-01', null)).toBe('2026-02-28');
  });

  it('never opens on a 31 December that has not closed yet: on 31 December it is last year’s', () => {
    expect(defaultBalancesDay('2026-12-31', '2020-01-01')).toBe('2025-12-31');
    expect(defaultBalancesDay('2026-01-01', '2026-01-01')).toBe('2025-12-31');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(() => addDays('31/12/2025', 1)).toThrow('day is not a date');
  });
});

describe('notes and disagreements in words', () => {
  it('lists each disagreement with the currency and both amounts in its precision', () => {
    expect(disagreementWords(netWorth().disagreements, { BTC: 8 })).toEqual(['On 2026-03-04 the snapshot held 0.01500000 BTC, the history 0.00000001 BTC.']);
  });

  it('says main’s own words, the kind’s words when main sent none, and leaves the summary out when disagreements are listed', () => {
    expect(notesWords(netWorth().notes, true)).toEqual([
      'No price for XYZ before 26 Aug',
      'Some days hold less than nothing of a currency: a movement is missing from the history.',
    ]);
    expect(notesWords(netWorth().notes, false)).toContain('A snapshot disagrees on 4 Mar.');
  });
});

describe('why the net worth chart is empty', () => {
  it('says nothing when a day has a value', () => {
    expect(emptyNetWorthReason(netWorth())).toBeNull();
  });

  it('says only today is known when no transaction is stored', () => {
    const history = netWorth({
      points: [{ day: '2026-03-05', value: null, unpriced: [], snapshotValue: null }],
      notes: [{ kind: 'noHistory', message: 'No transactions stored yet: only today is known' }],
    });
    expect(emptyNetWorthReason(history)).toBe('No transactions stored yet: only today is known');
  });

  it('names the currencies without a price, or says the history is still syncing', () => {
    const unpriced = netWorth({ points: [{ day: '2026-03-05', value: null, unpriced: ['XYZ'], snapshotValue: null }], notes: [] });
    expect(emptyNetWorthReason(unpriced)).toBe('No price for XYZ on these days.');
    expect(emptyNetWorthReason(netWorth({ points: [], notes: [], syncing: true }))).toBe('History is still syncing — older days may change.');
  });
});

describe('the per-currency chart’s first currency', () => {
  it('is the one worth most on the last day, the valuation currency only when nothing else is held', () => {
    const btc = netWorth().currencies[0]!;
    const usdt = { currency: 'USDT', points: [{ day: '2026-03-05', amount: '99999', price: '1', value: '99999' }] };
    const eth = { currency: 'ETH', points: [{ day: '2026-03-05', amount: '1', price: '2000', value: '2000' }] };
    expect(defaultCurrency(netWorth({ currencies: [usdt, eth, btc] }))).toBe('ETH');
    expect(defaultCurrency(netWorth({ currencies: [usdt] }))).toBe('USDT');
    expect(defaultCurrency(netWorth({ currencies: [] }))).toBeNull();
  });
});
