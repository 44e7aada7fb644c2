// A lazily loaded part of the kit's ECharts (see ../echartsParts.ts): the axes of lines, bars and markers.
export { GridComponent as default } from 'echarts/components';
