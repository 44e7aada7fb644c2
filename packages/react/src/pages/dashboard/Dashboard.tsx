import {
  createFeatureDataApi,
  createSettingsApi,
  DATASETS,
  dashboardEn,
  formatDataCell,
  formatNumber,
  isApiError,
  kpiLabel,
  pagePath,
  registerMessages,
  type AccessedPage,
  type DataFilter,
  type DatasetId,
  type DataSummary,
  type MessageKey,
} from '@cloudportal/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { KpiList } from '../../kit/KpiCards';
import { useLocale, usePortalClient, useT } from '../../provider/PortalProvider';
import type { FeatureComponentProps } from '../../shell/featureRegistry';
import { usePageNavigate, usePortalNavigation } from '../../shell/pageContext';
import { isPlainClick } from '../../shell/plainClick';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { useLoad, type Loaded } from '../../ui/useLoad';
import { useStyles } from '../../ui/useStyles';
import css from './Dashboard.css?inline';

registerMessages(dashboardEn);

/** A dashboard's sections, in the order they show. */
export type DashboardSection = 'recent' | 'top' | 'metrics' | 'custom';

/** One group of key figures: a dataset's summary over the tenant's rows that pass `filters`. */
interface MetricGroup {
  dataset: DatasetId;
  title: MessageKey;
  filters?: readonly DataFilter[];
}

/** The figures a dashboard shows, each where the tenant is licensed for it (a 403 leaves its group out). */
const METRICS: readonly MetricGroup[] = [
  { dataset: 'subscriptions', title: 'dashboard.subscriptions' },
  {
    dataset: 'recommendations',
    title: 'dashboard.recommendations',
    filters: [{ id: 'status', op: 'eq', value: 'open' }],
  },
  { dataset: 'alerts', title: 'dashboard.alerts' },
  { dataset: 'licenses', title: 'dashboard.licenses' },
  { dataset: 'users', title: 'dashboard.users' },
];

/** Props of {@link Dashboard}. */
export interface DashboardProps extends Partial<FeatureComponentProps> {
  /** What the dashboard shows. @default ['recent', 'top', 'metrics'] */
  sections?: readonly DashboardSection[];
}

// spec §2 `legacy-homepage`
/**
 * A dashboard of the user's portal (the dynamic dashboard; also the home
 * dashboards and customer metrics pages): the user's last- and top-accessed pages, the tenant's key
 * figures across its datasets, and its custom dashboards and reports.
 */
export function Dashboard({ sections = ['recent', 'top', 'metrics'] }: DashboardProps) {
  const ref = useStyles<HTMLDivElement>(css);
  return (
    <div ref={ref} className="cp-dashboard">
      {sections.map((section) => {
        if (section === 'recent') return <AccessedPages key={section} which="recent" />;
        if (section === 'top') return <AccessedPages key={section} which="top" />;
        if (section === 'custom') return <CustomContent key={section} />;
        return <Metrics key={section} />;
      })}
    </div>
  );
}

