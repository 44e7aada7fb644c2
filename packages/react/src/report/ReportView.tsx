import { createReportView, type ReportSource, type ReportViewStore } from '@cloudportal/core/embed';
import {
  configurationError,
  reportHeight,
  TOOLTIP_DELAY_MS,
  unlicensedCard,
  type ReportPageFilter,
  type ReportViewer,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAccount } from '../auth/useSession';
import { SignedIn } from '../auth/SignInPrompt';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { ProgressBar } from '../ui/ProgressBar';
import { Tooltip } from '../ui/Tooltip';
import { useStyles } from '../ui/useStyles';
import css from './report.css?inline';
import { SavedViews } from './SavedViews';
import { ReportToolbar } from './ReportToolbar';

/**
 * Props of {@link ReportView}.
 * @public
 */
export interface ReportViewProps {
  /** The report's id (a product report id, or a tenant's custom report id). */
  reportId: string;
  /** Which catalogue: the product's reports, a tenant's custom report, or its external (partner-site) embedding. @default 'report' */
  kind?: ReportSource['kind'];
  /** The portal page (menu name) the report is shown on: its saved views are stored under it. @default reportId */
  pageName?: string;
  // spec §4
  /** The tab the report fills on a tabbed page: saved views are filtered to it. */
  tabName?: string | null;
  // spec §2 "Report height"
  /** Px taken from the viewport height, or a viewer's reduction. @default 'default' (105 px) */
  heightReduction?: number | ReportViewer;
  /** Shows the saved-views toolbar. @default true */
  savedViews?: boolean;
  /**
   * The report page to open, over the server's configured one: a display name, or a `pbiReport` page's
   * page-name filter (its first page opens; with two or more, page buttons move between them only).
   */
  reportPage?: ReportPageFilter;
  // spec §2
  /**
   * Which marketing image shows when the embed token fails. @default the report's module
   * as the server's failure names it: `office` for a Microsoft 365 report, else `azure`
   */
  marketing?: 'azure' | 'office';
  /** The store behind the view, for a host that drives it (e.g. a `<cp-saved-views>` placed elsewhere). */
  onStore?: (store: ReportViewStore) => void;
}

// spec §2 / §4
/**
 * The embedded report view: a progress bar while loading; the report (Power BI, or
 * the reference server's embed emulator, through the same `powerbi-client` path) sized to the
 * viewport minus 105 px, actual size on phones and fit to width otherwise; a toolbar draggable left
 * and right (by pointer or arrow keys) with the saved views, 'save view' and 'Toggle Filter' (only
 * when the page has filters); the 'Unlicensed feature' card, the 'Configuration Error' card, the
 * marketing image when the embed token fails, and the embed facility's errors as readable text.
 * Once the session is started and finds no one, a signed-out visitor sees the sign-in prompt
 * ('Sign in to see this report') instead.
 * @public
 */
export function ReportView(props: ReportViewProps) {
  const t = useT();
  return (
    <SignedIn text={t('report.signIn')} need={{ piece: 'reports', report: props.reportId }}>
      <ReportViewContent {...props} />
    </SignedIn>
  );
}

