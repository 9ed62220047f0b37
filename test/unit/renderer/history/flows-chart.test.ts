// The flows chart's option: one currency's buckets, money in above the axis and out below it,
// bucket labels by day, week or month (UTC), the tooltip in the currency's precision with the
// direction's sign, and nothing from the data written into the tooltip's HTML unescaped.
import { describe, expect, it } from 'vitest';
import type { HistoryFlows } from '../../../../preload/contract/history';
import { bucketLabel, buildFlowsChartOption, flowCurrencies } from '../../../../renderer/src/modules/history/use-flows-chart-config';

const colors = { text: '#333', grid: '#eee', in: '#0a0', out: '#a00' };
const flows: HistoryFlows = {
  bucket: 'day',
  series: [
    { currency: 'USDT', points: [{ at: '2026-03-01T00:00:00.000Z', in: '1000.5', out: '0' }, { at: '2026-03-02T00:00:00.000Z', in: '0', out: '250.125' }] },
    { currency: 'BTC', points: [{ at: '2026-03-01T00:00:00.000Z', in: '0.00000001', out: '1.5' }] },
  ],
};

describe('buildFlowsChartOption', () => {
  it('draws the chosen currency only: in above the axis, out below, one bar pair per bucket', () => {
    const option = buildFlowsChartOption(flows, 'USDT', { USDT: 2 }, colors);
    expect(option.xAxis.data).toEqual(['1 Mar', '2 Mar']);
    const [inflow, outflow] = option.series;
    expect(inflow?.name).toBe('In');
    expect(inflow?.data.map((bar) => bar.value)).toEqual([1000.5, 0]);
    expect(outflow?.data.map((bar) => bar.value)).toEqual([-0, -250.125]);
    expect(inflow?.itemStyle.color).toBe('#0a0');
    expect(outflow?.itemStyle.color).toBe('#a00');
  });

  it('shows amounts padded to the currency’s precision, never rounded, signed by direction, in the tooltip', () => {
    const option = buildFlowsChartOption(flows, 'USDT', { USDT: 2 }, colors);
    expect(option.series[0]?.data[0]?.formatted).toBe('+1,000.50');
    expect(option.series[1]?.data[1]?.formatted).toBe('−250.125');
    expect(option.series[1]?.data[0]?.formatted).toBe('0.00');
    const tooltip = option.tooltip.formatter(option.series.map((series) => ({ dataIndex: 1, seriesName: series.name, data: series.data[1]! })));
    expect(tooltip).toBe('2 Mar<br/>In: 0.00 USDT<br/>Out: −250.125 USDT');
  });

  it('keeps the smallest unit of a fine currency', () => {
    const option = buildFlowsChartOption(flows, 'BTC', { BTC: 8 }, colors);
    expect(option.series[0]?.data[0]?.formatted).toBe('+0.00000001');
    expect(option.series[1]?.data[0]?.formatted).toBe('−1.50000000');
  });

  it('escapes a currency code from a file before it reaches the tooltip’s HTML', () => {
    const hostile: HistoryFlows = { bucket: 'month', series: [{ currency: '<img src=x onerror=alert(1)>', points: [{ at: '2026-03-01T00:00:00Z', in: '1', out: '0' }] }] };
    const option = buildFlowsChartOption(hostile, hostile.series[0]!.currency, {}, colors);
    const tooltip = option.tooltip.formatter([{ dataIndex: 0, seriesName: 'In', data: option.series[0]!.data[0]! }]);
    expect(tooltip).not.toContain('<img');
    expect(tooltip).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('draws nothing for a currency without flows', () => {
    expect(buildFlowsChartOption(flows, 'ETH', {}, colors).xAxis.data).toEqual([]);
  });
});

describe('bucket labels', () => {
  it('reads a day, a week and a month in UTC', () => {
    expect(bucketLabel('2026-03-09T00:00:00.000Z', 'day')).toBe('9 Mar');
    expect(bucketLabel('2026-03-09T00:00:00.000Z', 'week')).toBe('Wk of 9 Mar');
    expect(bucketLabel('2026-03-01T00:00:00.000Z', 'month')).toBe('Mar 2026');
  });

  it('lists the currencies in the order main sent them', () => {
    expect(flowCurrencies(flows)).toEqual(['USDT', 'BTC']);
    expect(flowCurrencies(null)).toEqual([]);
  });
});
