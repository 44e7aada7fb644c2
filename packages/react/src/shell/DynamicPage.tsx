import { componentKind, type PageDescription, type PageStore, type PageTab } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import {
  Component,
  createElement,
  Suspense,
  useEffect,
  useId,
  useRef,
  type ErrorInfo,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useT } from '../provider/PortalProvider';
import { ProgressBar } from '../ui/ProgressBar';
import { Skeleton } from '../ui/Skeleton';
import { useStyles } from '../ui/useStyles';
import { featurePageComponent } from './featureRegistry';
import { usePageSignals, usePortalNavigation } from './pageContext';
import { PagePlaceholder } from './placeholders';
import { pageCss as css } from './pageStyles';
import { useShell } from './useShell';

/**
 * What a report tab or `pbiReport` page shows.
 * @public
 */
export interface ReportSlotProps {
  /** The id of the report to embed. */
  reportId: string;
  /** The report's name (the tab's or the menu item's display name). */
  name: string;
  /** The report's description (the tab's or the menu item's). */
  description: string;
  /** A `pbiReport` page's page-name filter; empty for a report tab. */
  pageFilter: readonly string[];
  /** The page key of the route (the menu name) the report is shown on: saved views are stored under it. */
  pageKey: string;
  /** The tab the report fills; null on a `pbiReport` page. */
  tabName: string | null;
}

/**
 * Props of {@link DynamicPage}.
 * @public
 */
export interface DynamicPageProps {
  /**
   * Renders an embedded report (a `report` tab or a `pbiReport` page). Without it the report's
   * name, description and id are shown.
   */
  renderReport?: (report: ReportSlotProps) => ReactNode;
}

// spec §2
/**
 * The dynamic page renderer: the page of the current route, by its type — `tabbed` (WAI-ARIA
 * tabs; `?tab=` selects one by name, the active one is remembered per route), `ui` (one feature page,
 * loaded by component name from the registry), `pbiReport`, or `error` (page not found). A progress
 * bar while it loads; the unlicensed, 'functionality moved' and unknown-component placeholders.
 * @public
 */
export function DynamicPage({ renderReport }: DynamicPageProps) {
  return <PageView store={useShell().page} renderReport={renderReport} />;
}

/**
 * A page store's page, by its type: the dynamic page's body, also shown by name (`<FeaturePage>`).
 * @public
 */
export function PageView({
  store,
  renderReport,
}: DynamicPageProps & {
  /** The page store whose page it shows: the shell's (`useShell().page`), or a page opened by name. */
  store: PageStore;
}) {
  const ref = useStyles<HTMLDivElement>(css);
  const { navigation } = usePortalNavigation();
  const t = useT();
  const state = useStore(store.$page);
  const menuFailed = useStore(navigation.$menu).status === 'error';
  const { description, item } = state;

  const busy = state.status === 'idle' || state.status === 'loading';
  const shown = !busy && state.status !== 'unlicensed' && description && description.type !== 'error';
  // Every page has exactly one h1, from its first frame: the menu item's name (the same element while
  // the page loads and once it shows), else the placeholder's title, else a hidden one while it loads.
  const name = item?.displayName ?? (shown ? description.id : null);
  const heading = name ? <PageHeading name={name} description={busy || shown ? item?.description : undefined} /> : null;

  let body: ReactNode;
  if (busy) {
    body = (
      <div aria-busy="true">
        {name ? null : (
          <>
            <h1 className="cp-visually-hidden">{t('page.loading')}</h1>
            <Skeleton width="40%" height={28} />
          </>
        )}
        <ProgressBar label={t('page.loading')} />
        <Skeleton width="100%" height={240} shape="rect" />
      </div>
    );
  } else if (state.status === 'unlicensed') {
    body = (
      <PagePlaceholder title={t('page.unlicensedTitle')} level={name ? 2 : 1}>
        <p>{t('page.unlicensed')}</p>
      </PagePlaceholder>
    );
  } else if (!shown) {
    // While the menu failed to load, no page can be told known or unknown: say so, and retry the menu.
    const unsure = !item && menuFailed;
    const retry = unsure ? () => void navigation.loadMenu() : item?.url ? store.reload : undefined;
    body = (
      <PagePlaceholder
        title={t(unsure ? 'page.unknownTitle' : 'page.notFoundTitle')}
        role="alert"
        onRetry={retry}
        level={name ? 2 : 1}
      >
        <p>{description?.error ?? t('page.notFound', { name: state.key })}</p>
      </PagePlaceholder>
    );
  } else {
    const pageName = name ?? description.id;
    body =
      description.type === 'tabbed' ? (
        <PageTabs
          store={store}
          page={description}
          active={state.tabIndex}
          pageName={pageName}
          pageKey={state.key}
          renderReport={renderReport}
        />
      ) : description.type === 'pbiReport' ? (
        <ReportSlot
          report={{
            reportId: description.reportId ?? '',
            name: pageName,
            description: item?.description ?? '',
            pageFilter: description.pbiReportPageFilter,
            pageKey: state.key,
            tabName: null,
          }}
          render={renderReport}
        />
      ) : (
        <FeatureComponent name={description.componentClass ?? ''} page={description} tab={null} />
      );
  }
  return (
    <div ref={ref} className="cp-page" part="page" data-status={state.status}>
      {heading}
      {body}
    </div>
  );
}

