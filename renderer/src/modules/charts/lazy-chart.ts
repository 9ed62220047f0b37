// The chart component every page uses: vue-echarts and echarts load when the first chart is put
// on screen, in a chunk of their own, while the page around it (tables, totals) shows at once.
import { defineAsyncComponent } from 'vue';

export const LazyChart = defineAsyncComponent(() => import('./echarts-chart').then((module) => module.default));
