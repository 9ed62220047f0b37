// The Portfolio page's reads with a stand-in bridge: net worth and allocation in the wallet's
// valuation, read again on a change of range or scope and at most every CHANGE_REREAD_MS however
// often main says the portfolio changed; an older answer never overwrites a newer one; the
// sub-accounts scope offered only when there are sub-accounts. Candles followed on show, live
// candles merged, stopped with the page. Balances on a day, and their export claiming nothing
// before main's result.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ref } from 'vue';
import type { CandleSeries, DateBalances, NetWorthHistory, PortfolioRange } from '../../../../preload/contract/portfolio';
import type { SubAccountRow } from '../../../../preload/contract/subaccounts';
import { fail, ok, type Result } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useBalancesExport, useBalancesOnDate } from '../../../../renderer/src/modules/portfolio/use-balances-on-date';
import { useCandles } from '../../../../renderer/src/modules/portfolio/use-candles';
import { CHANGE_REREAD_MS, usePortfolio } from '../../../../renderer/src/modules/portfolio/use-portfolio';
import { fakeBridge, settle, withSetup, type Answers } from '../fake-bridge';
import { allocation, candles, netWorth } from './fixtures';

afterEach(() => vi.useRealTimers());

const subAccount = { id: 'sub-1', email: 'a@example.com', status: 'active', acl: null, aclMissingReason: null } satisfies SubAccountRow;

function mountPortfolio(answers: Answers = {}, subAccounts: SubAccountRow[] = []) {
  const fake = fakeBridge({
    listWalletCurrencies: () => ok([]),
    listSubAccounts: () => ok({ profileId: 'p1', subAccounts, asOf: '2026-03-05T10:00:00.000Z' }),
    portfolioNetWorth: ({ range, scope }) => ok(netWorth({ range, scope })),
    portfolioAllocation: ({ scope }) => ok(allocation({ scope })),
    ...answers,
  });
  const mounted = withSetup(fake.bridge, () => usePortfolio(), () => useProfilesStore().setActiveProfileId('p1'));
  return { fake, portfolio: mounted.result, stop: mounted.stop };
}

const ops = (fake: ReturnType<typeof fakeBridge>, name: string) => fake.calls.filter((call) => call.op === name).map((call) => call.request);

