import type { Meta, StoryObj } from '@storybook/react';
import { expect, waitFor, within } from 'storybook/test';
import { DynamicPage, FeatureComponent, PageView, ReportCard } from './DynamicPage';
import { PagePlaceholder } from './placeholders';
import { registerDemoFeaturePages } from './testing/demoFeatures';
import { PORTAL } from './testing/fakePortal';
import { pageParameters } from './testing/storyPortal';

registerDemoFeaturePages();

/**
 * The page of the current route, as the portal's menu describes it: tabs, a feature page, an
 * embedded report, or a 'Page not found', 'Unlicensed feature' or error card (`PagePlaceholder`).
 * It fills the main area of the portal shell.
 */
const meta = {
  title: 'Shell/Dynamic page',
  component: DynamicPage,
  subcomponents: { PageView, FeatureComponent, ReportCard, PagePlaceholder },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...pageParameters('/billing/azure-costs') },
} satisfies Meta<typeof DynamicPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const WAIT = { timeout: 5000 };
const canvas = (element: HTMLElement) => within(element);

/** `tabbed`: WAI-ARIA tabs; the first tab is a report (its card until the report view lands). */
export const Tabbed: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await canvas(canvasElement).findByRole('tab', { name: 'Cost Overview', selected: true }, WAIT),
    ).toBeVisible();
    // The tab's panel fades in: visible once its animation has begun to show it.
    await waitFor(
      () => expect(canvas(canvasElement).getByRole('region', { name: 'Cost Overview' })).toBeVisible(),
      WAIT,
    );
  },
};

/** `tabbed`, opened with `?tab=Cost+by+Region` (plus signs are spaces): that tab is selected. */
export const TabbedFromQuery: Story = {
  parameters: pageParameters('/billing/azure-costs?tab=Cost+by+Region'),
  play: async ({ canvasElement }) => {
    await expect(
      await canvas(canvasElement).findByRole('tab', { name: 'Cost by Region', selected: true }, WAIT),
    ).toBeVisible();
    await canvas(canvasElement).findByText(
      'West Europe USD 9,120 · North Europe USD 4,310 · East US USD 2,165.',
      {},
      WAIT,
    );
  },
};

/** `ui`: the feature page registered for the component name, loaded lazily. */
export const FeaturePage: Story = {
  parameters: pageParameters('/billing/subscriptions'),
  play: async ({ canvasElement }) => {
    await canvas(canvasElement).findByText(
      'Three subscriptions: Production, Development and Sandbox, all active.',
      {},
      WAIT,
    );
  },
};

/** `pbiReport`: the report's card (the report view replaces it once it lands). */
export const ReportPage: Story = {
  parameters: pageParameters('/billing/m365-licences'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByRole('region', { name: 'Licence report' }, WAIT)).toBeVisible();
  },
};

/** A page still loading: progress bar and skeletons. */
export const Loading: Story = {
  parameters: pageParameters('/billing/slow-page'),
  play: async ({ canvasElement }) => {
    await expect(
      await canvas(canvasElement).findByRole('progressbar', { name: 'Loading the page' }, WAIT),
    ).toBeVisible();
  },
};

/** `error`: the page-not-found placeholder with the server's message and a way home. */
export const ErrorPage: Story = {
  parameters: pageParameters('/billing/security'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByRole('alert', { name: 'Page not found' }, WAIT)).toHaveTextContent(
      'The security page was removed from your portal.',
    );
  },
};

/** A route that is not in the user's menu. */
export const NotInMenu: Story = {
  parameters: pageParameters('/billing/no-such-page'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByRole('alert', { name: 'Page not found' }, WAIT)).toHaveTextContent(
      "No page 'no-such-page' exists in your menu.",
    );
  },
};

/** The page description could not be fetched: the message and Try again. */
export const FetchFailed: Story = {
  parameters: {
    ...pageParameters('/billing/azure-budgets', {
      failures: { [`GET ${PORTAL}/api/portal/menu/page/azure-budgets`]: 500 },
    }),
    // The pseudo-locale sweep: the message is the fake server's answer, fetched in English.
    pseudoLocale: { fixed: '.cp-page > p, .cp-placeholder p' },
  },
  play: async ({ canvasElement }) => {
    const alert = await canvas(canvasElement).findByRole('alert', { name: 'Page not found' }, WAIT);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The menu could not be loaded: no page can be told known or unknown, so the page says so, and Try again asks for the menu again. */
export const MenuFailed: Story = {
  parameters: pageParameters('/billing/azure-budgets', { failures: { [`GET ${PORTAL}/api/portal/menu`]: 500 } }),
  play: async ({ canvasElement }) => {
    const alert = await canvas(canvasElement).findByRole('alert', { name: 'This page cannot be shown' }, WAIT);
    await expect(alert).toHaveTextContent('The menu could not be loaded.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A component name no page is registered for. */
export const UnknownComponent: Story = {
  parameters: pageParameters('/billing/legacy-widget'),
  play: async ({ canvasElement }) => {
    await expect(
      await canvas(canvasElement).findByRole('alert', { name: 'This page cannot be shown' }, WAIT),
    ).toBeVisible();
  },
};

/** Provider, reseller and customer overview names: 'Functionality moved'. */
export const FunctionalityMoved: Story = {
  parameters: pageParameters('/billing/provider-overview'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByRole('status', { name: 'Functionality moved' }, WAIT)).toBeVisible();
  },
};

/** The server answers 403 (or 402): the unlicensed placeholder. */
export const Unlicensed: Story = {
  parameters: pageParameters('/billing/reports'),
  play: async ({ canvasElement }) => {
    await expect(await canvas(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, WAIT)).toBeVisible();
  },
};

/** Dark mode, on the tabbed page. */
export const Dark: Story = {
  parameters: { ...pageParameters('/billing/azure-costs'), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(
      await canvas(canvasElement).findByRole('tab', { name: 'Cost Overview', selected: true }, WAIT),
    ).toBeVisible();
  },
};
