// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): the tooltip under the pointer.
export { TooltipComponent as default } from 'echarts/components';
