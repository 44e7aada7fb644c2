// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): a target's dashed line.
export { MarkLineComponent as default } from 'echarts/components';
