import { describe, expect, it } from 'vitest';
import type { ValuedBalance, WalletOverview } from '../../../../preload/contract/wallet';
import { applyBalanceUpdate, holdingShares, valueOf, visibleBalances, type BalanceView } from '../../../../renderer/src/modules/wallet/wallet-rows';
import { buildHoldingsChartOption } from '../../../../renderer/src/modules/wallet/use-holdings-chart-config';
import { readValuation, valuationChoices, writeValuation } from '../../../../renderer/src/modules/wallet/valuation-preference';

function balance(currency: string, total: string, value: string | null): ValuedBalance {
  return { currency, wallet: { available: total, reserved: '0' }, spot: { available: '0', reserved: '0' }, total, value };
}

const overview: WalletOverview = {
  profileId: 'p1', valuationCurrency: 'USDT', balances: [], totalValue: '0',
  rates: { BTC: '60000.5', ETH: '3000.1' }, unvalued: [], live: true, precision: { USDT: 6, BTC: 8 }, asOf: '2026-01-01T00:00:00Z',
};

describe('revaluing stream updates', () => {
  it('multiplies by the rate exactly and leaves the valuation currency as it is', () => {
    expect(valueOf('BTC', '0.1', 'USDT', overview.rates)).toBe('6000.05');
    expect(valueOf('USDT', '12.5', 'USDT', overview.rates)).toBe('12.5');
    expect(valueOf('XRP', '10', 'USDT', overview.rates)).toBeNull();
  });

  it('re-sums the total and lists what has no rate', () => {
    const merged = [balance('BTC', '0.1', null), balance('USDT', '0.1', null), balance('XRP', '5', null), balance('DOGE', '0', null)];
    const next = applyBalanceUpdate(overview, merged);
    expect(next.totalValue).toBe('6000.15');
    expect(next.unvalued).toEqual(['XRP']);
    expect(next.balances.map((b) => b.value)).toEqual(['6000.05', '0.1', null, null]);
  });
});

describe('visibleBalances', () => {
  const rows = [balance('BTC', '1', '60000'), balance('ETH', '0', '0'), balance('XRP', '100', null), balance('USDT', '500', '500')];
  const view: BalanceView = { search: '', hideZero: false, sortKey: 'value', sortOrder: 'descend' };

  it('sorts by value with unvalued rows last when descending', () => {
    expect(visibleBalances(rows, view).map((b) => b.currency)).toEqual(['BTC', 'USDT', 'ETH', 'XRP']);
  });

  it('hides zero balances and searches code or full name', () => {
    expect(visibleBalances(rows, { ...view, hideZero: true }).map((b) => b.currency)).toEqual(['BTC', 'USDT', 'XRP']);
    expect(visibleBalances(rows, { ...view, search: 'ripp' }, { XRP: 'Ripple' }).map((b) => b.currency)).toEqual(['XRP']);
  });

  it('sorts by currency and by total as decimals, not text', () => {
    expect(visibleBalances(rows, { ...view, sortKey: 'currency', sortOrder: 'ascend' }).map((b) => b.currency)).toEqual(['BTC', 'ETH', 'USDT', 'XRP']);
    expect(visibleBalances(rows, { ...view, sortKey: 'total', sortOrder: 'descend' }).map((b) => b.currency)).toEqual(['USDT', 'XRP', 'BTC', 'ETH']);
  });
});

describe('holdings donut', () => {
  it('folds the tail into Other and gives percents of the total', () => {
    const many = ['A', 'B', 'C', 'D'].map((code, i) => balance(code, '1', String(40 - i * 10)));
    const shares = holdingShares(many, 3);
    expect(shares).toEqual([
      { label: 'A', value: '40', percent: '40.00' },
      { label: 'B', value: '30', percent: '30.00' },
      { label: 'Other', value: '30', percent: '30.00' },
    ]);
  });

  it('builds the ECharts option with formatted amounts in the tooltip', () => {
    const option = buildHoldingsChartOption([{ label: 'BTC', value: '1234.5', percent: '100.00' }], (v) => `${v} USDT`, { text: '#111', background: '#fff' });
    const data = option.series[0]?.data ?? [];
    expect(data).toEqual([{ name: 'BTC', value: 100, formatted: '1234.5 USDT' }]);
    expect(option.tooltip.formatter({ data: data[0]!, percent: 100 })).toBe('BTC: 1234.5 USDT (100.00%)');
    expect(option.series[0]?.radius).toEqual(['55%', '80%']);
  });
});

describe('valuation preference', () => {
  it('remembers the pick and falls back to USDT on junk', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(readValuation(storage)).toBe('USDT');
    writeValuation(storage, 'BTC');
    expect(readValuation(storage)).toBe('BTC');
    writeValuation(storage, '<script>');
    expect(readValuation(storage)).toBe('USDT');
    expect(valuationChoices(['XRP', 'BTC', 'ADA'], 'DOGE')).toEqual(['USDT', 'USD', 'EUR', 'BTC', 'ETH', 'DOGE', 'ADA', 'XRP']);
  });
});
