import type { PortalClient } from '@cloudportal/core';
import { expect, waitFor, within } from 'storybook/test';
// The emulator's browser-safe parts (its entry point also holds Node-side helpers).
import { SALES_REPORT } from '#testing/fixtures';
import { fakeAccessToken } from '#testing/state';
import { embedAnswer, embedRoute, fakeReportsApi } from '#react/report/testing/fakeReports';
import { isolatedTabs, type FakeAnswer } from '#react/testing/fakeApi';

/** Queries in the shadow root of the story's element `tag`, once its view (loaded on connection) shows `selector`. */
export async function shadowOf(canvasElement: HTMLElement, tag: string, selector: string, timeout = 4000) {
  const element = canvasElement.querySelector(tag);
  await waitFor(() => expect(element?.shadowRoot?.querySelector(selector)).toBeTruthy(), { timeout });
  return within(element!.shadowRoot as unknown as HTMLElement);
}

/** Forwards each of `element`'s events `names` to `onEvent` (the story's actions panel) with the event's `detail`. */
export function forwardEvents(
  element: HTMLElement,
  names: readonly string[],
  onEvent?: (name: string, detail: unknown) => void,
): void {
  for (const name of names) element.addEventListener(name, (event) => onEvent?.(name, (event as CustomEvent).detail));
}

/**
 * The story's client of a `<cp-report report-id="billing-overview">`: signed in, its embed call
 * answered with `answer`, and any other `routes` (e.g. the saved views' GraphQL).
 */
export const withEmbed = (answer: FakeAnswer, routes: Record<string, FakeAnswer> = {}) => ({
  portal: {
    config: { fetch: fakeReportsApi({ [embedRoute('billing-overview')]: answer, ...routes }), crossTab: isolatedTabs },
    setup: (client: PortalClient) => void client.start(),
  },
});

/** The embed answer of the Power BI embed emulator's sales fixture report (Storybook serves it at /powerbi-emulator/). */
export const salesEmbed = (): FakeAnswer => ({
  json: embedAnswer({
    id: SALES_REPORT.id,
    name: SALES_REPORT.name,
    reportPage: SALES_REPORT.pages[0]!.displayName,
    token: fakeAccessToken(),
    entityId: SALES_REPORT.id,
    entityUrl: `/powerbi-emulator/report-embed.html?reportId=${SALES_REPORT.id}`,
  }),
});

/**
 * jsdom gives an iframe inside a shadow root no window, so there the report's frame cannot load: the
 * stories test checks that the elements' views are in place, and Storybook (and the partner-page e2e
 * in Chromium) play against the loaded report.
 */
export const frameCannotLoad = () => typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
