import type { PortalClient } from '@cloudportal/core';
import { loadPowerBi } from '#core/embed/powerbi';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { isolatedTabs } from '../testing/fakeApi';
// The emulator's browser-safe parts (its entry point also holds Node-side helpers).
import { SALES_REPORT, TICKETS_REPORT } from '#testing/fixtures';
import { fakeAccessToken } from '#testing/state';
import { useT } from '../provider/PortalProvider';
import { useStyles } from '../ui/useStyles';
import css from './report.css?inline';
import { ReportSlotView } from './ReportSlotView';
import { ReportToolbar } from './ReportToolbar';
import { ReportView } from './ReportView';
import { emulatorFramesInJsdom } from './testing/emulatorFrames';
import { embedAnswer, embedRoute, fakeReportsApi, unlicensedAnswer } from './testing/fakeReports';
import type { FakeAnswer } from '../testing/fakeApi';

/** The story's client answers the report's embed call with `answer`; `setup` runs before it starts. */
const withEmbed = (answer: FakeAnswer, setup?: (client: PortalClient) => void) => ({
  portal: {
    config: { fetch: fakeReportsApi({ [embedRoute('billing-overview')]: answer }), crossTab: isolatedTabs },
    setup: (client: PortalClient) => {
      setup?.(client);
      void client.start();
    },
  },
});

/**
 * An embedded Power BI report of the portal, with a toolbar the user can drag aside for the saved
 * views and the filter pane, and the unlicensed, configuration-error and sign-in states. Report tabs
 * and report pages show it; `ReportSlotView` is the form a page's `renderReport` takes.
 */
const meta = {
  title: 'Report/Report view',
  component: ReportView,
  subcomponents: { ReportSlotView, ReportToolbar },
  args: { reportId: 'billing-overview', heightReduction: 300 },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...withEmbed({ json: unlicensedAnswer() }) },
  // In the stories test (jsdom) the emulator's frame script runs in the report's frame; in Storybook the frame loads it.
  beforeEach: () => emulatorFramesInJsdom(),
} satisfies Meta<typeof ReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A fixture report of the Power BI embed emulator (`@cloudportal/testing`), which Storybook serves at
 * /powerbi-emulator/ once the packages are built: the real powerbi-client embeds it with no network.
 */
const emulated = (report: typeof SALES_REPORT, setup?: (client: PortalClient) => void) =>
  withEmbed(
    {
      json: embedAnswer({
        id: report.id,
        name: report.name,
        reportPage: report.pages[0]!.displayName,
        token: fakeAccessToken(),
        entityId: report.id,
        entityUrl: `/powerbi-emulator/report-embed.html?reportId=${report.id}`,
      }),
    },
    setup,
  );

/** Loading the powerbi-client and the frame's report takes a moment. */
const LOAD = { timeout: 10_000 };
/** The report's toolbar, once the report is shown. */
const toolbar = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('toolbar', { name: 'Report tools' }, LOAD);
/** Settles once the report has loaded, its page's filters are read and its saved views are ready ('Saved views' is enabled then). */
const loaded = async (canvasElement: HTMLElement) => {
  const tools = await toolbar(canvasElement);
  await waitFor(() => expect(within(tools).getByRole('button', { name: 'Saved views' })).toBeEnabled(), LOAD);
  return tools;
};

/** Loaded: the sales fixture report, its pages and filters, with the saved-views toolbar. */
export const LoadedSales: Story = { parameters: emulated(SALES_REPORT) };

/** Loaded: the support tickets fixture report. */
export const LoadedTickets: Story = { parameters: emulated(TICKETS_REPORT) };

/** The configured report page is none of the report's pages: the 'Configuration Error' card. */
export const ConfigurationError: Story = {
  args: { reportPage: 'Forecast' },
  parameters: emulated(SALES_REPORT),
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('alert', { name: 'Configuration Error' }, LOAD);
    await expect(card).toHaveTextContent('Please contact administrator.');
    await expect(within(canvasElement).queryByRole('toolbar')).toBeNull();
  },
};

