// Everything the app's charts draw with, registered once. About a megabyte of JavaScript: it is
// only ever imported through LazyChart (lazy-chart.ts), so no page waits for it to show its data.
// The chart every page gets is vue-echarts' own, with its option drawn still when the system asks
// for reduced motion (motion.ts); every other attribute (autoresize, class) passes through.
import VChart from 'vue-echarts';
import { use } from 'echarts/core';
import { BarChart, CandlestickChart, LineChart, PieChart, ScatterChart, TreemapChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { defineComponent, h, type PropType } from 'vue';
import { usePrefersReducedMotion, withReducedMotion } from './motion';

use([BarChart, CandlestickChart, LineChart, PieChart, ScatterChart, TreemapChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export default defineComponent({
  name: 'MotionAwareChart',
  inheritAttrs: false,
  props: { option: { type: Object as PropType<Record<string, unknown>>, required: true } },
  setup(props, { attrs }) {
    const reduce = usePrefersReducedMotion();
    return () => h(VChart, { ...attrs, option: withReducedMotion(props.option, reduce.value) });
  },
});
