// The flows chart's ECharts option, built from the flows alone so it can be tested without a
// canvas: one currency at a time (amounts of different currencies do not share an axis), money in
// above the line and money out below it, per bucket. Bar heights are numbers for drawing only;
// the tooltip shows the decimal text in the currency's precision. Everything written into the
// tooltip's HTML is escaped: a review's currency codes come from a file, not from the service.
import { computed, type ComputedRef, type Ref } from 'vue';
import Decimal from '../../../../preload/contract/decimal';
import type { HistoryFlows } from '../../../../preload/contract/history';
import { formatMoney, type Precisions } from '../money/money-format';

export interface FlowBar {
  value: number;
  /** The amount as shown: signed, in the currency's precision. */
  formatted: string;
}

export interface FlowsChartColors {
  text: string;
  grid: string;
  in: string;
  out: string;
}

interface TooltipParam {
  dataIndex: number;
  seriesName: string;
  data: FlowBar;
}

export type FlowsChartOption = {
  animation: false;
  grid: { left: number; right: number; top: number; bottom: number; containLabel: true };
  legend: { top: 0; right: 0; textStyle: { color: string } };
  tooltip: { trigger: 'axis'; axisPointer: { type: 'shadow' }; formatter: (params: TooltipParam[]) => string };
  xAxis: { type: 'category'; data: string[]; axisLabel: { color: string }; axisTick: { show: false } };
  yAxis: { type: 'value'; axisLabel: { color: string }; splitLine: { lineStyle: { color: string } } };
  series: { type: 'bar'; name: 'In' | 'Out'; stack: 'flow'; barMaxWidth: number; itemStyle: { color: string }; data: FlowBar[] }[];
};

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A bucket's label: "12 Mar" (day), "Wk of 9 Mar" (week), "Mar 2026" (month); buckets are UTC. */
export function bucketLabel(at: string, bucket: HistoryFlows['bucket']): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  if (bucket === 'month') return date.toLocaleDateString('en-GB', { timeZone: 'UTC', month: 'short', year: 'numeric' });
  const day = date.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
  return bucket === 'week' ? `Wk of ${day}` : day;
}

/** The currencies the flows cover, in the order main sent them. */
export function flowCurrencies(flows: HistoryFlows | null): string[] {
  return flows?.series.map((series) => series.currency) ?? [];
}

export function buildFlowsChartOption(
  flows: HistoryFlows,
  currency: string,
  precisions: Precisions,
  colors: FlowsChartColors,
): FlowsChartOption {
  const points = flows.series.find((series) => series.currency === currency)?.points ?? [];
  const labels = points.map((point) => bucketLabel(point.at, flows.bucket));
  const bar = (amount: string, sign: 1 | -1): FlowBar => {
    const value = new Decimal(amount);
    const shown = formatMoney(value, currency, precisions);
    return { value: value.times(sign).toNumber(), formatted: value.isZero() ? shown : `${sign === 1 ? '+' : '−'}${shown}` };
  };
  const code = escapeHtml(currency);
  return {
    // Drawn again on every filter change: a moving redraw repaints the canvas each frame for a
    // third of a second, the frames the next change's rows and totals wait behind.
    animation: false,
    grid: { left: 8, right: 12, top: 32, bottom: 4, containLabel: true },
    legend: { top: 0, right: 0, textStyle: { color: colors.text } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const first = params[0];
        const title = first === undefined ? '' : escapeHtml(labels[first.dataIndex] ?? '');
        const lines = params.map((param) => `${escapeHtml(param.seriesName)}: ${escapeHtml(param.data.formatted)} ${code}`);
        return [title, ...lines].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: labels, axisLabel: { color: colors.text }, axisTick: { show: false } },
    yAxis: { type: 'value', axisLabel: { color: colors.text }, splitLine: { lineStyle: { color: colors.grid } } },
    series: [
      { type: 'bar', name: 'In', stack: 'flow', barMaxWidth: 28, itemStyle: { color: colors.in }, data: points.map((point) => bar(point.in, 1)) },
      { type: 'bar', name: 'Out', stack: 'flow', barMaxWidth: 28, itemStyle: { color: colors.out }, data: points.map((point) => bar(point.out, -1)) },
    ],
  };
}

export function useFlowsChartConfig(
  flows: Ref<HistoryFlows | null>,
  currency: Ref<string | null>,
  precisions: Ref<Precisions>,
  colors: Ref<FlowsChartColors>,
): ComputedRef<FlowsChartOption | null> {
  return computed(() => {
    if (!flows.value || !currency.value) return null;
    return buildFlowsChartOption(flows.value, currency.value, precisions.value, colors.value);
  });
}