/** A pbiReport page whose page-name filter shows two of the sales report's three pages: page buttons move between those two only. */
export const PageNameFilter: Story = {
  args: { reportPage: ['Trend', 'Overview'] },
  parameters: emulated(SALES_REPORT),
  play: async ({ canvasElement }) => {
    const pages = await within(canvasElement).findByRole('group', { name: 'Report pages' }, LOAD);
    await expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Overview', 'Trend']);
    await waitFor(
      () => expect(within(pages).getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-pressed', 'true'),
      LOAD,
    );
    await userEvent.click(within(pages).getByRole('button', { name: 'Trend' }));
    await waitFor(
      () => expect(within(pages).getByRole('button', { name: 'Trend' })).toHaveAttribute('aria-pressed', 'true'),
      LOAD,
    );
  },
};

/** Loaded on a page with filters (the tickets report's open-tickets filter): 'Toggle Filter' shows and opens the filter pane. */
export const LoadedWithFilters: Story = {
  parameters: emulated(TICKETS_REPORT),
  play: async ({ canvasElement }) => {
    const toggle = await within(await toolbar(canvasElement)).findByRole('button', { name: 'Toggle Filter' }, LOAD);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'), LOAD);
  },
};

/** Loaded on a page without filters (the sales report's Overview): no 'Toggle Filter'. */
export const LoadedWithoutFilters: Story = {
  parameters: emulated(SALES_REPORT),
  play: async ({ canvasElement }) => {
    const tools = await loaded(canvasElement);
    await expect(within(tools).queryByRole('button', { name: 'Toggle Filter' })).toBeNull();
  },
};

/** On a phone (the client's layout is mobile): the report is embedded at its actual size, not fit to width. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1' } },
  parameters: emulated(SALES_REPORT, (client) => client.layout.setMobile(true)),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    const { models } = await loadPowerBi();
    const frame = within(canvasElement).getByRole('region', { name: `Report: ${SALES_REPORT.name}` });
    // powerbi-client's own record of the embed in that element (`powerbi.get`).
    const embedded = (
      globalThis as {
        powerbi?: {
          get(element: HTMLElement): { config: { settings?: { customLayout?: { displayOption?: number } } } };
        };
      }
    ).powerbi?.get(frame);
    await expect(embedded?.config.settings?.customLayout?.displayOption).toBe(models.DisplayOption.ActualSize);
  },
};

/** While the embed answer loads: a progress bar. */
export const Loading: Story = {
  parameters: withEmbed({ json: embedAnswer(), delayMs: 3_600_000 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading the report' })).toBeVisible();
  },
};

/** The tenant is not licensed: the 'Unlicensed feature' card with the default action. */
export const Unlicensed: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, { timeout: 5000 }),
    ).toHaveTextContent('Action: Please contact your partner.');
  },
};

/** Unlicensed, with the server's action message. */
export const UnlicensedWithAction: Story = {
  parameters: withEmbed({ json: unlicensedAnswer({ errorMessage: 'Ask Fabrikam to add the M365 module.' }) }),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, { timeout: 5000 }),
    ).toHaveTextContent('Action: Ask Fabrikam to add the M365 module.');
  },
};

/** The embed token failed: the marketing image linking to the sales e-mail. */
export const Marketing: Story = {
  parameters: withEmbed({ status: 502, json: { error: 'Bad Gateway', message: 'The report service did not answer.' } }),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('link', { name: /Contact sales@cloudportal\.example/ }, { timeout: 5000 }),
    ).toHaveAttribute('href', 'mailto:sales@cloudportal.example');
  },
};

/** The embed facility refused the report's URL: its message, readable, with Try again. */
export const EmbedRefused: Story = {
  parameters: withEmbed({ json: embedAnswer({ entityUrl: 'http://reports.example/embed' }) }),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('alert', { name: 'The report could not be shown.' }, { timeout: 5000 }),
    ).toHaveTextContent('Invalid embed URL detected.');
  },
};

/** Dark mode, unlicensed. */
export const Dark: Story = {
  parameters: { ...withEmbed({ json: unlicensedAnswer() }), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, { timeout: 5000 });
  },
};

/** Buttons as the report view puts in its toolbar, labelled from the catalogue. */
function ToolbarButtons({ filter = false }: { filter?: boolean }) {
  const t = useT();
  return (
    <>
      <button type="button">{t('report.views')}</button>
      <button type="button">{t('report.addView')}</button>
      {filter ? <button type="button">{t('report.toggleFilter')}</button> : null}
    </>
  );
}

/** The toolbar alone: its handle moves it by pointer or arrow keys (tooltip after 1500 ms). */
export const Toolbar: StoryObj<typeof ReportToolbar> = {
  render: () => (
    <div style={{ width: 640 }}>
      <ReportToolbar>
        <ToolbarButtons filter />
      </ReportToolbar>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Drag left/right to change position' }),
    ).toBeVisible();
  },
};

/** The toolbar alone, with the report's styles, in a 640 px wide report area (its boundary). */
function ToolbarInBoundary() {
  const ref = useStyles<HTMLDivElement>(css);
  return (
    <div ref={ref} className="cp-report" style={{ width: 640 }}>
      <ReportToolbar>
        <ToolbarButtons />
      </ReportToolbar>
    </div>
  );
}

/** The toolbar and its handle; jsdom lays nothing out, so there the boundary and the toolbar get their sizes. */
const handleOf = (canvasElement: HTMLElement) => {
  const bar = within(canvasElement).getByRole('toolbar', { name: 'Report tools' });
  if (bar.parentElement!.clientWidth === 0) {
    Object.defineProperty(bar.parentElement!, 'clientWidth', { configurable: true, value: 640 });
    Object.defineProperty(bar, 'offsetWidth', { configurable: true, value: 320 });
  }
  const handle = within(bar).getByRole('button', { name: 'Drag left/right to change position' });
  handle.focus();
  return { bar, handle };
};

/** The toolbar moved to the right end of its boundary (End on its handle). */
export const ToolbarAtRightEnd: StoryObj<typeof ReportToolbar> = {
  render: () => <ToolbarInBoundary />,
  play: async ({ canvasElement }) => {
    const { bar } = handleOf(canvasElement);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(Number(bar.dataset.offset)).toBeGreaterThan(0));
  },
};

/** The toolbar back at the left end (End, then Home on its handle). */
export const ToolbarAtLeftEnd: StoryObj<typeof ReportToolbar> = {
  render: () => <ToolbarInBoundary />,
  play: async ({ canvasElement }) => {
    const { bar } = handleOf(canvasElement);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(Number(bar.dataset.offset)).toBeGreaterThan(0));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(bar).toHaveAttribute('data-offset', '0'));
  },
};
