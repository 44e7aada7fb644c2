import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { emulatorFramesInJsdom } from '#react/report/testing/emulatorFrames';
import { fakeBookmarkService } from '#react/report/testing/fakeReports';
import type { PortalElement } from './internal/createElement';
import { defineReport, REPORT_TAG } from './report';
import { defineSavedViews, SAVED_VIEWS_TAG, type SavedViewsElementProps } from './saved-views';
import { forwardEvents, frameCannotLoad, salesEmbed, shadowOf, withEmbed } from './testing/stories';

defineReport();
defineSavedViews();

/** The report's events that tell what the saved views did, shown in Storybook's actions panel. */
const EVENTS = ['cp-report-loaded', 'cp-report-view-applied', 'cp-report-view-saved'] as const;

interface PartnerSavedViewsProps extends SavedViewsElementProps {
  /** Receives the report's cp-report-loaded, cp-report-view-applied and cp-report-view-saved events (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/**
 * `<cp-saved-views for="…">` as a partner pastes it: in the partner's own toolbar, bound by id to the
 * `<cp-report id="costs" saved-views="false">` below it; the elements are made in the page (not by React).
 */
function PartnerSavedViews({ for: target, onEvent }: PartnerSavedViewsProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const toolbar = document.createElement('section');
    toolbar.setAttribute('aria-label', 'Partner toolbar');
    const views = document.createElement(SAVED_VIEWS_TAG) as PortalElement;
    views.client = client;
    if (target !== undefined) views.setAttribute('for', target);
    toolbar.append(views);
    const report = document.createElement(REPORT_TAG) as PortalElement;
    report.client = client;
    report.id = 'costs';
    report.setAttribute('report-id', 'billing-overview');
    report.setAttribute('saved-views', 'false');
    report.setAttribute('height-reduction', '300');
    forwardEvents(report, EVENTS, onEvent);
    host.current!.append(toolbar, report);
    return () => {
      toolbar.remove();
      report.remove();
    };
  }, [client, target, onEvent]);
  return <div ref={host} />;
}

/** The views saved for the report's page, so the popup has something to show. */
const QUARTERS = [
  { name: 'Q1 costs', state: 'state:q1' },
  { name: 'Q2 costs', state: 'state:q2' },
  { name: 'Storage by region', state: 'state:storage' },
];

/**
 * `<cp-saved-views for="…">`: the 'Saved views' and 'Save the current view' buttons of a `<cp-report>`,
 * placed elsewhere on a partner's page (in its own toolbar, for example).
 */
const meta = {
  title: 'Elements/<cp-saved-views>',
  component: PartnerSavedViews,
  args: { for: 'costs', onEvent: fn() },
  argTypes: { for: { control: 'text' } },
  // The report is the Power BI embed emulator's sales fixture; the saved views answer from memory.
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...withEmbed(salesEmbed(), fakeBookmarkService(QUARTERS).route) },
  // In the stories test (jsdom) the emulator's frame script runs in the report's frame; in Storybook the frame loads it.
  beforeEach: () => emulatorFramesInJsdom(),
} satisfies Meta<typeof PartnerSavedViews>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loading the elements' views, powerbi-client and the frame's report takes a moment. */
const LOAD = { timeout: 10_000 };

/** 'Saved views' and 'Save the current view' in the partner's toolbar, enabled once the report beside them has loaded. */
export const BesideAReport: Story = {
  play: async ({ canvasElement, args }) => {
    const views = await shadowOf(canvasElement, SAVED_VIEWS_TAG, '[part~="saved-views"] button', LOAD.timeout);
    await expect(views.getByRole('button', { name: 'Saved views' })).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(views.getByRole('button', { name: 'Save the current view' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    // The report shows no toolbar of its own (`saved-views="false"`): the partner's toolbar has the buttons.
    const report = await shadowOf(canvasElement, REPORT_TAG, '.cp-report', LOAD.timeout);
    await expect(report.queryByRole('toolbar')).toBeNull();
    if (frameCannotLoad()) return;
    await waitFor(() => expect(args.onEvent).toHaveBeenCalledWith('cp-report-loaded', expect.anything()), LOAD);
    await waitFor(() => expect(views.getByRole('button', { name: 'Saved views' })).toBeEnabled(), LOAD);
    await userEvent.click(views.getByRole('button', { name: 'Saved views' }));
    const popup = await views.findByRole('dialog', { name: 'Saved views' }, LOAD);
    await expect(await within(popup).findByRole('button', { name: 'Q1 costs' }, LOAD)).toBeVisible();
  },
};

/** `for` names no report on the page (a typo, say): both buttons stay disabled, even once the report has loaded. */
export const ForNoReport: Story = {
  args: { for: 'no-such-report' },
  play: async ({ canvasElement, args }) => {
    const views = await shadowOf(canvasElement, SAVED_VIEWS_TAG, '[part~="saved-views"] button', LOAD.timeout);
    await shadowOf(canvasElement, REPORT_TAG, '.cp-report', LOAD.timeout);
    if (!frameCannotLoad())
      await waitFor(() => expect(args.onEvent).toHaveBeenCalledWith('cp-report-loaded', expect.anything()), LOAD);
    await expect(views.getByRole('button', { name: 'Saved views' })).toBeDisabled();
    await expect(views.getByRole('button', { name: 'Save the current view' })).toBeDisabled();
  },
};
