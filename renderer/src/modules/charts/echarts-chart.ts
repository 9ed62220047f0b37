// Everything the app's charts draw with, registered once. About a megabyte of JavaScript: it is
// only ever imported through LazyChart (lazy-chart.ts), so no page waits for it to show its data.
import VChart from 'vue-echarts';
import { use } from 'echarts/core';
import { BarChart, CandlestickChart, LineChart, PieChart, ScatterChart, TreemapChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, CandlestickChart, LineChart, PieChart, ScatterChart, TreemapChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export default VChart;
