// The donut of holdings by value: the ECharts option built from the shares alone, so it can be
// tested without a canvas. Slices carry the percent (a ratio); labels carry the formatted value.
import Decimal from '../../../../preload/contract/decimal';
import { computed, type ComputedRef, type Ref } from 'vue';
import type { HoldingShare } from './wallet-rows';

export interface DonutSlice {
  name: string;
  value: number;
  /** Formatted amount in the valuation currency, for the tooltip. */
  formatted: string;
}

export type HoldingsChartOption = {
  tooltip: { trigger: 'item'; formatter: (params: { data: DonutSlice; percent: number }) => string };
  legend: { orient: 'vertical'; right: number; top: 'middle'; textStyle: { color: string } };
  color: string[];
  series: {
    type: 'pie';
    radius: [string, string];
    center: [string, string];
    avoidLabelOverlap: boolean;
    label: { show: false };
    itemStyle: { borderColor: string; borderWidth: number; borderRadius: number };
    data: DonutSlice[];
  }[];
};

/** Slice colours that each stand 3:1 against a light and a dark card, so every slice is seen in
 *  either theme (blue, green, amber, violet, red, teal, grey). */
export const DONUT_COLORS = ['#4f7cff', '#1f9e70', '#c47a10', '#a55eea', '#e5576a', '#2a96a5', '#7d8799'];

export function buildHoldingsChartOption(
  shares: readonly HoldingShare[],
  format: (value: string) => string,
  colors: { text: string; background: string },
): HoldingsChartOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: ({ data }) => `${data.name}: ${data.formatted} (${data.value.toFixed(2)}%)`,
    },
    legend: { orient: 'vertical', right: 8, top: 'middle', textStyle: { color: colors.text } },
    color: DONUT_COLORS,
    series: [
      {
        type: 'pie',
        radius: ['55%', '80%'],
        center: ['32%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: colors.background, borderWidth: 2, borderRadius: 4 },
        // The percent is a ratio for drawing only; the amount shown is the formatted string.
        data: shares.map((share) => ({ name: share.label, value: new Decimal(share.percent).toNumber(), formatted: format(share.value) })),
      },
    ],
  };
}

export function useHoldingsChartConfig(
  shares: Ref<HoldingShare[]>,
  format: (value: string) => string,
  colors: Ref<{ text: string; background: string }>,
): ComputedRef<HoldingsChartOption> {
  return computed(() => buildHoldingsChartOption(shares.value, format, colors.value));
}
