import {
  createDatasetGridStore,
  createFeatureDataApi,
  gridEn,
  registerMessages,
  dynamicPageEn,
  type DataFilter,
  type DatasetDef,
  type DatasetId,
  type DataSeriesQuery,
  type PortalClient,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { usePageRowActivate, usePageSignals } from '../shell/pageContext';
import { PagePlaceholder } from '../shell/placeholders';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { useStyles } from '../ui/useStyles';
import { useDatasetDef } from './useDatasetDef';
import { DataGrid } from './DataGrid';
import { ChartSkeleton } from './ChartSkeleton';
import type { DatasetChartDefinition } from './DatasetChart';
import css from './DatasetPage.css?inline';
import { GridToolbar } from './GridToolbar';
import { KpiCards } from './KpiCards';
import { prefetchSeries } from './seriesPrefetch';

const NO_FILTERS: readonly DataFilter[] = [];

registerMessages(gridEn);
// The unlicensed placeholder's texts are the shell's, also when the page is shown outside it.
registerMessages(dynamicPageEn);

/**
 * Props of {@link DatasetPage}.
 * @public
 */
export interface DatasetPageProps {
  /** The dataset the page shows (`DATASETS` of core). */
  dataset: DatasetId;
  /**
   * The dataset's definition (columns, key figures, default sort), when the caller has it — a dataset
   * page loads its own with the page (`loadDatasetPage`). @default loaded with every dataset's, on first use
   */
  def?: DatasetDef;
  /** What the rows are: the page's region name, the grid's name and the search box's ('Search {label}'). */
  label: string;
  /** Filters every call carries and the user cannot remove, e.g. `[{ id: 'provider', op: 'eq', value: 'azure' }]`. Read once, when the page mounts. */
  fixedFilters?: readonly DataFilter[];
  /** The key the user's column choice is kept under (one per page). @default the dataset */
  storageKey?: string;
  /** Height of the grid's scrolling area in px. @default 480 */
  gridHeight?: number;
  /** Charts above the grid, over the same rows as the key figures (the page's fixed filters). @default [] */
  charts?: readonly DatasetChartDefinition[];
}

const NO_CHARTS: readonly DatasetChartDefinition[] = [];

// A page with charts loads their code (and ECharts after it) when it shows; a page without pays nothing for them.
const DatasetChart = lazy(() => import('./DatasetChart').then((m) => ({ default: m.DatasetChart })));

/**
 * A feature page over one dataset, the composite ~50 pages are written with: key figures,
 * toolbar and virtual grid over the portal client's data API, with every state a page has — loading
 * (skeleton cards and rows), empty ('No rows match' and Clear filters), error (the message and
 * Retry) and unlicensed (the shell's 'Unlicensed feature' placeholder, when the server answers 403).
 * One store per mount; it is disposed (requests aborted) on unmount.
 *
 * @example <DatasetPage dataset="recommendations" label="Azure recommendations" fixedFilters={[{ id: 'provider', op: 'eq', value: 'azure' }]} />
 *
 * Parts: `dataset-page`, `data-grid`, `grid-toolbar`, `kpi-cards`.
 * @public
 */
export function DatasetPage(props: DatasetPageProps) {
  const def = useDatasetDef(props.dataset, props.def);
  const ref = useStyles<HTMLElement>(css);
  const t = useT();
  if (!def)
    return (
      <section ref={ref} className="cp-dataset-page" aria-label={props.label} aria-busy="true" part="dataset-page">
        <Skeleton shape="rect" height={props.gridHeight ?? 480} label={t('grid.loading', { label: props.label })} />
      </section>
    );
  return <DatasetPageBody {...props} def={def} />;
}

function DatasetPageBody({
  dataset,
  def,
  label,
  fixedFilters,
  storageKey,
  gridHeight,
  charts = NO_CHARTS,
}: DatasetPageProps & { def: DatasetDef }) {
  const ref = useStyles<HTMLElement>(css);
  const client = usePortalClient();
  const t = useT();
  const [store] = useState(() =>
    createDatasetGridStore(createFeatureDataApi(client.http), dataset, def, {
      fixedFilters,
      storage: client.storage.strategy('local'),
      storageKey,
    }),
  );
  useEffect(() => () => store.dispose(), [store]);
  useChartPrefetch(client, dataset, fixedFilters, charts);
  const activate = usePageRowActivate();
  const state = useStore(store.$grid);
  const summary = useStore(store.$summary);
  const filtered = state.filters.length > 0 || state.q !== '';
  useRowSignals(state.status, state.total);

  let body;
  if (state.status === 'unlicensed' || summary.status === 'unlicensed') {
    body = (
      <PagePlaceholder title={t('page.unlicensedTitle')}>
        <p>{t('page.unlicensed')}</p>
      </PagePlaceholder>
    );
  } else if (state.status === 'error') {
    body = (
      <div role="alert" className="cp-dataset-page__state">
        <h2>{t('grid.error')}</h2>
        <p>{state.error}</p>
        <Button
          variant="primary"
          onClick={() => {
            store.refresh();
            store.loadSummary();
          }}
        >
          {t('grid.retry')}
        </Button>
      </div>
    );
  } else if (state.status === 'ready' && state.total === 0) {
    body = (
      <div role="status" className="cp-dataset-page__state">
        <h2>{t('grid.empty')}</h2>
        <p>{filtered ? t('grid.emptyText') : t('grid.nothing')}</p>
        {filtered ? <Button onClick={() => store.clearFilters()}>{t('grid.clearFilters')}</Button> : null}
      </div>
    );
  } else {
    body = (
      <DataGrid
        store={store}
        label={label}
        height={gridHeight}
        onRowActivate={activate ? (row) => activate({ dataset, row }) : undefined}
      />
    );
  }
  const unlicensed = state.status === 'unlicensed' || summary.status === 'unlicensed';
  return (
    <section ref={ref} className="cp-dataset-page" aria-label={label} part="dataset-page" data-status={state.status}>
      {unlicensed ? null : <KpiCards store={store} />}
      {unlicensed || charts.length === 0 ? null : (
        <div className="cp-dataset-page__charts" role="group" aria-label={t('grid.charts')}>
          {charts.map((chart) => (
            <Suspense
              key={chart.title}
              fallback={<ChartSkeleton title={chart.title} label={t('grid.loading', { label: chart.title })} />}
            >
              <DatasetChart dataset={dataset} columns={def.columns} filters={fixedFilters} {...chart} />
            </Suspense>
          ))}
        </div>
      )}
      {unlicensed || state.status === 'error' ? null : <GridToolbar store={store} label={label} />}
      {body}
    </section>
  );
}

/** Asks for the charts' sums as the page shows, while their code loads (see `seriesPrefetch`). */
function useChartPrefetch(
  client: PortalClient,
  dataset: DatasetId,
  fixedFilters: readonly DataFilter[] | undefined,
  charts: readonly DatasetChartDefinition[],
) {
  // Keyed by what is asked, not by the arrays' identity: a caller's inline arrays ask once.
  const queries: DataSeriesQuery[] = charts.map(({ x, y, grain, split }) => ({ x, y, grain, split }));
  const asked = JSON.stringify([dataset, fixedFilters ?? NO_FILTERS, queries]);
  useEffect(() => {
    const [id, filters, parsed] = JSON.parse(asked) as [DatasetId, DataFilter[], DataSeriesQuery[]];
    const forget = parsed.map((query) => prefetchSeries(client, id, { ...query, filters }));
    return () => forget.forEach((f) => f());
  }, [client, asked]);
}

/** Tells the page embedding this one (`<FeaturePage>`, `<cp-page>`) that it has a grid, then its first count of rows. */
function useRowSignals(status: 'loading' | 'ready' | 'error' | 'unlicensed', total: number | null) {
  const signals = usePageSignals();
  useLayoutEffect(() => signals?.expectRows(), [signals]);
  useEffect(() => {
    if (status === 'ready') signals?.rows(total);
    else if (status !== 'loading') signals?.rows(null);
  }, [signals, status, total]);
}
