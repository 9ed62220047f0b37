// The portfolio charts' colours from the theme in use, so every chart follows light and dark: the
// state colours of the theme, which stand 4.5:1 on its cards (up and in green, down red, the
// line blue, snapshots amber).
import { computed, type ComputedRef } from 'vue';
import { useThemeVars } from 'naive-ui';
import type { CandleColors } from './candles-chart-config';
import type { ChartColors } from './net-worth-chart-config';

export function useChartColors(): ComputedRef<ChartColors & CandleColors> {
  const vars = useThemeVars();
  return computed(() => ({
    text: vars.value.textColor3,
    grid: vars.value.dividerColor,
    line: vars.value.infoColor,
    snapshot: vars.value.warningColor,
    warning: vars.value.errorColor,
    background: vars.value.cardColor,
    up: vars.value.successColor,
    down: vars.value.errorColor,
  }));
}
