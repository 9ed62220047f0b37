// One currency's holding over the net worth chart's days: the amount on the left axis (in the
// currency) and its value on the right (in the valuation currency), two axes because the two are
// not in the same unit. A day with no price is a gap in the value, never a zero.
import type { CurrencySeries } from '../../../../preload/contract/portfolio';
import { escapeHtml } from '../history/use-flows-chart-config';
import { formatMoneyWithCode, formatPrice, formatValuationWithCode, type Precisions } from '../money/money-format';
import { compactNumber, drawn, type AxisTooltipParam, type ChartColors } from './net-worth-chart-config';
import { longDay, shortDay } from './portfolio-words';

interface ValueAxis {
  type: 'value';
  name: string;
  position: 'left' | 'right';
  scale: true;
  nameTextStyle: { color: string };
  axisLabel: { color: string; formatter: (value: number) => string };
  splitLine: { show: boolean; lineStyle: { color: string } };
}

export type CurrencyChartOption = {
  grid: { left: number; right: number; top: number; bottom: number; containLabel: true };
  legend: { top: 0; left: 'center'; textStyle: { color: string } };
  tooltip: { trigger: 'axis'; formatter: (params: AxisTooltipParam[]) => string };
  xAxis: { type: 'category'; boundaryGap: false; data: string[]; axisLabel: { color: string; hideOverlap: true }; axisTick: { show: false } };
  yAxis: [ValueAxis, ValueAxis];
  series: [
    { type: 'line'; name: string; yAxisIndex: 0; step: 'end'; showSymbol: false; lineStyle: { color: string; width: number }; itemStyle: { color: string }; data: Array<number | null> },
    { type: 'line'; name: string; yAxisIndex: 1; connectNulls: false; showSymbol: false; lineStyle: { color: string; width: number; type: 'dashed' }; itemStyle: { color: string }; data: Array<number | null> },
  ];
};

export function currencyTooltipLines(series: CurrencySeries, index: number, valuation: string, precision: Precisions): string[] {
  const point = series.points[index];
  if (!point) return [];
  return [
    longDay(point.day),
    `Amount: ${formatMoneyWithCode(point.amount, series.currency, precision)}`,
    point.price === null ? `No ${valuation} price that day` : `Close price: ${formatPrice(point.price)} ${valuation}`,
    `Value: ${point.value === null ? '—' : formatValuationWithCode(point.value, valuation, precision)}`,
  ];
}

export function buildCurrencyOption(series: CurrencySeries, valuation: string, precision: Precisions, colors: ChartColors): CurrencyChartOption {
  const axis = (name: string, position: 'left' | 'right', split: boolean): ValueAxis => ({
    type: 'value',
    name,
    position,
    scale: true,
    nameTextStyle: { color: colors.text },
    axisLabel: { color: colors.text, formatter: compactNumber },
    splitLine: { show: split, lineStyle: { color: colors.grid } },
  });
  const amountName = `Amount (${series.currency})`;
  const valueName = `Value (${valuation})`;
  return {
    grid: { left: 8, right: 8, top: 44, bottom: 4, containLabel: true },
    legend: { top: 0, left: 'center', textStyle: { color: colors.text } },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const first = params[0];
        return first === undefined ? '' : currencyTooltipLines(series, first.dataIndex, valuation, precision).map(escapeHtml).join('<br/>');
      },
    },
    xAxis: { type: 'category', boundaryGap: false, data: series.points.map((point) => shortDay(point.day)), axisLabel: { color: colors.text, hideOverlap: true }, axisTick: { show: false } },
    yAxis: [axis(series.currency, 'left', true), axis(valuation, 'right', false)],
    series: [
      {
        type: 'line',
        name: amountName,
        yAxisIndex: 0,
        step: 'end',
        showSymbol: false,
        lineStyle: { color: colors.line, width: 2 },
        itemStyle: { color: colors.line },
        data: series.points.map((point) => drawn(point.amount)),
      },
      {
        type: 'line',
        name: valueName,
        yAxisIndex: 1,
        connectNulls: false,
        showSymbol: false,
        lineStyle: { color: colors.snapshot, width: 2, type: 'dashed' },
        itemStyle: { color: colors.snapshot },
        data: series.points.map((point) => drawn(point.value)),
      },
    ],
  };
}
