import {
  createFeatureDataApi,
  DATASETS,
  type DataColumn,
  type DataFilter,
  type DatasetChartDefinition,
  type DatasetId,
  type DataSeries,
} from '@cloudportal/core';
import { useCallback, useMemo } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { useLoad } from '../ui/useLoad';
import { Chart } from './Chart';

// A chart's definition is plain data, core's: the dataset pages are written with it there.
export type { DatasetChartDefinition };

/** Props of {@link DatasetChart}. */
export interface DatasetChartProps extends DatasetChartDefinition {
  dataset: DatasetId;
  /** The rows it sums: the page's fixed filters. @default [] */
  filters?: readonly DataFilter[];
  /** @default 260 */
  height?: number;
}

const NO_FILTERS: readonly DataFilter[] = [];

/**
 * A chart over a dataset of the data service (`GET /api/data/{dataset}/series`): a skeleton while
 * the sums load, the message and Retry when they fail, then a {@link Chart} (ECharts, loaded lazily).
 */
export function DatasetChart({
  dataset,
  title,
  kind,
  x,
  y,
  grain,
  split,
  filters = NO_FILTERS,
  height = 260,
}: DatasetChartProps) {
  const client = usePortalClient();
  const t = useT();
  const api = useMemo(() => createFeatureDataApi(client.http), [client]);
  const [loaded, reload] = useLoad(
    useCallback(
      (): Promise<DataSeries> => api.series(dataset, { x, y, grain, split, filters }),
      [api, dataset, x, y, grain, split, filters],
    ),
  );
  const columns: readonly DataColumn[] = DATASETS[dataset].columns;
  const column = columns.find((c) => c.id === y);
  const valueType = column?.type === 'currency' || column?.type === 'percent' ? column.type : 'number';
  if (loaded.state === 'loading')
    return <Skeleton shape="rect" height={height} label={t('grid.loading', { label: title })} />;
  if (loaded.state === 'failed') {
    return (
      <div role="alert" className="cp-dataset-page__state">
        <p>{t('grid.chartFailed', { title })}</p>
        <Button onClick={reload}>{t('grid.retry')}</Button>
      </div>
    );
  }
  const { categories, series, currency } = loaded.value;
  return (
    <Chart
      kind={kind}
      title={title}
      categories={categories}
      series={series}
      valueType={valueType}
      currency={currency}
      height={height}
    />
  );
}