/** A link inside the portal: a plain click moves the portal's router, any other is the browser's. */
function PortalLink({ href, translate, children }: { href: string; translate?: 'no'; children: ReactNode }) {
  const navigate = usePageNavigate();
  return (
    <a
      href={href}
      translate={translate}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** A titled card whose body shows once its data has loaded. */
function Card<T>({
  id,
  title,
  loaded,
  onRetry,
  children,
}: {
  id: string;
  title: string;
  loaded: Loaded<T>;
  onRetry: () => void;
  children: (value: T) => ReactNode;
}) {
  const t = useT();
  let body: ReactNode;
  if (loaded.state === 'loading') body = <Skeleton label={t('dashboard.loading', { section: title })} />;
  else if (loaded.state === 'failed') {
    body = (
      <div role="alert" className="cp-dashboard__failed">
        <p>{t('dashboard.failed', { section: title })}</p>
        <Button onClick={onRetry}>{t('dashboard.retry')}</Button>
      </div>
    );
  } else body = children(loaded.value);
  return (
    <section className="cp-dashboard__card" data-card={id} aria-labelledby={`dashboard-${id}`}>
      <h2 id={`dashboard-${id}`}>{title}</h2>
      {body}
    </section>
  );
}

function AccessedPages({ which }: { which: 'recent' | 'top' }) {
  const t = useT();
  const locale = useLocale();
  const client = usePortalClient();
  const { prefix } = usePortalNavigation();
  const [loaded, reload] = useLoad(
    useCallback(
      () => (which === 'recent' ? client.api.portal.lastAccessed() : client.api.portal.topAccessed()),
      // The pages' names are the server's, in the request's locale: a new locale asks again.
      // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` is the reason to ask again.
      [client, which, locale],
    ),
  );
  const title = t(which === 'recent' ? 'dashboard.recent' : 'dashboard.top');
  return (
    <Card id={which} title={title} loaded={loaded} onRetry={reload}>
      {(pages: AccessedPage[]) =>
        pages.length === 0 ? (
          <p className="cp-dashboard__empty">{t('dashboard.noPages')}</p>
        ) : (
          <ol className="cp-dashboard__pages">
            {pages.map((p) => {
              const href = pagePath(p.name, p.tabName, prefix);
              return (
                <li key={p.uuid}>
                  <PortalLink href={href}>{p.tabName ? `${p.displayName} · ${p.tabName}` : p.displayName}</PortalLink>
                  <span>
                    {which === 'top'
                      ? p.count === 1
                        ? t('dashboard.visit')
                        : t('dashboard.visits', { count: formatNumber(p.count, locale) })
                      : formatDataCell(p.lastAccessed, 'datetime', { currency: 'USD', locale, yes: '', no: '' })}
                  </span>
                </li>
              );
            })}
          </ol>
        )
      }
    </Card>
  );
}

function Metrics() {
  const t = useT();
  const client = usePortalClient();
  const api = useMemo(() => createFeatureDataApi(client.http), [client]);
  // Every group at once; a dataset the tenant is not licensed for is left out, not an error.
  const [loaded, reload] = useLoad(
    useCallback(
      () =>
        Promise.all(
          METRICS.map((group) =>
            api.summary(group.dataset, group.filters ?? []).then(
              (summary): [MetricGroup, DataSummary] | null => [group, summary],
              (error: unknown) => {
                if (isApiError(error, 403)) return null;
                throw error;
              },
            ),
          ),
        ).then((groups) => groups.filter((g): g is [MetricGroup, DataSummary] => g !== null)),
      [api],
    ),
  );
  return (
    <Card id="metrics" title={t('dashboard.metrics')} loaded={loaded} onRetry={reload}>
      {(groups) => (
        <div className="cp-dashboard__metrics">
          {groups.map(([group, summary]) => (
            <div key={group.dataset} className="cp-dashboard__group">
              <h3>{t(group.title)}</h3>
              <KpiList
                kpis={DATASETS[group.dataset].kpis.map((kpi) => ({ ...kpi, label: kpiLabel(t, group.dataset, kpi) }))}
                values={summary.kpis}
                currency={summary.currency}
                label={t(group.title)}
              />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

function CustomContent() {
  const t = useT();
  const client = usePortalClient();
  const api = useMemo(() => createSettingsApi(client.http), [client]);
  const [loaded, reload] = useLoad(
    useCallback(() => Promise.all([api.customDashboards(), api.customReports()]), [api]),
  );
  const { prefix } = usePortalNavigation();
  return (
    <Card id="custom" title={t('dashboard.custom')} loaded={loaded} onRetry={reload}>
      {([dashboards, reports]) =>
        dashboards.length + reports.length === 0 ? (
          <p className="cp-dashboard__empty">{t('dashboard.noCustom')}</p>
        ) : (
          <ul className="cp-dashboard__pages">
            {dashboards.map((d) => (
              <li key={`d-${d.id}`}>
                {/* The tenant's own dashboards and reports: their names and descriptions are data. */}
                <strong translate="no">{d.name}</strong> <span>{t('dashboard.customDashboard')}</span>
                <p translate="no">{d.description}</p>
              </li>
            ))}
            {reports.map((r) => {
              const href = `/${prefix}/dashboard/report/${encodeURIComponent(r.id)}`;
              return (
                <li key={`r-${r.id}`}>
                  <PortalLink href={href} translate="no">
                    {r.name}
                  </PortalLink>{' '}
                  <span>{t('dashboard.customReport')}</span>
                  <p translate="no">{r.description}</p>
                </li>
              );
            })}
          </ul>
        )
      }
    </Card>
  );
}

/** The dynamic dashboard (`dynamic-dashboard`, the `legacy-homepage` route): recent and top pages, key figures. */
export default function DynamicDashboard(props: Partial<FeatureComponentProps>) {
  return <Dashboard {...props} sections={['recent', 'top', 'metrics']} />;
}
