// One symbol's candles: the candlestick above, the base volume below (two grids sharing the time
// axis), built from the series alone so it can be tested without a canvas; and how live candles
// join the series (a candle whose opening time is known replaces it). Prices are decimal text in
// the tooltip; numbers only draw.
import Decimal from '../../../../preload/contract/decimal';
import type { Candle, CandlePeriod, CandleSeries, MarketSymbolInfo } from '../../../../preload/contract/portfolio';
import { escapeHtml } from '../history/use-flows-chart-config';
import { compactNumber, type AxisTooltipParam } from './net-worth-chart-config';

/** The periods offered, shortest first. */
export const CHART_PERIODS = ['M30', 'H1', 'H4', 'D1'] as const satisfies readonly CandlePeriod[];
export const PERIOD_WORDS: Readonly<Record<(typeof CHART_PERIODS)[number], string>> = { M30: '30 min', H1: '1 hour', H4: '4 hours', D1: '1 day' };
/** The most candles kept while following: older ones fall off the left. */
export const MAX_CANDLES = 1_000;

export interface CandleColors {
  text: string;
  grid: string;
  up: string;
  down: string;
}

/** The candles after live ones arrive: same opening time replaces, new ones join, oldest first. */
export function mergeCandles(current: readonly Candle[], incoming: readonly Candle[], limit = MAX_CANDLES): Candle[] {
  const byTime = new Map(current.map((candle) => [candle.at, candle]));
  for (const candle of incoming) byTime.set(candle.at, candle);
  const merged = [...byTime.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return merged.slice(Math.max(0, merged.length - limit));
}

/**
 * The symbol the candles open on for a currency: it against USDT, else any symbol it is the base
 * of, else any it is the quote of, else the first.
 */
export function defaultSymbol(symbols: readonly MarketSymbolInfo[], currency: string | null): string | null {
  if (currency !== null) {
    const match =
      symbols.find((one) => one.base === currency && one.quote === 'USDT') ??
      symbols.find((one) => one.base === currency) ??
      symbols.find((one) => one.quote === currency);
    if (match) return match.symbol;
  }
  return symbols.find((one) => one.symbol === 'BTCUSDT')?.symbol ?? symbols[0]?.symbol ?? null;
}

/** "26 Aug" for daily candles, "26 Aug 14:00" (UTC) for shorter ones. */
export function candleLabel(at: string, period: CandlePeriod): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const day = date.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
  if (period === 'D1' || period === 'D7' || period === '1M') return day;
  return `${day} ${date.toISOString().slice(11, 16)}`;
}

export function candleTooltipLines(series: CandleSeries, index: number, quote: string, base: string): string[] {
  const candle = series.candles[index];
  if (!candle) return [];
  const direction = new Decimal(candle.close).comparedTo(candle.open);
  return [
    `${candleLabel(candle.at, series.period)}${series.period === 'D1' ? '' : ' UTC'}`,
    `Open: ${candle.open} ${quote}`,
    `High: ${candle.high} ${quote}`,
    `Low: ${candle.low} ${quote}`,
    `Close: ${candle.close} ${quote} (${direction > 0 ? 'up' : direction < 0 ? 'down' : 'unchanged'})`,
    `Volume: ${candle.volume} ${base} (${candle.volumeQuote} ${quote})`,
  ];
}

interface TimeAxis {
  type: 'category';
  gridIndex: 0 | 1;
  data: string[];
  boundaryGap: true;
  axisLabel: { show: boolean; color: string; hideOverlap: true };
  axisTick: { show: false };
  axisLine: { lineStyle: { color: string } };
}

interface PriceAxis {
  type: 'value';
  gridIndex: 0 | 1;
  scale: true;
  splitNumber: number;
  axisLabel: { color: string; showMinLabel: boolean; formatter: (value: number) => string };
  splitLine: { lineStyle: { color: string } };
}

export type CandlesChartOption = {
  grid: [{ left: number; right: number; top: number; height: string; containLabel: true }, { left: number; right: number; bottom: number; height: string; containLabel: true }];
  axisPointer: { link: [{ xAxisIndex: 'all' }] };
  tooltip: { trigger: 'axis'; axisPointer: { type: 'cross' }; formatter: (params: AxisTooltipParam[]) => string };
  xAxis: [TimeAxis, TimeAxis];
  yAxis: [PriceAxis, PriceAxis];
  series: [
    { type: 'candlestick'; name: string; xAxisIndex: 0; yAxisIndex: 0; itemStyle: { color: string; color0: string; borderColor: string; borderColor0: string }; data: Array<[number, number, number, number]> },
    { type: 'bar'; name: 'Volume'; xAxisIndex: 1; yAxisIndex: 1; barMaxWidth: number; data: Array<{ value: number; itemStyle: { color: string } }> },
  ];
};

export function buildCandlesOption(series: CandleSeries, symbol: MarketSymbolInfo | undefined, colors: CandleColors): CandlesChartOption {
  const labels = series.candles.map((candle) => candleLabel(candle.at, series.period));
  const quote = symbol?.quote ?? '';
  const base = symbol?.base ?? '';
  const timeAxis = (gridIndex: 0 | 1): TimeAxis => ({
    type: 'category',
    gridIndex,
    data: labels,
    boundaryGap: true,
    axisLabel: { show: gridIndex === 1, color: colors.text, hideOverlap: true },
    axisTick: { show: false },
    axisLine: { lineStyle: { color: colors.grid } },
  });
  const valueAxis = (gridIndex: 0 | 1): PriceAxis => ({
    type: 'value',
    gridIndex,
    scale: true,
    // The volume grid is short: its top label alone says the scale.
    splitNumber: gridIndex === 0 ? 4 : 1,
    axisLabel: { color: colors.text, showMinLabel: gridIndex === 0, formatter: compactNumber },
    splitLine: { lineStyle: { color: colors.grid } },
  });
  const number = (text: string) => new Decimal(text).toNumber();
  return {
    grid: [
      { left: 8, right: 12, top: 12, height: '62%', containLabel: true },
      { left: 8, right: 12, bottom: 4, height: '20%', containLabel: true },
    ],
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross' },
      formatter: (params) => {
        const first = params[0];
        return first === undefined ? '' : candleTooltipLines(series, first.dataIndex, quote, base).map(escapeHtml).join('<br/>');
      },
    },
    xAxis: [timeAxis(0), timeAxis(1)],
    yAxis: [valueAxis(0), valueAxis(1)],
    series: [
      {
        type: 'candlestick',
        name: series.symbol,
        xAxisIndex: 0,
        yAxisIndex: 0,
        itemStyle: { color: colors.up, color0: colors.down, borderColor: colors.up, borderColor0: colors.down },
        // ECharts reads a candle as [open, close, lowest, highest].
        data: series.candles.map((candle) => [number(candle.open), number(candle.close), number(candle.low), number(candle.high)]),
      },
      {
        type: 'bar',
        name: 'Volume',
        xAxisIndex: 1,
        yAxisIndex: 1,
        barMaxWidth: 12,
        data: series.candles.map((candle) => ({
          value: number(candle.volume),
          itemStyle: { color: new Decimal(candle.close).lessThan(candle.open) ? colors.down : colors.up },
        })),
      },
    ],
  };
}
