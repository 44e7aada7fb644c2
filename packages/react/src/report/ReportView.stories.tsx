import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { isolatedTabs } from '../test/fakeApi';
// The emulator's browser-safe parts (its entry point also holds Node-side helpers).
import { SALES_REPORT, TICKETS_REPORT } from '../../../testing/src/fixtures';
import { fakeAccessToken } from '../../../testing/src/state';
import { ReportToolbar } from './ReportToolbar';
import { ReportView } from './ReportView';
import { embedAnswer, embedRoute, fakeReportsApi, unlicensedAnswer } from './testing/fakeReports';
import type { FakeAnswer } from '../test/fakeApi';

const withEmbed = (answer: FakeAnswer) => ({
  portal: { config: { fetch: fakeReportsApi({ [embedRoute('billing-overview')]: answer }), crossTab: isolatedTabs }, setup: (client: { start(): Promise<void> }) => void client.start() },
});

const meta = {
  title: 'Report/Report view',
  component: ReportView,
  args: { reportId: 'billing-overview', heightReduction: 300 },
  parameters: withEmbed({ json: unlicensedAnswer() }),
} satisfies Meta<typeof ReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A fixture report of the Power BI embed emulator (`@cloudportal/testing`), which Storybook serves at
 * /powerbi-emulator/ once the packages are built: the real powerbi-client embeds it with no network.
 */
const emulated = (report: typeof SALES_REPORT) =>
  withEmbed({
    json: embedAnswer({ id: report.id, name: report.name, reportPage: report.pages[0]!.displayName, token: fakeAccessToken(), entityId: report.id, entityUrl: `/powerbi-emulator/report-embed.html?reportId=${report.id}` }),
  });

/** Loaded: the sales fixture report, its pages and filters, with the saved-views toolbar. */
export const LoadedSales: Story = { parameters: emulated(SALES_REPORT) };

/** Loaded: the support tickets fixture report. */
export const LoadedTickets: Story = { parameters: emulated(TICKETS_REPORT) };

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
    await expect(await within(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, { timeout: 5000 })).toHaveTextContent('Action: Please contact your partner.');
  },
};

/** Unlicensed, with the server's action message. */
export const UnlicensedWithAction: Story = {
  parameters: withEmbed({ json: unlicensedAnswer({ errorMessage: 'Ask Fabrikam to add the M365 module.' }) }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, { timeout: 5000 })).toHaveTextContent('Action: Ask Fabrikam to add the M365 module.');
  },
};

/** The embed token failed: the marketing image linking to the sales e-mail. */
export const Marketing: Story = {
  parameters: withEmbed({ status: 502, json: { error: 'Bad Gateway', message: 'The report service did not answer.' } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: /Contact sales@cloudportal\.example/ }, { timeout: 5000 })).toHaveAttribute('href', 'mailto:sales@cloudportal.example');
  },
};

/** The embed facility refused the report's URL: its message, readable, with Try again. */
export const EmbedRefused: Story = {
  parameters: withEmbed({ json: embedAnswer({ entityUrl: 'http://reports.example/embed' }) }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', { name: 'The report could not be shown.' }, { timeout: 5000 })).toHaveTextContent('Invalid embed URL detected.');
  },
};

/** Dark mode, unlicensed. */
export const Dark: Story = {
  parameters: { ...withEmbed({ json: unlicensedAnswer() }), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, { timeout: 5000 });
  },
};

/** The toolbar alone: its handle moves it by pointer or arrow keys (tooltip after 1500 ms). */
export const Toolbar: StoryObj<typeof ReportToolbar> = {
  render: () => (
    <div style={{ width: 640 }}>
      <ReportToolbar>
        <button type="button">Saved views</button>
        <button type="button">Save the current view</button>
        <button type="button">Toggle Filter</button>
      </ReportToolbar>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Drag left/right to change position' })).toBeVisible();
  },
};
