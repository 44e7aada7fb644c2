// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): the legend, when there is more than one thing to name.
export { LegendComponent as default } from 'echarts/components';
