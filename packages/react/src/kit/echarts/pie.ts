// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): a donut's ring.
export { PieChart as default } from 'echarts/charts';
