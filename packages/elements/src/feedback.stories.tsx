import type { MenuNode, PortalClient } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeApi, isolatedTabs, signedInRoutes } from '#react/testing/fakeApi';
import { defineFeedback, FEEDBACK_TAG, type FeedbackElementProps } from './feedback';
import type { PortalElement } from './internal/createElement';
import { forwardEvents, shadowOf } from './testing/stories';

defineFeedback();

const PORTAL = '/services/api-portal-customer';
/** The visitor's menu: the page the partner's button is about. */
const node = (uuid: string, name: string, displayName: string, children: MenuNode[] = []): MenuNode => ({
  uuid,
  name,
  displayName,
  description: '',
  icon: '',
  url: children.length ? null : name,
  tabName: null,
  features: [],
  personas: [],
  tags: [],
  preview: false,
  assistanceSrc: null,
  children,
});
const MENU: MenuNode[] = [node('m-azure', 'azure', 'Azure', [node('m-budgets', 'azure-budgets', 'Budgets')])];

/** The events of `<cp-feedback>`, shown in the partner's status line and Storybook's actions panel. */
const EVENTS = ['cp-feedback-opened', 'cp-feedback-submitted'] as const;

interface PartnerFeedbackProps extends Pick<FeedbackElementProps, 'page' | 'tabName' | 'theme'> {
  /** Receives each cp-feedback-* event (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/** `<cp-feedback page="azure-budgets">` as a partner pastes it, its events shown in the partner's status line. */
function PartnerFeedback({ page = 'azure-budgets', tabName, theme, onEvent }: PartnerFeedbackProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = document.createElement(FEEDBACK_TAG) as PortalElement;
    element.client = client;
    element.setAttribute('page', page);
    if (tabName) element.setAttribute('tab-name', tabName);
    if (theme) element.setAttribute('theme', theme);
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    for (const name of EVENTS) element.addEventListener(name, () => (status.textContent = name));
    forwardEvents(element, EVENTS, onEvent);
    host.current!.append(element, status);
    return () => {
      element.remove();
      status.remove();
    };
  }, [client, page, tabName, theme, onEvent]);
  return <div ref={host} />;
}

const partner = (signedIn = true) => ({
  portal: {
    config: {
      fetch: fakeApi(
        signedInRoutes({
          [`GET ${PORTAL}/api/portal/menu`]: { json: MENU },
          [`POST ${PORTAL}/api/portal/menu/feedback`]: {
            status: 201,
            json: {
              id: 'f1',
              menuUuid: 'm-budgets',
              tabName: null,
              rating: 0,
              type: 'Feedback',
              comment: 'x',
              userId: 'user-1',
              created: new Date(0).toISOString(),
            },
          },
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
 * `<cp-feedback>`: a Feedback button for a partner's page that opens the portal's feedback dialog
 * about a portal page (a star rating, the kind of feedback and a comment). A visitor without a
 * portal session sees a sign-in link.
 */
const meta = {
  title: 'Elements/<cp-feedback>',
  component: PartnerFeedback,
  args: { page: 'azure-budgets', onEvent: fn() },
  argTypes: {
    page: { control: 'text' },
    tabName: { control: 'text' },
    theme: { control: 'inline-radio', options: ['light', 'dark', 'auto', 'portal'] },
  },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...partner() },
} satisfies Meta<typeof PartnerFeedback>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 4000 };

/** The Feedback button opens 'Feedback: Budgets'; the partner hears `cp-feedback-opened`. */
export const Button: Story = {
  play: async ({ canvasElement, args }) => {
    const feedback = await shadowOf(canvasElement, FEEDBACK_TAG, 'button', LOAD.timeout);
    const button = feedback.getByRole('button', { name: 'Feedback' });
    await waitFor(() => expect(button).toBeEnabled(), LOAD);
    await userEvent.click(button);
    await expect(await feedback.findByRole('dialog', { name: 'Feedback: Budgets' }, LOAD)).toBeVisible();
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('cp-feedback-opened');
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith(
          'cp-feedback-opened',
          expect.objectContaining({ page: 'azure-budgets' }),
        ),
      LOAD,
    );
  },
};

/** A page that is not in the visitor's menu: the button stays disabled and says why. */
export const UnknownPage: Story = {
  args: { page: 'no-such-page' },
  play: async ({ canvasElement }) => {
    const feedback = await shadowOf(canvasElement, FEEDBACK_TAG, 'button', LOAD.timeout);
    await waitFor(
      () =>
        expect(feedback.getByRole('button', { name: 'Feedback' })).toHaveAttribute(
          'title',
          "The page 'no-such-page' is not in your portal menu.",
        ),
      LOAD,
    );
    await expect(feedback.getByRole('button', { name: 'Feedback' })).toBeDisabled();
  },
};

/** A visitor without a portal session: a sign-in link. */
export const SignedOut: Story = {
  parameters: partner(false),
  play: async ({ canvasElement }) => {
    const feedback = await shadowOf(canvasElement, FEEDBACK_TAG, 'a', LOAD.timeout);
    await expect(feedback.getByRole('link', { name: 'Sign in to send feedback' })).toBeVisible();
  },
};

/**
 * The visitor switched the portal to dark mode, but this partner's page is light: without a `theme`
 * the button stays light (the portal's stored preference does not follow the visitor here).
 */
export const PortalDarkOnALightPage: Story = {
  parameters: { ...partner(), theme: 'dark' },
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector(FEEDBACK_TAG)!;
    await shadowOf(canvasElement, FEEDBACK_TAG, 'button', LOAD.timeout);
    await expect(host).not.toHaveAttribute('data-cp-theme');
  },
};

/** `theme="dark"`: the partner's own dark page. */
export const ThemeDark: Story = {
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector(FEEDBACK_TAG)!;
    await shadowOf(canvasElement, FEEDBACK_TAG, 'button', LOAD.timeout);
    await waitFor(() => expect(host).toHaveAttribute('data-cp-theme', 'dark'), LOAD);
  },
};
