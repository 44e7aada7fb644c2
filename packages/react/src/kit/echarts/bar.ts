// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): bars, side by side or stacked.
export { BarChart as default } from 'echarts/charts';
