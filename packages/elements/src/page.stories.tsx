import type { PortalClient } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { fakeDataFetch } from '#react/kit/testing/fakeData';
import { DATASET_PAGES } from '#react/pages/datasetPages';
import { pageRows } from '#react/pages/testing/sampleRows';
import {
  demoMenu,
  fakePortal,
  node,
  page,
  pageRoute,
  tab,
  type FakePortalOptions,
} from '#react/shell/testing/fakePortal';
import { isolatedTabs } from '#react/testing/fakeApi';
import type { PortalElement } from './internal/createElement';
import { definePage, PAGE_TAG, type PageElementProps } from './page';
import { forwardEvents, shadowOf } from './testing/stories';

definePage();

/** The events of `<cp-page>`, shown in Storybook's actions panel. */
const EVENTS = ['cp-page-loaded', 'cp-page-navigate', 'cp-page-error'] as const;

interface PartnerPageProps extends Pick<PageElementProps, 'name' | 'tabName' | 'lang'> {
  /** Receives each cp-page-* event (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/**
 * `<cp-page>` as a partner pastes it: the element made in the page, and the partner's status line fed
 * by its events (`cp-page-navigate` cancelled here, so the story stays where it is).
 */
function PartnerPage({ name, tabName, lang, onEvent }: PartnerPageProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = document.createElement(PAGE_TAG) as PortalElement;
    element.client = client;
    if (name) element.setAttribute('name', name);
    if (tabName) element.setAttribute('tab-name', tabName);
    if (lang) element.setAttribute('lang', lang);
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.textContent = 'Waiting for the page.';
    element.addEventListener('cp-page-loaded', (event) => {
      const {
        name: page,
        tab,
        rows,
      } = (event as CustomEvent<{ name: string; tab: string | null; rows: number | null }>).detail;
      status.textContent = `Loaded ${page}${tab ? ` (${tab})` : ''}${rows === null ? '' : `: ${rows} rows`}`;
    });
    element.addEventListener('cp-page-error', (event) => {
      status.textContent = `Not shown: ${(event as CustomEvent<{ reason: string }>).detail.reason}`;
    });
    element.addEventListener('cp-page-navigate', (event) => {
      event.preventDefault();
      status.textContent = `Wants ${(event as CustomEvent<{ path: string }>).detail.path}`;
    });
    forwardEvents(element, EVENTS, onEvent);
    host.current!.append(element, status);
    return () => {
      element.remove();
      status.remove();
    };
  }, [client, name, tabName, lang, onEvent]);
  return <div ref={host} />;
}

/** The dataset pages the stories show (none of the shell stories' demo pages, which take their names). */
const STORY_PAGES = ['azure-resources', 'recommendations-azure'] as const;

/** The demo menu with two pages of the portal's own: a dataset page and a tabbed page. */
const MENU = [
  ...demoMenu(),
  node('azure-resources', 'Azure resources', { icon: 'server' }),
  node('estate', 'Estate', { icon: 'building' }),
];
const PAGES = {
  'azure-resources': { json: page('azure-resources', { componentClass: 'azure-resources' }) },
  estate: {
    json: page('estate', {
      type: 'tabbed',
      contents: [
        tab('Overview', { type: 'report', reportId: 'rep-estate', description: 'The estate at a glance.' }),
        tab('Resources', { componentClass: 'azure-resources' }),
        tab('Recommendations', { componentClass: 'recommendations-azure' }),
      ],
    }),
  },
};

/**
 * The story's client: a signed-in Contoso admin whose menu and pages are the shell's demo ones, and
 * whose dataset reads answer 60 sample rows per page (the data API, at the network edge).
 */
const partner = (options: FakePortalOptions & { signedIn?: boolean } = {}) => {
  const { signedIn = true, ...portalOptions } = options;
  const portal = fakePortal({
    menu: MENU,
    pages: PAGES,
    ...portalOptions,
    over: {
      ...portalOptions.over,
      ...(signedIn
        ? {}
        : { 'POST /api/auth/refresh-token': { status: 401, json: { error: 'Unauthorized', message: 'No session' } } }),
    },
  });
  const data = fakeDataFetch({
    rows: Object.fromEntries(STORY_PAGES.map((name) => [DATASET_PAGES[name].dataset, pageRows(name, 60)])),
  });
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    /\/api\/data\//.test(String(input)) ? data(input, init) : portal(input, init);
  return {
    portal: {
      config: { fetch, crossTab: isolatedTabs },
      setup: (client: PortalClient) => void client.start(),
    },
  };
};