function ReportViewContent({
  reportId,
  kind = 'report',
  pageName,
  tabName = null,
  reportPage = null,
  heightReduction = 'default',
  savedViews = true,
  marketing,
  onStore,
}: ReportViewProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const isMobile = useStore(client.layout.$layout).isMobile;
  // By value: a host may pass a new array of the same page names on every render.
  const pagesKey = JSON.stringify(reportPage ?? null);
  const store = useMemo(
    () =>
      createReportView(client, {
        report: { kind, id: reportId },
        pageName: pageName ?? reportId,
        tabName,
        reportPage: JSON.parse(pagesKey) as ReportPageFilter,
        pageView: isMobile ? 'actualSize' : 'fitToWidth',
      }),
    [client, kind, reportId, pageName, tabName, pagesKey, isMobile],
  );
  const state = useStore(store.$state);
  const [attempt, setAttempt] = useState(0);
  const height = useViewportHeight((h) => reportHeight(h, heightReduction));

  useEffect(() => onStore?.(store), [store, onStore]);
  useEffect(() => (frame.current ? store.mount(frame.current) : undefined), [store, attempt]);

  const settings = useAccount().settings;
  let overlay = null;
  if (state.status === 'unlicensed') {
    const card = unlicensedCard(state.embed ?? {}, t);
    overlay = (
      <section className="cp-report-card" role="status" aria-labelledby={titleId} part="report-card">
        <h2 id={titleId}>{card.title}</h2>
        {/* The report's own description, as the server has it. */}
        {card.description ? <p translate="no">{card.description}</p> : null}
        <p>{card.action}</p>
      </section>
    );
  } else if (state.status === 'no-pages') {
    const card = configurationError(t);
    overlay = (
      <section className="cp-report-card" role="alert" aria-labelledby={titleId} part="report-card">
        <h2 id={titleId}>{card.title}</h2>
        <p>{card.message}</p>
      </section>
    );
  } else if (state.status === 'marketing') {
    const image =
      (marketing ?? (state.module === 'm365' ? 'office' : 'azure')) === 'office'
        ? settings?.powerBiOfficeMarketing
        : settings?.powerBiAzureMarketing;
    const email = settings?.salesEmail ?? '';
    overlay = (
      <a className="cp-report-marketing" href={`mailto:${email}`} part="report-marketing">
        {image ? <img src={image} alt={t('report.marketing', { email })} /> : t('report.marketing', { email })}
      </a>
    );
  } else if (state.error) {
    overlay = (
      <section className="cp-report-card" role="alert" aria-labelledby={titleId} part="report-card">
        <h2 id={titleId}>{t('report.failed')}</h2>
        {/* Power BI's own words for what failed. */}
        <p translate="no">{state.error}</p>
        <Button onClick={() => setAttempt((n) => n + 1)}>{t('report.retry')}</Button>
      </section>
    );
  }
  const showing = state.status === 'report' || state.status === 'loading';
  const name = state.embed?.name ?? reportId;

  return (
    <div ref={ref} className="cp-report" data-status={state.status} part="report" style={{ height }}>
      {state.status === 'loading' && !state.error ? <ProgressBar label={t('report.loading')} /> : null}
      {/* The saved views and 'Toggle Filter' are independent: either one makes the toolbar. */}
      {state.status === 'report' && !state.error && (savedViews || state.hasFilters || state.pageChoices.length > 0) ? (
        <ReportToolbar>
          {state.pageChoices.length > 0 ? (
            <div className="cp-report-pages" role="group" aria-label={t('report.pages')}>
              {state.pageChoices.map((page) => (
                <Button
                  key={page.name}
                  aria-pressed={state.activePage?.name === page.name}
                  onClick={() => void store.showPage(page.name)}
                  // The report's own page names, as its author wrote them.
                  translate="no"
                >
                  {page.displayName}
                </Button>
              ))}
            </div>
          ) : null}
          {savedViews ? <SavedViews store={store.views} /> : null}
          {state.hasFilters ? (
            <Tooltip content={t('report.toggleFilter')} delay={TOOLTIP_DELAY_MS.filterButton}>
              <Button aria-pressed={state.filterPaneVisible} onClick={() => void store.toggleFilterPane()}>
                {t('report.toggleFilter')}
              </Button>
            </Tooltip>
          ) : null}
        </ReportToolbar>
      ) : null}
      {overlay}
      <div
        ref={frame}
        className="cp-report__frame"
        role="region"
        aria-label={t('report.frame', { name })}
        hidden={!showing || !!state.error}
        part="report-frame"
      />
    </div>
  );
}

/** The viewport's height mapped through `toHeight`, following resizes. */
function useViewportHeight(toHeight: (viewport: number) => number): number {
  const [viewport, setViewport] = useState(() => globalThis.innerHeight ?? 800);
  useEffect(() => {
    const onResize = () => setViewport(globalThis.innerHeight);
    globalThis.addEventListener?.('resize', onResize);
    return () => globalThis.removeEventListener?.('resize', onResize);
  }, []);
  return toHeight(viewport);
}
