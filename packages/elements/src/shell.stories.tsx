import type { PortalClient } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakePortal, type FakePortalOptions } from '#react/shell/testing/fakePortal';
import { StoryViewport } from '#react/shell/testing/storyPortal';
import { isolatedTabs } from '#react/testing/fakeApi';
import type { PortalElement } from './internal/createElement';
import { defineShell, SHELL_TAG, type ShellElementProps } from './shell';
import { forwardEvents } from './testing/stories';

defineShell();

/** The events of `<cp-shell>`, shown in Storybook's actions panel. */
const EVENTS = ['cp-shell-navigate'] as const;

interface PartnerPageProps extends Pick<ShellElementProps, 'docked' | 'pinned'> {
  /** Receives each cp-shell-* event (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/**
 * `<cp-shell>` as a partner pastes it: the element made in the page (not by React), the partner's
 * content as its children, `docked` / `pinned` as attributes. It uses the story's client, whose
 * portal service is at the network edge; followed links are cancelled and shown in the content.
 */
function PartnerPage({ docked, pinned, onEvent }: PartnerPageProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = document.createElement(SHELL_TAG) as PortalElement;
    element.client = client;
    if (docked) element.setAttribute('docked', '');
    if (pinned) element.setAttribute('pinned', '');
    const article = document.createElement('article');
    article.innerHTML =
      '<h1>Fabrikam managed services</h1><p>This page is the partner’s own; the navigation around it is the tenant’s Cloud Portal.</p><p role="status">No portal page chosen yet.</p>';
    element.append(article);
    element.addEventListener('cp-shell-navigate', (event) => {
      event.preventDefault();
      article.querySelector('[role="status"]')!.textContent =
        `Stayed here; chose ${(event as CustomEvent<{ path: string }>).detail.path}`;
    });
    forwardEvents(element, EVENTS, onEvent);
    host.current!.append(element);
    return () => element.remove();
  }, [client, docked, pinned, onEvent]);
  return (
    <StoryViewport>
      <div ref={host} style={{ display: 'contents' }} />
    </StoryViewport>
  );
}

/** The story's client: a signed-in Contoso admin (or nobody) at the network edge; `<cp-shell>` resumes the session itself. */
const partner = (options: FakePortalOptions & { signedIn?: boolean } = {}) => {
  const { signedIn = true, ...portal } = options;
  const fetch = fakePortal(
    signedIn
      ? portal
      : {
          ...portal,
          over: {
            'POST /api/auth/refresh-token': { status: 401, json: { error: 'Unauthorized', message: 'No session' } },
          },
        },
  );
  return { portal: { config: { fetch, crossTab: isolatedTabs, navigate: () => {} } } };
};

/**
 * `<cp-shell>`: a partner's own pages framed by the tenant's portal navigation: side navigation,
 * navbar, settings drawer and guidance around the element's content.
 */
const meta = {
  title: 'Elements/<cp-shell>',
  component: PartnerPage,
  args: { pinned: true, onEvent: fn() },
  argTypes: { docked: { control: 'boolean' }, pinned: { control: 'boolean' } },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...partner() },
} satisfies Meta<typeof PartnerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const shadow = async (canvasElement: HTMLElement) => {
  const element = canvasElement.querySelector(SHELL_TAG) as (HTMLElement & { client: PortalClient }) | null;
  await waitFor(() => expect(element?.shadowRoot?.querySelector('nav')).toBeTruthy(), { timeout: 5000 });
  return within(element!.shadowRoot as unknown as HTMLElement);
};

/** A signed-in visitor: the portal's navigation around the partner's content; a followed link is the partner's to handle. */
export const AroundPartnerContent: Story = {
  play: async ({ canvasElement, args }) => {
    const shell = await shadow(canvasElement);
    const nav = await shell.findByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 });
    await expect(within(canvasElement).getByRole('heading', { name: 'Fabrikam managed services' })).toBeVisible();
    await userEvent.click(await within(nav).findByRole('link', { name: 'Security' }, { timeout: 5000 }));
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Stayed here; chose /billing/security');
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith(
          'cp-shell-navigate',
          expect.objectContaining({ path: '/billing/security' }),
        ),
      { timeout: 5000 },
    );
  },
};

/** `docked`: the narrow rail that widens on hover and focus. */
export const Docked: Story = {
  args: { docked: true, pinned: false },
  play: async ({ canvasElement }) => {
    const shell = await shadow(canvasElement);
    await waitFor(
      () => expect(shell.getByRole('navigation', { name: 'Main navigation' })).toHaveAttribute('data-mode', 'docked'),
      { timeout: 5000 },
    );
  },
};

/** A visitor without a portal session: a sign-in link, and the partner's content as it is. */
export const SignedOut: Story = {
  parameters: partner({ signedIn: false }),
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector(SHELL_TAG)!;
    await waitFor(
      () => expect(element.shadowRoot?.querySelector('a')).toHaveTextContent('Sign in to see your portal'),
      { timeout: 5000 },
    );
    await expect(within(canvasElement).getByRole('heading', { name: 'Fabrikam managed services' })).toBeVisible();
  },
};