/**
 * `<cp-page>`: one page of the visitor's portal menu, by name, on a partner's page without the
 * portal's navigation: a dataset page, a dashboard, a tabbed or a report page. The portal's access
 * rules hold, and a visitor without a portal session sees a sign-in link.
 */
const meta = {
  title: 'Elements/<cp-page>',
  component: PartnerPage,
  args: { onEvent: fn() },
  argTypes: { name: { control: 'text' }, tabName: { control: 'text' }, lang: { control: 'text' } },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...partner() },
} satisfies Meta<typeof PartnerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 5000 };

/** A dataset page: its key figures, toolbar and grid; `cp-page-loaded` carries the grid's rows. */
export const DatasetPage: Story = {
  args: { name: 'azure-resources' },
  play: async ({ canvasElement, args }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, 'h1', LOAD.timeout);
    await expect(page.getByRole('heading', { level: 1, name: 'Azure resources' })).toBeVisible();
    await expect(await page.findByRole('grid', {}, LOAD)).toBeVisible();
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith('cp-page-loaded', { name: 'azure-resources', tab: null, rows: 60 }),
      LOAD,
    );
  },
};

/** A tabbed page opened on the tab named by `tab-name`; its other tabs open in place. */
export const TabbedPage: Story = {
  args: { name: 'estate', tabName: 'Recommendations' },
  play: async ({ canvasElement }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, '[role="tablist"]', LOAD.timeout);
    await expect(page.getByRole('tab', { name: 'Recommendations', selected: true })).toBeVisible();
    await expect(await page.findByRole('grid', {}, LOAD)).toBeVisible();
  },
};

/** A report tab: the embedded report view in place (its Power BI frame is the partner-page e2e's, in Chromium). */
export const ReportPage: Story = {
  args: { name: 'azure-costs', tabName: 'Cost Overview' },
  play: async ({ canvasElement, args }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, '[role="tablist"]', LOAD.timeout);
    await expect(page.getByRole('tab', { name: 'Cost Overview', selected: true })).toBeVisible();
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith('cp-page-loaded', {
          name: 'azure-costs',
          tab: 'Cost Overview',
          rows: null,
        }),
      LOAD,
    );
  },
};

/** While the page loads: a progress bar under the page's name. */
export const Loading: Story = {
  args: { name: 'slow-page' },
  play: async ({ canvasElement }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, '[role="progressbar"]', LOAD.timeout);
    await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
  },
};

/** A page the visitor's menu does not hold: 'Page not found', nothing fetched, `cp-page-error`. */
export const NotFound: Story = {
  args: { name: 'payroll' },
  play: async ({ canvasElement, args }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, 'h1', LOAD.timeout);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await waitFor(() =>
      expect(args.onEvent).toHaveBeenCalledWith('cp-page-error', expect.objectContaining({ reason: 'not-found' })),
    );
  },
};

/** A page the tenant is not licensed for: the 'Unlicensed feature' placeholder, never data. */
export const Unlicensed: Story = {
  args: { name: 'reports' },
  play: async ({ canvasElement }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, 'h2', LOAD.timeout);
    await expect(page.getByRole('heading', { name: 'Unlicensed feature' })).toBeVisible();
  },
};

/** The page's description failed to load: its message and 'Try again'. */
export const Failed: Story = {
  args: { name: 'azure-resources' },
  parameters: {
    ...partner({ failures: { [pageRoute('azure-resources')]: 500 } }),
    // The pseudo-locale sweep: the message is the fake server's answer, fetched in English.
    pseudoLocale: { fixed: '.cp-placeholder p' },
  },
  play: async ({ canvasElement, args }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, '[role="alert"]', LOAD.timeout);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await waitFor(() =>
      expect(args.onEvent).toHaveBeenCalledWith('cp-page-error', expect.objectContaining({ reason: 'failed' })),
    );
  },
};

/** A visitor without a portal session: a sign-in link instead of the page. */
export const SignedOut: Story = {
  args: { name: 'azure-resources' },
  parameters: partner({ signedIn: false }),
  play: async ({ canvasElement }) => {
    const page = await shadowOf(canvasElement, PAGE_TAG, 'a', LOAD.timeout);
    await expect(page.getByRole('link', { name: 'Sign in to see this page' })).toBeVisible();
  },
};
