/** The feature pages' kit: a virtual data grid, its toolbar, key figures, the dataset page that composes them, charts (ECharts, loaded lazily) and progress against a budget. */
export { DataGrid } from './DataGrid';
export type { DataGridProps } from './DataGrid';
export { GridToolbar } from './GridToolbar';
export type { GridToolbarProps } from './GridToolbar';
export { KpiCards, KpiList } from './KpiCards';
export type { KpiCardsProps, KpiListProps } from './KpiCards';
export { DatasetPage } from './DatasetPage';
export type { DatasetPageProps } from './DatasetPage';
export { DatasetChart } from './DatasetChart';
export type { DatasetChartDefinition, DatasetChartProps } from './DatasetChart';
export { Chart } from './Chart';
export type { ChartProps } from './Chart';
export { Progress } from './Progress';
export type { ProgressProps } from './Progress';
export type {
  ChartData,
  ChartKind,
  ChartMarker,
  ChartSeries,
  ChartTarget,
  ChartValueType,
  MeterGoal,
} from '@cloudportal/core';
