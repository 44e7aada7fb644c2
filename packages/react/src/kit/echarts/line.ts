// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): lines on the category grid.
export { LineChart as default } from 'echarts/charts';
