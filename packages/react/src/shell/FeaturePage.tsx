import {
  createEmbeddedPage,
  dynamicPageEn,
  registerMessages,
  type EmbeddedPage,
  type PageState,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { SignedIn } from '../auth/SignInPrompt';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { useLatest } from '../ui/useLatest';
import { PageView, type DynamicPageProps } from './DynamicPage';
import {
  PageNavigateProvider,
  PageRowActivateProvider,
  PageSignalsProvider,
  type PageSignals,
  type RowActivatedDetail,
} from './pageContext';

// A signed-out visitor's prompt shows before the page's stores (which register these texts) exist.
registerMessages(dynamicPageEn);
/**
 * What {@link FeaturePageProps.onLoaded} reports: the page and tab shown, and its grid's rows.
 * @public
 */
export interface PageLoadedDetail {
  /** The page's menu name. */
  name: string;
  /** The tab shown on a tabbed page, else null. */
  tab: string | null;
  /** How many rows the page's grid holds (its first answer); null on a page without a grid. */
  rows: number | null;
}

/**
 * What {@link FeaturePageProps.onError} reports: why the page shows a placeholder instead.
 * @public
 */
export interface PageErrorDetail {
  /** The page's name. */
  name: string;
  /** The tab, or null for the page itself. */
  tab: string | null;
  /**
   * `not-found`: the visitor's menu has no such page; `unlicensed`: the tenant may not use it;
   * `failed`: it did not load; `not-allowed`: the connected site may not show it.
   */
  reason: 'not-found' | 'unlicensed' | 'failed' | 'not-allowed';
  /** With `not-allowed`: the refusal's code, `piece-not-allowed`. */
  code?: 'piece-not-allowed';
  /** What the placeholder says. */
  message: string;
}

/**
 * Props of {@link FeaturePage}.
 * @public
 */
export interface FeaturePageProps extends DynamicPageProps {
  /** The page's name in the visitor's menu (`azure-budgets`): what follows `/billing/` in the portal's URL. */
  name: string;
  /** The tab to open on a tabbed page, by its name. @default the menu item's tab, else the one last used, else the first */
  tabName?: string | null;
  /** The page (and tab) is on screen — for a grid page, once its first rows arrived. Again for each tab opened. */
  onLoaded?: (detail: PageLoadedDetail) => void;
  /** The page shows the not-found, unlicensed or error placeholder instead. */
  onError?: (detail: PageErrorDetail) => void;
  /**
   * A link inside the page wants another portal page (`/billing/…`): a dashboard's page link, the
   * placeholder's home link. @default the portal client's `navigate`
   */
  onNavigate?: (path: string) => void;
  /**
   * The visitor opened a row of the page's grid (Enter on a cell, or a double click): its dataset
   * and row, for the host's own detail view. Without it, rows do not open.
   */
  onRowActivated?: (detail: RowActivatedDetail) => void;
}

/**
 * One page of the visitor's menu, by name, without the shell: every page kind the portal
 * renders — dataset pages, dashboards, the questionnaire, release notes, tabbed pages, and report
 * pages through `renderReport` — under the portal's access rules: a page the visitor's menu hides is
 * the not-found page, one the tenant is not licensed for is the unlicensed placeholder; neither
 * fetches data. Once the session is started and finds no one, a signed-out visitor sees the sign-in
 * prompt ('Sign in to see this page') instead. `<cp-page>` is this component.
 *
 * @example <FeaturePage name="azure-budgets" onLoaded={({ rows }) => console.log(rows)} />
 * @public
 */
export function FeaturePage(props: FeaturePageProps) {
  const t = useT();
  const { name, tabName = null, onError } = props;
  return (
    <SignedIn
      text={t('page.signIn')}
      need={{ piece: 'pages', page: name }}
      onRefused={({ message }) =>
        onError?.({ name, tab: tabName, reason: 'not-allowed', code: 'piece-not-allowed', message })
      }
    >
      <FeaturePageContent {...props} />
    </SignedIn>
  );
}

function FeaturePageContent({ name, tabName = null, ...rest }: FeaturePageProps) {
  return <EmbeddedPageView page={useEmbeddedPage(name, tabName)} {...rest} />;
}

/** The embedded page store of `name`, one per client, following it while mounted; shown `name` and `tabName` as they change. */
function useEmbeddedPage(name: string, tabName: string | null): EmbeddedPage {
  const client = usePortalClient();
  const [first] = useState({ name, tabName });
  // Inert until started: creating it during render has no effect of its own.
  const page = useMemo(() => createEmbeddedPage(client, first.name, first.tabName), [client, first]);
  useEffect(() => page.start(), [page]);
  useEffect(() => page.route.show(name, tabName), [page, name, tabName]);
  return page;
}

function EmbeddedPageView({
  page,
  renderReport,
  onLoaded,
  onError,
  onNavigate,
  onRowActivated,
}: Omit<FeaturePageProps, 'name' | 'tabName'> & { page: EmbeddedPage }) {
  const state = useStore(page.$page);
  const signals = usePageEvents(state, { onLoaded, onError });
  return (
    <PageSignalsProvider value={signals}>
      <PageNavigateProvider value={onNavigate ?? null}>
        <PageRowActivateProvider value={onRowActivated ?? null}>
          <PageView store={page} renderReport={renderReport} />
        </PageRowActivateProvider>
      </PageNavigateProvider>
    </PageSignalsProvider>
  );
}

/** Signals that report `loaded` once: at the module's first render, or — when the page expects rows — with its rows. */
function loadedSignals(report: (rows: number | null) => void): PageSignals {
  let expecting = false;
  let sent = false;
  const loaded = (rows: number | null) => {
    if (sent) return;
    sent = true;
    report(rows);
  };
  return {
    expectRows: () => void (expecting = true),
    rows: (total) => {
      if (expecting) loaded(total);
    },
    shown: () => {
      if (!expecting) loaded(null);
    },
  };
}

/**
 * The page's `loaded` and `error` reports, once per page and tab shown: a report page is loaded with
 * its description; a feature page once its module rendered, or — a grid page — once its rows arrived.
 */
function usePageEvents(state: PageState, callbacks: Pick<FeaturePageProps, 'onLoaded' | 'onError'>): PageSignals {
  const t = useT();
  const latest = useLatest(callbacks);
  const { key: name, status, description, item } = state;
  const tab = state.tab?.name ?? null;
  const signals = useMemo(
    () => loadedSignals((rows) => latest.current.onLoaded?.({ name, tab, rows })),
    // One set per page and tab shown (a new status shows the page anew).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [status, name, tab],
  );

  useEffect(() => {
    if (status === 'unlicensed')
      latest.current.onError?.({ name, tab, reason: 'unlicensed', message: t('page.unlicensed') });
    else if (status !== 'loaded' || !description) return;
    else if (description.type === 'error')
      latest.current.onError?.({
        name,
        tab,
        reason: item?.url ? 'failed' : 'not-found',
        message: description.error ?? t('page.notFound', { name }),
      });
    else if (description.type === 'pbiReport' || state.tab?.type === 'report') signals.shown();
    // One report per page and tab shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signals]);
  return signals;
}
