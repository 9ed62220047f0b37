// The portfolio charts' colours from the theme in use, so every chart follows light and dark.
import { computed, type ComputedRef } from 'vue';
import { useThemeVars } from 'naive-ui';
import type { CandleColors } from './candles-chart-config';
import type { ChartColors } from './net-worth-chart-config';

export function useChartColors(): ComputedRef<ChartColors & CandleColors> {
  const vars = useThemeVars();
  return computed(() => ({
    text: vars.value.textColor3,
    grid: vars.value.dividerColor,
    line: '#4f7cff',
    snapshot: '#f2a33a',
    warning: vars.value.errorColor,
    background: vars.value.cardColor,
    up: '#22b07d',
    down: '#e5576a',
  }));
}
