import {
  columnLabel,
  createFeatureDataApi,
  optionLabel,
  SERIES_COUNT,
  SERIES_OTHER,
  SERIES_SPLIT_MAX,
  type DataColumn,
  type DataFilter,
  type DatasetChartDefinition,
  type DatasetId,
  type DataSeries,
} from '@cloudportal/core';
import { useCallback, useMemo } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { useLoad } from '../ui/useLoad';
import { Chart } from './Chart';
import { ChartSkeleton, DATASET_CHART_HEIGHT } from './ChartSkeleton';
import { claimSeries } from './seriesPrefetch';
import { useDatasetDef } from './useDatasetDef';

// A chart's definition is plain data, core's: the dataset pages are written with it there.
export type { DatasetChartDefinition };

/**
 * Props of {@link DatasetChart}.
 * @public
 */
export interface DatasetChartProps extends DatasetChartDefinition {
  /** The dataset of the data service whose sums the chart shows. */
  dataset: DatasetId;
  /** The dataset's columns, when the caller has them (its page does). @default loaded with every dataset's definitions */
  columns?: readonly DataColumn[];
  /** The rows it sums: the page's fixed filters. @default [] */
  filters?: readonly DataFilter[];
  /** The chart's height in px. @default 260 */
  height?: number;
}

const NO_FILTERS: readonly DataFilter[] = [];
// A definition of only the given columns: the chart reads nothing else of it.
const NO_DEF = { module: null, defaultSort: [], kpis: [] } as const;

/**
 * A chart over a dataset of the data service (`GET /api/data/{dataset}/series`): a skeleton while
 * the sums load, the message and Retry when they fail, then a {@link Chart} (ECharts, loaded lazily).
 * @public
 */
export function DatasetChart({
  dataset,
  columns: givenColumns,
  title,
  kind,
  x,
  y,
  grain,
  split,
  filters = NO_FILTERS,
  height = DATASET_CHART_HEIGHT,
}: DatasetChartProps) {
  const client = usePortalClient();
  const t = useT();
  const api = useMemo(() => createFeatureDataApi(client.http), [client]);
  const [loaded, reload] = useLoad(
    useCallback((): Promise<DataSeries> => {
      const query = { x, y, grain, split, filters };
      return claimSeries(client, dataset, query) ?? api.series(dataset, query);
    }, [client, api, dataset, x, y, grain, split, filters]),
  );
  const given = useMemo(() => (givenColumns ? { columns: givenColumns, ...NO_DEF } : undefined), [givenColumns]);
  const def = useDatasetDef(dataset, given);
  const column = def?.columns.find((c) => c.id === y);
  const valueType = column?.type === 'currency' || column?.type === 'percent' ? column.type : 'number';
  if (loaded.state === 'loading' || !def)
    return <ChartSkeleton title={title} height={height} label={t('grid.loading', { label: title })} />;
  if (loaded.state === 'failed') {
    return (
      <div role="alert" className="cp-dataset-page__state">
        <p>{t('grid.chartFailed', { title })}</p>
        <Button onClick={reload}>{t('grid.retry')}</Button>
      </div>
    );
  }
  const { categories, series, currency } = loaded.value;
  // An enum's values (the categories of an enum x, the series of an enum split) read in the active locale.
  const shown = (columnId: string | undefined) => {
    const by = def.columns.find((c) => c.id === columnId);
    return (value: string) => (by?.type === 'enum' ? optionLabel(t, dataset, by, value) : value);
  };
  const category = shown(x);
  const splitValue = shown(split);
  // Each series' name as shown (legend, tooltip, summary, table); its values stay as the server sent them.
  // Split: a value, and past the kept ones the server's sum of the rest (SERIES_OTHER). Unsplit: the
  // summed column's header (the server sends its English), or the count of rows (SERIES_COUNT).
  const seriesName = (name: string, i: number) =>
    split
      ? i >= SERIES_SPLIT_MAX && name === SERIES_OTHER
        ? t('chart.series.other')
        : splitValue(name)
      : column
        ? columnLabel(t, dataset, column)
        : name === SERIES_COUNT
          ? t('chart.series.count')
          : name;
  return (
    <Chart
      kind={kind}
      title={title}
      categories={categories.map(category)}
      series={series.map((s, i) => ({ ...s, name: seriesName(s.name, i) }))}
      valueType={valueType}
      currency={currency}
      height={height}
    />
  );
}
