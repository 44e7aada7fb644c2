// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): the marked points.
export { ScatterChart as default } from 'echarts/charts';
