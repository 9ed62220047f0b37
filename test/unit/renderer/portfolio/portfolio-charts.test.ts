// The portfolio's chart options, built without a canvas: net worth with its gaps, snapshot markers
// and disagreement marks; one currency on two axes; candles with volume and a live candle merged;
// the allocation as a donut or a treemap with the exact value and a share in each tooltip.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../../preload/contract/decimal';
import { allocationGaps, allocationRows, buildAllocationOption, shareHundredths } from '../../../../renderer/src/modules/portfolio/allocation-chart-config';
import { buildCandlesOption, candleLabel, defaultSymbol, mergeCandles } from '../../../../renderer/src/modules/portfolio/candles-chart-config';
import { buildCurrencyOption } from '../../../../renderer/src/modules/portfolio/currency-chart-config';
import { buildNetWorthOption } from '../../../../renderer/src/modules/portfolio/net-worth-chart-config';
import { allocation, candles, colors, netWorth } from './fixtures';

describe('net worth chart', () => {
  it('draws one value per day and leaves a day without a value as a gap, not a zero', () => {
    const option = buildNetWorthOption(netWorth(), { USDT: 2 }, colors);
    expect(option.xAxis.data).toEqual(['1 Mar', '2 Mar', '3 Mar', '4 Mar', '5 Mar']);
    const [line] = option.series;
    expect(line.data).toEqual([1000.5, 1200.25, null, 900, 1100]);
    expect(line.connectNulls).toBe(false);
  });

  it('puts the snapshots beside the line and marks the day one disagrees', () => {
    const [, snapshots, disagreeing] = buildNetWorthOption(netWorth(), { USDT: 2 }, colors).series;
    expect(snapshots.data).toEqual([null, 1200.25, null, 950.125, null]);
    expect(disagreeing.data).toEqual([null, null, null, 950.125, null]);
    expect(disagreeing.itemStyle.color).toBe(colors.warning);
  });

  it('names in the legend only what is drawn', () => {
    expect(buildNetWorthOption(netWorth(), {}, colors).legend.data).toEqual(['Net worth', 'Snapshot', 'Snapshot disagrees']);
    const plain = netWorth({ disagreements: [], points: netWorth().points.map((point) => ({ ...point, snapshotValue: null })) });
    expect(buildNetWorthOption(plain, {}, colors).legend.data).toEqual(['Net worth']);
  });

  it('says the day, the exact value, the snapshot, the disagreement and what has no price in the tooltip', () => {
    const option = buildNetWorthOption(netWorth(), { USDT: 2 }, colors);
    expect(option.tooltip.formatter([{ dataIndex: 3 }])).toBe('2026-03-04<br/>Net worth: 900.00 USDT<br/>Snapshot: 950.13 USDT<br/>Snapshot disagrees on BTC');
    expect(option.tooltip.formatter([{ dataIndex: 2 }])).toBe('2026-03-03<br/>Net worth: no value (nothing held has a price)<br/>No price: XYZ');
    expect(option.tooltip.formatter([{ dataIndex: 4 }])).toContain('Net worth: 1,100.00 USDT<br/>No price: XYZ');
  });

  it('escapes a currency code before it reaches the tooltip’s HTML', () => {
    const history = netWorth({ points: [{ day: '2026-03-01', value: '1', unpriced: ['<b>X</b>'], snapshotValue: null }], disagreements: [] });
    expect(buildNetWorthOption(history, {}, colors).tooltip.formatter([{ dataIndex: 0 }])).toContain('&lt;b&gt;X&lt;/b&gt;');
  });
});

describe('per-currency chart', () => {
  it('puts the amount on the left axis in the currency and the value on the right in the valuation currency', () => {
    const option = buildCurrencyOption(netWorth().currencies[0]!, 'USDT', { USDT: 2, BTC: 8 }, colors);
    expect(option.yAxis.map((axis) => [axis.name, axis.position])).toEqual([['BTC', 'left'], ['USDT', 'right']]);
    const [amount, value] = option.series;
    expect([amount.yAxisIndex, value.yAxisIndex]).toEqual([0, 1]);
    expect(amount.data).toEqual([0.01, 0.012, 0.012, 0.00000001, 0.02]);
    expect(value.data).toEqual([500, 600, null, 0.0006, 1100]);
  });

  it('tells each day’s amount, price and value exactly in their precisions', () => {
    const option = buildCurrencyOption(netWorth().currencies[0]!, 'USDT', { USDT: 2, BTC: 8 }, colors);
    expect(option.tooltip.formatter([{ dataIndex: 3 }])).toBe('2026-03-04<br/>Amount: 0.00000001 BTC<br/>Close price: 60,000.00 USDT<br/>Value: 0.00 USDT');
    expect(option.tooltip.formatter([{ dataIndex: 2 }])).toBe('2026-03-03<br/>Amount: 0.01200000 BTC<br/>No USDT price that day<br/>Value: —');
  });
});