describe('usePortfolio', () => {
  it('reads net worth and allocation in the remembered valuation, then again for another range or scope', async () => {
    const { fake, portfolio } = mountPortfolio({}, [subAccount]);
    await settle();
    expect(ops(fake, 'portfolioNetWorth')).toEqual([{ valuationCurrency: 'USDT', range: 'All', scope: 'master' }]);
    expect(portfolio.netWorth.value.value?.range).toBe('All');
    expect(portfolio.allocation.value.value?.scope).toBe('master');
    expect(portfolio.hasSubAccounts.value).toBe(true);
    portfolio.range.value = '1W';
    await settle();
    expect(ops(fake, 'portfolioAllocation')).toHaveLength(1); // the range is the chart's alone
    portfolio.scope.value = 'all';
    await settle();
    expect(ops(fake, 'portfolioNetWorth').at(-1)).toEqual({ valuationCurrency: 'USDT', range: '1W', scope: 'all' });
    expect(ops(fake, 'portfolioAllocation').at(-1)).toEqual({ valuationCurrency: 'USDT', scope: 'all' });
    expect(portfolio.precision.value.BTC).toBe(8);
  });

  it('does not offer the sub-accounts scope to a profile without sub-accounts', async () => {
    const { portfolio } = mountPortfolio();
    await settle();
    expect(portfolio.hasSubAccounts.value).toBe(false);
  });

  it('keeps the newest range’s answer when an older one arrives after it', async () => {
    const pending: Array<(result: Result<NetWorthHistory>) => void> = [];
    const { portfolio } = mountPortfolio({
      portfolioNetWorth: ({ range, scope }) => (range === 'All' ? new Promise((resolve) => pending.push(resolve)) : ok(netWorth({ range, scope }))),
    });
    await settle();
    portfolio.range.value = '1Y' satisfies PortfolioRange;
    await settle();
    pending.forEach((resolve) => resolve(ok(netWorth({ range: 'All' }))));
    await settle();
    expect(portfolio.netWorth.value.value?.range).toBe('1Y');
    expect(portfolio.netWorth.loading.value).toBe(false);
  });

  it('says a failure in words with its code, and clears it on the next success', async () => {
    let failing = true;
    const { portfolio } = mountPortfolio({
      portfolioNetWorth: ({ range, scope }) => (failing ? fail('HISTORY_BUSY', 'The history store is busy') : ok(netWorth({ range, scope }))),
    });
    await settle();
    expect(portfolio.netWorth.error.value).toBe('The history store is busy (HISTORY_BUSY)');
    failing = false;
    portfolio.range.value = '1M';
    await settle();
    expect(portfolio.netWorth.error.value).toBeNull();
  });

  it('reads again at most every CHANGE_REREAD_MS while the portfolio keeps changing, ignoring other profiles', async () => {
    vi.useFakeTimers();
    const { fake, portfolio, stop } = mountPortfolio();
    await vi.advanceTimersByTimeAsync(0);
    const reads = () => ops(fake, 'portfolioNetWorth').length;
    expect(reads()).toBe(1);
    for (let i = 0; i < 10; i += 1) fake.emit('portfolioChanged', { profileId: 'p1', reason: 'history' });
    fake.emit('portfolioChanged', { profileId: 'p2', reason: 'snapshot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(2);
    expect(portfolio.revision.value).toBe(1);
    await vi.advanceTimersByTimeAsync(CHANGE_REREAD_MS);
    expect(reads()).toBe(3);
    stop();
    expect(fake.listenerCount('portfolioChanged')).toBe(0);
  });
});

function mountCandles(currency = ref<string | null>('ETH')) {
  const fake = fakeBridge({
    marketSymbols: () => ok([{ symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT' }, { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT' }]),
    watchCandles: ({ symbol, period }) => ok({ ...candles(), symbol, period } satisfies CandleSeries),
    stopCandles: () => ok(undefined),
  });
  const mounted = withSetup(fake.bridge, () => useCandles(currency), () => useProfilesStore().setActiveProfileId('p1'));
  return { fake, currency, candles: mounted.result, stop: mounted.stop };
}

describe('useCandles', () => {
  it('follows the chosen currency’s symbol on show, and another period when asked', async () => {
    const { fake, candles: panel } = mountCandles();
    await settle();
    expect(ops(fake, 'watchCandles')).toEqual([{ symbol: 'ETHUSDT', period: 'H4' }]);
    panel.period.value = 'D1';
    await settle();
    expect(ops(fake, 'watchCandles').at(-1)).toEqual({ symbol: 'ETHUSDT', period: 'D1' });
    expect(panel.series.value?.period).toBe('D1');
  });

  it('merges live candles of the followed symbol only, and follows the currency until the user picks a symbol', async () => {
    const { fake, currency, candles: panel } = mountCandles();
    await settle();
    const [first, second] = candles().candles;
    fake.emit('marketCandles', { profileId: 'p1', symbol: 'ETHUSDT', period: 'H4', candles: [{ ...second!, close: '1' }] });
    fake.emit('marketCandles', { profileId: 'p1', symbol: 'BTCUSDT', period: 'H4', candles: [{ ...first!, close: '2' }] });
    expect(panel.series.value?.candles.map((candle) => candle.close)).toEqual(['50100.5', '1']);
    currency.value = 'BTC';
    await settle();
    expect(panel.symbol.value).toBe('BTCUSDT');
    panel.choose('ETHUSDT');
    currency.value = 'USDT';
    await settle();
    expect(panel.symbol.value).toBe('ETHUSDT');
  });

  it('stops following when the page is left', async () => {
    const { fake, stop } = mountCandles();
    await settle();
    stop();
    await settle();
    expect(ops(fake, 'stopCandles')).toHaveLength(1);
    expect(fake.listenerCount('marketCandles')).toBe(0);
  });
});

describe('balances on a date and their export', () => {
  const balances = (day: string): DateBalances => ({
    day, closeAt: `${day}T23:59:59.999Z`, valuationCurrency: 'USDT', scope: 'master',
    rows: [{ currency: 'BTC', amount: '0.5', price: '50000', value: '25000' }], totalValue: '25000', unpriced: [], notes: [], syncing: false, precision: {},
  });

  it('reads the chosen day, and again when it changes', async () => {
    const fake = fakeBridge({ balancesOnDate: ({ day }) => ok(balances(day)) });
    const day = ref<string | null>(null);
    const { result } = withSetup(fake.bridge, () => useBalancesOnDate(day, ref('master'), ref('USDT') as never, ref(0)), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(fake.calls).toHaveLength(0);
    day.value = '2025-12-31';
    await settle();
    expect(result.balances.value?.day).toBe('2025-12-31');
    day.value = '2026-01-15';
    await settle();
    expect(ops(fake, 'balancesOnDate')).toEqual([
      { day: '2025-12-31', valuationCurrency: 'USDT', scope: 'master' },
      { day: '2026-01-15', valuationCurrency: 'USDT', scope: 'master' },
    ]);
  });

  it('sends no empty folder, puts a refused folder on its field, and has no result before main’s', async () => {
    const fake = fakeBridge({ exportBalancesOnDate: () => fail('VALIDATION', 'The folder does not exist', 'folder') });
    const { result: work } = withSetup(fake.bridge, () => useBalancesExport());
    await work.run({ day: '2025-12-31', valuationCurrency: 'USDT', scope: 'master', folder: ' /nowhere ' });
    expect(work.result.value).toBeNull();
    expect(work.errors.value).toEqual({ folder: 'The folder does not exist' });
    fake.answer('exportBalancesOnDate', () => ok({ exportId: 'e1', path: '/x/b.zip', fileName: 'b.zip', format: 'json', rows: 3, bytes: 900, fingerprint: 'AB CD' }));
    await work.run({ day: '2025-12-31', valuationCurrency: 'USDT', scope: 'master', folder: '  ' });
    expect(ops(fake, 'exportBalancesOnDate')).toEqual([
      { day: '2025-12-31', valuationCurrency: 'USDT', scope: 'master', folder: '/nowhere' },
      { day: '2025-12-31', valuationCurrency: 'USDT', scope: 'master' },
    ]);
    expect(work.result.value?.path).toBe('/x/b.zip');
  });
});
