// The review of a balances export in the renderer: the day in words from the signed manifest,
// the rows and total with exactly the digits exported (no precision travels with the file), the
// unpriced currencies said, and the day asked of main once per review, a late answer for a review
// no longer shown dropped.
import { describe, expect, it } from 'vitest';
import { ref } from 'vue';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { fail, ok, type Result } from '../../../../preload/contract/result';
import { balancesSentence, balancesView } from '../../../../renderer/src/modules/review/balances-words';
import { manifestFacts } from '../../../../renderer/src/modules/review/review-words';
import { useReviewBalances } from '../../../../renderer/src/modules/review/use-review-balances';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { report } from './fixtures';

const DAY: DateBalances = {
  day: '2025-12-31',
  closeAt: '2025-12-31T23:59:59.999Z',
  valuationCurrency: 'USDT',
  scope: 'all',
  rows: [
    { currency: 'BTC', amount: '1.50000000', price: '93000.5', value: '139500.75' },
    { currency: 'XYZ', amount: '12345', price: null, value: null },
  ],
  totalValue: '139500.75',
  unpriced: ['XYZ'],
  notes: [],
  syncing: false,
  precision: {},
};

describe('balances in words', () => {
  it('says the day, the valuation currency and the accounts', () => {
    expect(balancesSentence(DAY)).toBe('Balances at the close of 2025-12-31 in USDT, master and sub-accounts');
    expect(balancesSentence({ ...DAY, scope: 'master', valuationCurrency: 'EUR', day: '2026-02-01' })).toBe('Balances at the close of 2026-02-01 in EUR, master account only');
  });

  it('shows every figure with the digits exported, an unknown price said, the total and what it leaves out', () => {
    const view = balancesView(DAY);
    expect(view.lines).toEqual([
      { currency: 'BTC', amount: '1.50000000', price: '93,000.5', value: '139,500.75' },
      { currency: 'XYZ', amount: '12,345', price: 'no price', value: '—' },
    ]);
    expect(view.total).toBe('139,500.75');
    expect(view.unpricedNote).toBe('No USDT price on 2025-12-31 for XYZ: left out of the total.');
    expect(balancesView({ ...DAY, unpriced: [] }).unpricedNote).toBeNull();
  });

  it('the manifest facts of a balances export name its day and signed total instead of a filter and time range', () => {
    const base = report().manifest!;
    const facts = manifestFacts({
      ...base, format: 'balances', filters: {}, rowCount: 2,
      balances: { day: DAY.day, closeAt: DAY.closeAt, valuationCurrency: 'USDT', scope: 'all', totalValue: DAY.totalValue },
    });
    const labels = facts.map((fact) => fact.label);
    expect(labels).not.toContain('Filter');
    expect(labels).not.toContain('Time range');
    expect(facts.find((fact) => fact.label === 'Day')).toEqual({ label: 'Day', value: '2025-12-31, at the close (UTC)', title: expect.stringContaining('2025-12-31') });
    expect(facts.find((fact) => fact.label === 'Total')?.value).toBe('139,500.75 USDT');
    expect(facts.find((fact) => fact.label === 'Currencies')?.value).toBe('2');
    expect(facts.find((fact) => fact.label === 'Format')?.value).toBe('Balances (CSV)');
    expect(facts.find((fact) => fact.label === 'Times in the files')?.value).toBe('UTC, as the signed manifest states');
    expect(manifestFacts({ ...base, timeZone: null }).find((fact) => fact.label === 'Times in the files')?.value).toBe('UTC (this older export does not state it)');
  });
});

describe('useReviewBalances', () => {
  it('asks main for the review’s day, and keeps only the answer for the review shown', async () => {
    const answers = new Map<string, (result: Result<DateBalances>) => void>();
    const fake = fakeBridge({ reviewBalances: ({ reviewId }) => new Promise((resolve) => answers.set(reviewId, resolve)) });
    const reviewId = ref<string | null>('r1');
    const { result: reading } = withSetup(fake.bridge, () => useReviewBalances(reviewId));
    await settle();
    expect(reading.loading.value).toBe(true);
    reviewId.value = 'r2';
    await settle();
    answers.get('r1')!(ok({ ...DAY, day: '2024-12-31' }));
    await settle();
    expect(reading.balances.value).toBeNull();
    answers.get('r2')!(ok(DAY));
    await settle();
    expect(reading.balances.value?.day).toBe('2025-12-31');
    expect(reading.loading.value).toBe(false);
    expect(fake.calls).toEqual([{ op: 'reviewBalances', request: { reviewId: 'r1' } }, { op: 'reviewBalances', request: { reviewId: 'r2' } }]);
  });

  it('says why when main refuses', async () => {
    const fake = fakeBridge({ reviewBalances: () => fail('NOT_LOADED', 'This export holds no balances that checked out') });
    const { result: reading } = withSetup(fake.bridge, () => useReviewBalances(ref('r1')));
    await settle();
    expect(reading.balances.value).toBeNull();
    expect(reading.error.value).toBe('This export holds no balances that checked out (NOT_LOADED)');
  });
});
