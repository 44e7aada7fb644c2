import {
  formatDataCell,
  gridEn,
  kpiLabel,
  registerMessages,
  type DataGridStore,
  type DataKpi,
  type DataSummary,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useLocale, useT } from '../provider/PortalProvider';
import { Skeleton } from '../ui/Skeleton';
import { useStyles } from '../ui/useStyles';
import css from './KpiCards.css?inline';

registerMessages(gridEn);

/**
 * Props of {@link KpiCards}.
 * @public
 */
export interface KpiCardsProps {
  /** The grid store whose key figures are shown (`store.$summary`). */
  store: DataGridStore;
  /** Whether the cards load the figures when they mount. @default true */
  load?: boolean;
}

/**
 * The dataset's key figures as cards: label and value, the value written by its type
 * (numbers grouped, amounts in the page's currency, percent). Skeletons while they load; a dash when
 * they failed. Nothing for a dataset without key figures.
 *
 * Parts: `kpi-cards`.
 * @public
 */
export function KpiCards({ store, load = true }: KpiCardsProps) {
  const t = useT();
  const summary = useStore(store.$summary);
  useEffect(() => {
    if (load && store.def.kpis.length) store.loadSummary();
  }, [store, load]);
  if (!store.def.kpis.length) return null;
  return (
    <KpiList
      kpis={store.def.kpis.map((kpi) => ({ ...kpi, label: kpiLabel(t, store.dataset, kpi) }))}
      values={summary.kpis}
      currency={summary.currency}
      loading={summary.status === 'loading'}
    />
  );
}

/**
 * Props of {@link KpiList}.
 * @public
 */
export interface KpiListProps {
  /** The figures to show, in order, labelled as shown (`kpiLabel` gives a dataset's in the active locale). */
  kpis: readonly DataKpi[];
  /** Their values, by id (a figure without one shows a dash). */
  values: readonly DataSummary['kpis'][number][];
  /** ISO 4217 code of the currency figures. */
  currency: string;
  /** Shows skeletons instead of values. @default false */
  loading?: boolean;
  /** The list's accessible name. @default 'Key figures' */
  label?: string;
}

/**
 * Key figures as cards, from values already loaded (a dashboard's several summaries): label and
 * value, written by type. {@link KpiCards} is this over a grid store.
 *
 * Parts: `kpi-cards`.
 * @public
 */
export function KpiList({ kpis, values, currency, loading = false, label }: KpiListProps) {
  const ref = useStyles<HTMLElement>(css);
  const t = useT();
  const format = { currency, locale: useLocale(), yes: t('grid.yes'), no: t('grid.no') };
  return (
    <section
      ref={ref}
      className="cp-kpis"
      aria-label={label ?? t('grid.kpis')}
      aria-busy={loading || undefined}
      part="kpi-cards"
    >
      <dl className="cp-kpis__list">
        {kpis.map((kpi) => {
          const found = values.find((k) => k.id === kpi.id);
          return (
            <div key={kpi.id} className="cp-kpi" data-state={loading ? 'loading' : found ? 'ready' : 'missing'}>
              <dt>{kpi.label}</dt>
              <dd>
                {/* One line of the figure (1lh): the card keeps its height when the figure arrives. */}
                {loading ? (
                  <Skeleton width="60%" height="1lh" label={t('grid.kpiLoading', { label: kpi.label })} />
                ) : found ? (
                  formatDataCell(found.value, found.type, format)
                ) : (
                  '—'
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
