// The net worth chart's ECharts option, built from main's history alone so it can be tested
// without a canvas: the reconstruction's value per day as an area (a day with no value is a gap,
// never a zero), the snapshots Coffer took as markers beside it, and the days a snapshot disagrees
// with the history marked apart. Heights are numbers for drawing only; the tooltip shows decimal
// text in the valuation currency's precision, escaped (currency codes are data).
import Decimal from '../../../../preload/contract/decimal';
import type { NetWorthHistory } from '../../../../preload/contract/portfolio';
import { escapeHtml } from '../history/use-flows-chart-config';
import { formatValuationWithCode, type Precisions } from '../money/money-format';
import { longDay, shortDay } from './portfolio-words';

export interface ChartColors {
  text: string;
  grid: string;
  line: string;
  snapshot: string;
  warning: string;
  background: string;
}

export interface AxisTooltipParam {
  dataIndex: number;
}

type Drawn = number | null;

export type NetWorthChartOption = {
  grid: { left: number; right: number; top: number; bottom: number; containLabel: true };
  legend: { top: 0; right: 0; textStyle: { color: string }; data: string[] };
  tooltip: { trigger: 'axis'; formatter: (params: AxisTooltipParam[]) => string };
  xAxis: { type: 'category'; boundaryGap: false; data: string[]; axisLabel: { color: string; hideOverlap: true }; axisTick: { show: false }; axisLine: { lineStyle: { color: string } } };
  yAxis: { type: 'value'; scale: true; axisLabel: { color: string; formatter: (value: number) => string }; splitLine: { lineStyle: { color: string } } };
  series: [
    { type: 'line'; name: 'Net worth'; connectNulls: false; showSymbol: boolean; symbolSize: number; lineStyle: { color: string; width: number }; itemStyle: { color: string }; areaStyle: { color: string; opacity: number }; data: Drawn[] },
    { type: 'scatter'; name: 'Snapshot'; symbol: 'circle'; symbolSize: number; itemStyle: { color: string; borderColor: string; borderWidth: number }; data: Drawn[] },
    { type: 'scatter'; name: 'Snapshot disagrees'; symbol: 'triangle'; symbolSize: number; itemStyle: { color: string }; data: Drawn[] },
  ];
};

/** A number for drawing only; null stays null (a gap). */
export function drawn(value: string | null): Drawn {
  return value === null ? null : new Decimal(value).toNumber();
}

/** "1.2M", "35k", "980": an axis label, never an amount anyone reads exactly. */
export function compactNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}

/** The days a snapshot disagrees, and with which currencies. */
export function disagreeingDays(history: Pick<NetWorthHistory, 'disagreements'>): Map<string, string[]> {
  const days = new Map<string, string[]>();
  for (const one of history.disagreements) days.set(one.day, [...new Set([...(days.get(one.day) ?? []), one.currency])]);
  return days;
}

/** The tooltip's lines for one day, in plain text (escaped by the caller). */
export function netWorthTooltipLines(history: NetWorthHistory, index: number, precision: Precisions): string[] {
  const point = history.points[index];
  if (!point) return [];
  const money = (value: string) => formatValuationWithCode(value, history.valuationCurrency, precision);
  const lines = [longDay(point.day), `Net worth: ${point.value === null ? 'no value (nothing held has a price)' : money(point.value)}`];
  if (point.snapshotValue !== null) lines.push(`Snapshot: ${money(point.snapshotValue)}`);
  const disagreeing = disagreeingDays(history).get(point.day);
  if (disagreeing) lines.push(`Snapshot disagrees on ${disagreeing.join(', ')}`);
  if (point.unpriced.length > 0) lines.push(`No price: ${point.unpriced.join(', ')}`);
  return lines;
}

export function buildNetWorthOption(history: NetWorthHistory, precision: Precisions, colors: ChartColors): NetWorthChartOption {
  const disagreeing = disagreeingDays(history);
  const points = history.points;
  // The legend names only what is drawn: no snapshot, or none disagreeing, is not a key to read.
  const legend = ['Net worth', ...(points.some((point) => point.snapshotValue !== null) ? ['Snapshot'] : []), ...(disagreeing.size > 0 ? ['Snapshot disagrees'] : [])];
  return {
    grid: { left: 8, right: 16, top: 32, bottom: 4, containLabel: true },
    legend: { top: 0, right: 0, textStyle: { color: colors.text }, data: legend },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const first = params[0];
        return first === undefined ? '' : netWorthTooltipLines(history, first.dataIndex, precision).map(escapeHtml).join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((point) => shortDay(point.day)),
      axisLabel: { color: colors.text, hideOverlap: true },
      axisTick: { show: false },
      axisLine: { lineStyle: { color: colors.grid } },
    },
    yAxis: { type: 'value', scale: true, axisLabel: { color: colors.text, formatter: compactNumber }, splitLine: { lineStyle: { color: colors.grid } } },
    series: [
      {
        type: 'line',
        name: 'Net worth',
        connectNulls: false,
        // A lone day between gaps is only visible as a dot.
        showSymbol: points.length <= 45,
        symbolSize: 4,
        lineStyle: { color: colors.line, width: 2 },
        itemStyle: { color: colors.line },
        areaStyle: { color: colors.line, opacity: 0.12 },
        data: points.map((point) => drawn(point.value)),
      },
      {
        type: 'scatter',
        name: 'Snapshot',
        symbol: 'circle',
        symbolSize: 8,
        itemStyle: { color: colors.background, borderColor: colors.snapshot, borderWidth: 2 },
        data: points.map((point) => drawn(point.snapshotValue)),
      },
      {
        type: 'scatter',
        name: 'Snapshot disagrees',
        symbol: 'triangle',
        symbolSize: 12,
        itemStyle: { color: colors.warning },
        data: points.map((point) => (disagreeing.has(point.day) ? drawn(point.snapshotValue ?? point.value) : null)),
      },
    ],
  };
}