describe('candles', () => {
  const symbols = [
    { symbol: 'ETHBTC', base: 'ETH', quote: 'BTC' },
    { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT' },
    { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT' },
  ];

  it('draws a candlestick above and volume bars below, on two grids sharing the time', () => {
    const option = buildCandlesOption(candles(), symbols[1], { text: '#333', grid: '#eee', up: '#0a0', down: '#a00' });
    expect(option.grid).toHaveLength(2);
    const [sticks, volume] = option.series;
    expect(sticks.type).toBe('candlestick');
    expect(sticks.data).toEqual([[50000, 50100.5, 49900, 50200], [50100.5, 50050, 50000, 50150]]);
    expect(volume.type).toBe('bar');
    expect([volume.xAxisIndex, volume.yAxisIndex]).toEqual([1, 1]);
    expect(volume.data.map((bar) => [bar.value, bar.itemStyle.color])).toEqual([[1.5, '#0a0'], [0.25, '#a00']]);
    expect(option.xAxis[0].data).toEqual(['5 Mar 08:00', '5 Mar 09:00']);
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe(
      '5 Mar 09:00 UTC<br/>Open: 50100.5 USDT<br/>High: 50150 USDT<br/>Low: 50000 USDT<br/>Close: 50050 USDT (down)<br/>Volume: 0.25 BTC (12520 USDT)',
    );
  });

  it('merges a live candle: the same opening time replaces, a new one joins at the end', () => {
    const series = candles();
    const live = { ...series.candles[1]!, close: '50300', high: '50300', volume: '0.5' };
    const next = { at: '2026-03-05T10:00:00.000Z', open: '50300', close: '50310', high: '50320', low: '50290', volume: '0.01', volumeQuote: '503' };
    const merged = mergeCandles(series.candles, [next, live]);
    expect(merged.map((candle) => candle.at)).toEqual(['2026-03-05T08:00:00.000Z', '2026-03-05T09:00:00.000Z', '2026-03-05T10:00:00.000Z']);
    expect(merged[1]?.close).toBe('50300');
    const option = buildCandlesOption({ ...series, candles: merged }, symbols[1], { text: '', grid: '', up: 'u', down: 'd' });
    expect(option.series[0].data[1]).toEqual([50100.5, 50300, 50000, 50300]);
    expect(option.series[1].data.map((bar) => bar.value)).toEqual([1.5, 0.5, 0.01]);
  });

  it('keeps only the newest candles past the limit', () => {
    const merged = mergeCandles(candles().candles, [], 1);
    expect(merged.map((candle) => candle.at)).toEqual(['2026-03-05T09:00:00.000Z']);
  });

  it('opens on the chosen currency against USDT, else any symbol it is in, else BTCUSDT', () => {
    expect(defaultSymbol(symbols, 'ETH')).toBe('ETHUSDT');
    expect(defaultSymbol(symbols, 'BTC')).toBe('BTCUSDT');
    expect(defaultSymbol(symbols.slice(0, 1), 'BTC')).toBe('ETHBTC');
    expect(defaultSymbol(symbols, 'DOGE')).toBe('BTCUSDT');
    expect(defaultSymbol([], 'BTC')).toBeNull();
  });

  it('labels daily candles by day and shorter ones by hour', () => {
    expect(candleLabel('2026-03-05T00:00:00.000Z', 'D1')).toBe('5 Mar');
    expect(candleLabel('2026-03-05T13:30:00.000Z', 'M30')).toBe('5 Mar 13:30');
  });
});

describe('allocation', () => {
  it('gives shares in hundredths that sum to exactly 100 %, remainders to the largest', () => {
    const shares = shareHundredths([new Decimal(1), new Decimal(1), new Decimal(1)]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(10_000);
    expect(shares).toEqual([3334, 3333, 3333]);
    expect(shareHundredths([new Decimal('0.000001'), new Decimal('999.999999')])).toEqual([0, 10_000]);
  });

  it('rows by currency: largest first, the unvalued currency last with no share, shares adding to 100', () => {
    const rows = allocationRows(allocation(), 'currency');
    expect(rows.map((row) => row.label)).toEqual(['BTC', 'ETH', 'USDT', 'XYZ']);
    // Equal remainders: the hundredth left over goes to the first in main's order (USDT).
    expect(rows.map((row) => row.share)).toEqual(['33.33', '33.33', '33.34', null]);
    expect(rows.reduce((sum, row) => sum.plus(row.share ?? 0), new Decimal(0)).toFixed(2)).toBe('100.00');
  });

  it('rows by side and by sub-account, a zero-valued account taking no share', () => {
    expect(allocationRows(allocation(), 'side').map((row) => [row.label, row.share])).toEqual([['Wallet', '66.67'], ['Spot (trading)', '33.33']]);
    expect(allocationRows(allocation(), 'account').map((row) => [row.label, row.share])).toEqual([['Master', '100.00'], ['Desk A', null]]);
  });

  it('draws a donut with the exact value, amount and share in each tooltip', () => {
    const rows = allocationRows(allocation(), 'currency');
    const option = buildAllocationOption(rows, 'donut', 'USDT', { USDT: 2, BTC: 8 }, { background: '#fff', label: '#000' });
    const [pie] = option.series;
    expect(pie.type).toBe('pie');
    expect(pie.data.map((item) => item.name)).toEqual(['BTC', 'ETH', 'USDT']);
    expect(option.tooltip.formatter({ data: pie.data[0]! })).toBe('BTC: 1,000.00 USDT (33.33 %) — 0.50000000 BTC');
    expect(option.tooltip.formatter({ data: pie.data[2]! })).toBe('USDT: 1,000.00 USDT (33.34 %)');
  });

  it('draws the same rows as a treemap', () => {
    const rows = allocationRows(allocation(), 'side');
    const option = buildAllocationOption(rows, 'treemap', 'USDT', { USDT: 2 }, { background: '#fff', label: '#000' });
    const [map] = option.series;
    expect(map.type).toBe('treemap');
    expect(map.data.map((item) => [item.name, item.value])).toEqual([['Wallet', 2000.01], ['Spot (trading)', 999.99]]);
    expect(option.tooltip.formatter({ data: map.data[1]! })).toBe('Spot (trading): 999.99 USDT (33.33 %)');
  });

  it('says in words what is left out: currencies without a rate and sub-accounts not read', () => {
    expect(allocationGaps(allocation())).toEqual(['Not valued (no USDT rate): XYZ.', 'Desk B could not be read and is left out: The service refused the read (403).']);
  });
});
