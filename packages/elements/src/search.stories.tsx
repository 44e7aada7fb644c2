import type { PortalClient, SearchResult } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fakeApi, isolatedTabs, signedInRoutes } from '#react/testing/fakeApi';
import type { PortalElement } from './internal/createElement';
import { forwardEvents, shadowOf } from './testing/stories';
import { defineSearch, SEARCH_TAG, type SearchElementProps } from './search';

defineSearch();

const INDEX = 'GET /services/api-portal-customer/api/portal/menu/index';
const RESULTS: SearchResult[] = [
  {
    name: 'azure-budgets',
    tabName: null,
    path: 'Azure / Cost Management / Budgets',
    displayName: 'Budgets',
    description: 'Azure budgets and their burn rate.',
    tags: ['budget'],
  },
  {
    name: 'alerts',
    tabName: 'Alert Definitions',
    path: 'Security / Alerts / Alert Definitions',
    displayName: 'Alert Definitions',
    description: 'When an alert is raised, and for whom.',
    tags: [],
  },
];

/** The events of `<cp-search>`, shown in Storybook's actions panel. */
const EVENTS = ['cp-search-result-chosen'] as const;

interface PartnerSearchProps extends Pick<SearchElementProps, 'contentPrefix' | 'hotkey'> {
  /** Receives each cp-search-* event (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/**
 * `<cp-search>` as a partner pastes it: the element made in the page, the partner's status line fed
 * by `cp-search-result-chosen` (cancelled here, so the story stays where it is).
 */
function PartnerSearch({ contentPrefix, hotkey, onEvent }: PartnerSearchProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = document.createElement(SEARCH_TAG) as PortalElement;
    element.client = client;
    if (contentPrefix) element.setAttribute('content-prefix', contentPrefix);
    if (hotkey !== undefined) element.setAttribute('hotkey', String(hotkey));
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.textContent = 'Nothing chosen yet.';
    element.addEventListener('cp-search-result-chosen', (event) => {
      event.preventDefault();
      status.textContent = `Chose ${(event as CustomEvent<{ path: string }>).detail.path}`;
    });
    forwardEvents(element, EVENTS, onEvent);
    host.current!.append(element, status);
    return () => {
      element.remove();
      status.remove();
    };
  }, [client, contentPrefix, hotkey, onEvent]);
  return <div ref={host} />;
}

/** The story's client: signed in (or not), its search answering the two results above. */
const partner = (signedIn = true) => ({
  portal: {
    config: {
      fetch: fakeApi(
        signedInRoutes({
          [INDEX]: { json: RESULTS },
          ...(signedIn
            ? {}
            : {
                'POST /api/auth/refresh-token': { status: 401, json: { error: 'Unauthorized', message: 'No session' } },
              }),
        }),
      ),
      crossTab: isolatedTabs,
    },
    setup: (client: PortalClient) => void client.start(),
  },
});

/**
 * `<cp-search>`: the portal's search on a partner's page: a search box that opens the search dialog
 * over the visitor's portal pages (also with Meta+K or Ctrl+K). A visitor without a portal session
 * sees a sign-in link.
 */
const meta = {
  title: 'Elements/<cp-search>',
  component: PartnerSearch,
  args: { onEvent: fn() },
  argTypes: { contentPrefix: { control: 'text' }, hotkey: { control: 'boolean' } },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...partner() },
} satisfies Meta<typeof PartnerSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 4000 };

/** The search box opens the portal's search dialog; a chosen result is the partner's to handle (`preventDefault()`). */
export const SearchBox: Story = {
  play: async ({ canvasElement }) => {
    const search = await shadowOf(canvasElement, SEARCH_TAG, 'button', LOAD.timeout);
    await userEvent.click(search.getByRole('button', { name: 'Search the portal' }));
    const dialog = await search.findByRole('dialog', { name: 'Search' }, LOAD);
    // In the stories test (jsdom) typing into a field inside a shadow root does not reach React's
    // handlers, so the results, choosing one and cp-search-result-chosen are played by the partner-page
    // e2e in Chromium (tests/e2e/search.spec.ts); here the dialog opens with its box.
    await expect(within(dialog).getByRole('combobox', { name: 'What would you like to find?' })).toBeVisible();
  },
};

/** A visitor without a portal session: a sign-in link instead of the box. */
export const SignedOut: Story = {
  parameters: partner(false),
  play: async ({ canvasElement }) => {
    const search = await shadowOf(canvasElement, SEARCH_TAG, 'a', LOAD.timeout);
    await expect(search.getByRole('link', { name: 'Sign in to search the portal' })).toBeVisible();
  },
};

/** `hotkey="false"`: the page keeps Meta+K / Ctrl+K, so the box neither shows nor announces the shortcut. */
export const WithoutHotkey: Story = {
  args: { hotkey: false },
  play: async ({ canvasElement }) => {
    const search = await shadowOf(canvasElement, SEARCH_TAG, 'button', LOAD.timeout);
    const box = search.getByRole('button', { name: 'Search the portal' });
    await expect(box).not.toHaveAttribute('aria-keyshortcuts');
    await expect(box.querySelector('kbd')).toBeNull();
  },
};