/**
 * The page's level-one heading, with its description when it has one. Not a `<header>`: two pages
 * side by side on a partner's page would be two unnamed landmarks of one kind.
 */
function PageHeading({ name, description }: { name: string; description?: string }) {
  return (
    <div className="cp-page__head">
      <h1>{name}</h1>
      {description ? <p>{description}</p> : null}
    </div>
  );
}

function PageTabs({
  store,
  page,
  active,
  pageName,
  pageKey,
  renderReport,
}: {
  store: PageStore;
  page: PageDescription;
  active: number;
  pageName: string;
  pageKey: string;
  renderReport?: DynamicPageProps['renderReport'];
}) {
  const t = useT();
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabs = page.contents;
  const current = tabs[active] ?? tabs[0];
  // WAI-ARIA tabs: arrows, Home and End move between tabs and activate them.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: active + 1 > last ? 0 : active + 1,
      ArrowLeft: active - 1 < 0 ? last : active - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    store.selectTab(next);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  if (!current) return null;
  return (
    <div className="cp-tabs">
      <div ref={list} role="tablist" aria-label={t('page.tabs', { page: pageName })} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            className="cp-tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => store.selectTab(i)}
          >
            {tab.displayName}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        className="cp-tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${active}`}
        tabIndex={0}
        key={current.name}
      >
        {current.type === 'report' ? (
          <>
            {renderReport && current.description ? <p className="cp-tab__description">{current.description}</p> : null}
            <ReportSlot
              report={{
                reportId: current.reportId ?? '',
                name: current.displayName,
                description: current.description,
                pageFilter: [],
                pageKey,
                tabName: current.name,
              }}
              render={renderReport}
            />
          </>
        ) : (
          <FeatureComponent name={current.componentClass ?? ''} page={page} tab={current} />
        )}
      </div>
    </div>
  );
}

/** The report of a tab or page: the report view when the host gives one, else its card. */
function ReportSlot({ report, render }: { report: ReportSlotProps; render?: DynamicPageProps['renderReport'] }) {
  return render ? <>{render(report)}</> : <ReportCard {...report} />;
}

/**
 * A report's name, description and id, shown where its embedded view is not available.
 * @public
 */
export function ReportCard(report: ReportSlotProps) {
  const ref = useStyles<HTMLElement>(css);
  const t = useT();
  return (
    <section ref={ref} className="cp-placeholder cp-report-card" aria-label={report.name}>
      <h2>{report.name}</h2>
      {report.description ? <p>{report.description}</p> : null}
      <p>{t('page.report', { id: report.reportId })}</p>
    </section>
  );
}

// spec §2
/**
 * A feature page by component name: registered pages load lazily; moved and unknown names show their notices.
 * @public
 */
export function FeatureComponent({
  name,
  page,
  tab,
}: {
  /** The feature page's component name, as the page (or its tab) describes it. */
  name: string;
  /** The description of the page it is shown on. */
  page: PageDescription;
  /** The tab it fills; null on a `ui` page. */
  tab: PageTab | null;
}) {
  const t = useT();
  const kind = componentKind(name);
  const Page = kind === 'feature' ? featurePageComponent(name) : null;
  if (kind === 'moved') {
    return (
      <PagePlaceholder title={t('page.movedTitle')}>
        <p>{t('page.moved')}</p>
      </PagePlaceholder>
    );
  }
  if (!Page) {
    return (
      <PagePlaceholder title={t('page.unknownTitle')} role="alert">
        <p>{t('page.unknown', { name })}</p>
      </PagePlaceholder>
    );
  }
  return (
    <FeatureBoundary
      key={name}
      fallback={(retry) => <PagePlaceholder title={t('page.featureFailed')} role="alert" onRetry={retry} />}
    >
      <Suspense fallback={<ProgressBar label={t('page.loading')} />}>
        {createElement(Page, { name, page, tab })}
        <Shown />
      </Suspense>
    </FeatureBoundary>
  );
}

/** Tells the embedding page that the feature page's module loaded and rendered (mounted after it, so its effect runs after the page's). */
function Shown() {
  const signals = usePageSignals();
  useEffect(() => signals?.shown(), [signals]);
  return null;
}

/** Keeps a failing feature page (its module did not load, or it threw) from taking the shell down. */
class FeatureBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Feature page failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
