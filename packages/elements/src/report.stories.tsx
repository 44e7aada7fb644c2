import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { emulatorFramesInJsdom } from '#react/report/testing/emulatorFrames';
import { unlicensedAnswer } from '#react/report/testing/fakeReports';
import type { PortalElement } from './internal/createElement';
import { forwardEvents, frameCannotLoad, salesEmbed, shadowOf, withEmbed } from './testing/stories';
import { defineReport, REPORT_TAG, type ReportElementProps } from './report';
import { defineSavedViews, SAVED_VIEWS_TAG } from './saved-views';

defineReport();
defineSavedViews();

/** The `cp-report-*` events a partner's page hears, in the order they came (and Storybook's actions panel). */
const EVENTS = [
  'cp-report-loaded',
  'cp-report-page-changed',
  'cp-report-error',
  'cp-report-view-applied',
  'cp-report-view-saved',
  'cp-report-token-refreshed',
] as const;

interface PartnerReportProps extends Pick<ReportElementProps, 'reportId' | 'savedViews' | 'heightReduction'> {
  /** Place a `<cp-saved-views for>` in the partner's own section (with `saved-views="false"` on the report). */
  viewsElsewhere?: boolean;
  /** Receives each cp-report-* event (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/**
 * `<cp-report>` as a partner pastes it: the elements made in the page (not by React), attributes
 * as a partner writes them, and the partner's status line fed by the `cp-report-*` events. The
 * story's client answers the embed call; the report is the Power BI embed emulator's sales fixture.
 */
function PartnerReport({ reportId, savedViews, heightReduction, viewsElsewhere, onEvent }: PartnerReportProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const section = document.createElement('section');
    section.setAttribute('aria-label', 'Partner section');
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.textContent = 'Waiting for the report.';
    const report = document.createElement(REPORT_TAG) as PortalElement;
    report.client = client;
    report.id = 'costs';
    if (reportId) report.setAttribute('report-id', reportId);
    if (heightReduction !== undefined) report.setAttribute('height-reduction', String(heightReduction));
    if (savedViews === false || viewsElsewhere) report.setAttribute('saved-views', 'false');
    const listeners = EVENTS.map((name) => {
      const listener = (event: Event) => {
        status.textContent = `${name} ${JSON.stringify((event as CustomEvent).detail)}`;
      };
      report.addEventListener(name, listener);
      return () => report.removeEventListener(name, listener);
    });
    forwardEvents(report, EVENTS, onEvent);
    if (viewsElsewhere) {
      const views = document.createElement(SAVED_VIEWS_TAG) as PortalElement;
      views.client = client;
      views.setAttribute('for', 'costs');
      section.append(views);
    }
    section.append(status);
    host.current!.append(section, report);
    return () => {
      for (const stop of listeners) stop();
      section.remove();
      report.remove();
    };
  }, [client, reportId, savedViews, heightReduction, viewsElsewhere, onEvent]);
  return <div ref={host} />;
}

/** The sales fixture report of the Power BI embed emulator (Storybook serves it at /powerbi-emulator/). */
const sales = withEmbed(salesEmbed());

/**
 * `<cp-report>`: an embedded Power BI report of the portal on a partner's page, with its draggable
 * toolbar, the saved views and the filter pane. A visitor without a portal session sees a sign-in
 * link.
 */
const meta = {
  title: 'Elements/<cp-report>',
  component: PartnerReport,
  args: { reportId: 'billing-overview', heightReduction: 300, onEvent: fn() },
  argTypes: {
    reportId: { control: 'text' },
    savedViews: { control: 'boolean' },
    viewsElsewhere: { control: 'boolean' },
    heightReduction: { control: 'number' },
  },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...sales },
  // In the stories test (jsdom) the emulator's frame script runs in the report's frame; in Storybook the frame loads it.
  beforeEach: () => emulatorFramesInJsdom(),
} satisfies Meta<typeof PartnerReport>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loading the element's view, powerbi-client and the frame's report takes a moment. */
const LOAD = { timeout: 10_000 };

/** Loaded, with its own saved-views toolbar; the partner's status line shows `cp-report-loaded`. */
export const Loaded: Story = {
  play: async ({ canvasElement, args }) => {
    if (frameCannotLoad()) return void (await shadowOf(canvasElement, REPORT_TAG, '.cp-report', LOAD.timeout));
    const report = await shadowOf(canvasElement, REPORT_TAG, '[role="toolbar"]', LOAD.timeout);
    await waitFor(() => expect(report.getByRole('button', { name: 'Saved views' })).toBeEnabled(), LOAD);
    await waitFor(
      () =>
        expect(within(canvasElement).getByRole('status')).toHaveTextContent(
          /^cp-report-loaded .*"name":"Sales \(fixture\)"/,
        ),
      LOAD,
    );
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith(
          'cp-report-loaded',
          expect.objectContaining({ name: 'Sales (fixture)' }),
        ),
      LOAD,
    );
  },
};

/** `saved-views="false"` and a `<cp-saved-views for="costs">` in the partner's own section. */
export const SavedViewsElsewhere: Story = {
  args: { viewsElsewhere: true },
  play: async ({ canvasElement }) => {
    if (frameCannotLoad()) return void (await shadowOf(canvasElement, SAVED_VIEWS_TAG, 'button', LOAD.timeout));
    const views = await shadowOf(canvasElement, SAVED_VIEWS_TAG, 'button', LOAD.timeout);
    await waitFor(() => expect(views.getByRole('button', { name: 'Saved views' })).toBeEnabled(), LOAD);
    const report = canvasElement.querySelector(REPORT_TAG)!.shadowRoot!;
    await expect(report.querySelector('[role="toolbar"]')).toBeNull();
    await userEvent.click(views.getByRole('button', { name: 'Saved views' }));
    await expect(await views.findByRole('dialog', { name: 'Saved views' }, LOAD)).toBeVisible();
  },
};

/** The tenant lacks the report's licence: the 'Unlicensed feature' card, and `cp-report-error` for the partner. */
export const Unlicensed: Story = {
  parameters: withEmbed({ json: unlicensedAnswer() }),
  play: async ({ canvasElement, args }) => {
    const report = await shadowOf(canvasElement, REPORT_TAG, '.cp-report-card', LOAD.timeout);
    await expect(report.getByRole('heading', { name: 'Unlicensed feature' })).toBeVisible();
    await waitFor(
      () =>
        expect(within(canvasElement).getByRole('status')).toHaveTextContent(/^cp-report-error .*"status":"unlicensed"/),
      LOAD,
    );
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith('cp-report-error', expect.objectContaining({ status: 'unlicensed' })),
      LOAD,
    );
  },
};
