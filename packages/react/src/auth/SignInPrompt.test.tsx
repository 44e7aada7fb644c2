import type { PortalClient } from '@cloudportal/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { AssistantChat } from '../assistant/AssistantChat';
import { ReportView } from '../report/ReportView';
import { FeaturePage } from '../shell/FeaturePage';
import { fakeApi, fakeAppToken, isolatedTabs, signedInRoutes } from '../testing/fakeApi';
import { renderWithClient } from '../testing/renderWithClient';
import { SessionStart } from './SessionStart';

// Issue 38 §5: a React piece used without <RequireAuth> shows a signed-out visitor the sign-in
// prompt the cp-* elements show, never an endless skeleton.

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
  vi.useRealTimers();
});

function render(ui: ReactNode) {
  const fetch = fakeApi(
    signedInRoutes({ 'POST /api/auth/refresh-token': { status: 401, json: { message: 'No session' } } }),
  );
  const view = renderWithClient(ui, {
    fetch,
    storage: {},
    navigate: vi.fn(),
    crossTab: isolatedTabs,
    apiBase: 'https://portal.example',
  });
  clients.push(view.client);
  return { ...view, fetch };
}

describe('a signed-out visitor of a React piece (issue 38 §5)', () => {
  it.each([
    ['<AssistantChat mode="page">', <AssistantChat mode="page" />, 'Sign in to use the assistant'],
    ['<FeaturePage>', <FeaturePage name="azure-budgets" />, 'Sign in to see this page'],
    ['<ReportView>', <ReportView reportId="overview" />, 'Sign in to see this report'],
  ])(
    'given %s in <SessionStart> and no portal session, then the sign-in prompt links to the portal',
    async (_, piece, text) => {
      const { fetch } = render(<SessionStart>{piece}</SessionStart>);
      const link = await screen.findByRole('link', { name: text });
      expect(link).toHaveAttribute('href', 'https://portal.example/login');
      // Nothing but the session was asked for: no chat, page or report call for a visitor who cannot have one.
      expect(fetch.calls).toEqual(['POST /api/auth/refresh-token']);
      await expectNoAxeViolations();
    },
  );

  it('given the assistant dialog opened for a signed-out visitor, then it is titled and shows the prompt', async () => {
    const { client } = render(<AssistantChat mode="dialog" defaultOpen />);
    await act(async () => {
      await client.start();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Cloud Assistant' });
    expect(await screen.findByRole('link', { name: 'Sign in to use the assistant' })).toBeVisible();
    expect(dialog).toContainElement(screen.getByRole('link', { name: 'Sign in to use the assistant' }));
  });

  it('given the session was never started, then the piece waits (the host decides when) and asks for nothing', async () => {
    const { fetch } = render(<FeaturePage name="azure-budgets" />);
    await waitFor(() => expect(screen.queryByRole('link')).not.toBeInTheDocument());
    expect(fetch.calls.filter((c) => c.includes('refresh-token'))).toEqual([]);
  });
});

describe('a connected site’s visitor the portal refused (issue 38 §2)', () => {
  it('given the partner token is refused, then the piece says why, and Try again signs in once it is accepted', async () => {
    const message = "This website's connection to the portal is switched off.";
    const answers = [
      { status: 403, json: { error: 'Forbidden', message, code: 'site-disabled' } },
      { json: { access_token: fakeAppToken() } },
    ];
    const fetch = fakeApi(signedInRoutes({ 'POST /api/auth/partner/token': () => answers.shift()! }));
    const navigate = vi.fn();
    const { client } = renderWithClient(
      <SessionStart>
        <FeaturePage name="azure-budgets" />
      </SessionStart>,
      {
        fetch,
        storage: {},
        navigate,
        crossTab: isolatedTabs,
        apiBase: 'https://portal.example',
        tokenProvider: async () => 'partner-token',
      },
    );
    clients.push(client);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('link', { name: 'Sign in to see this page' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    expect(client.session.$session.get().status).toBe('authenticated');
    expect(fetch.calls.filter((c) => c === 'POST /api/auth/partner/token')).toHaveLength(2);
    expect(fetch.calls).not.toContain('POST /api/auth/refresh-token');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a piece a connected site may not show (issue 38 §3)', () => {
  it('given a site token without pages, then a page says so at once, reports it, and asks the server for nothing', async () => {
    const site = {
      id: 'site_1',
      origin: 'https://partner.example',
      pieces: { assistant: true, search: false, feedback: false, savedViews: false, pages: [], reports: [] },
    };
    const fetch = fakeApi(
      signedInRoutes({ 'POST /api/auth/partner/token': () => ({ json: { access_token: fakeAppToken({ site }) } }) }),
    );
    const onError = vi.fn();
    const { client } = renderWithClient(
      <SessionStart>
        <FeaturePage name="subscriptions" onError={onError} />
      </SessionStart>,
      {
        fetch,
        storage: {},
        navigate: vi.fn(),
        crossTab: isolatedTabs,
        apiBase: 'https://portal.example',
        tokenProvider: async () => 'partner-token',
      },
    );
    clients.push(client);
    expect(await screen.findByRole('alert')).toHaveTextContent('This website may not show this part of the portal.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // Reported by the page's effect once the alert is committed: on a busy machine a moment after it shows.
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith({
        name: 'subscriptions',
        tab: null,
        reason: 'not-allowed',
        code: 'piece-not-allowed',
        message: 'This website may not show this part of the portal.',
      }),
    );
    expect(fetch.calls.filter((c) => c.includes('/api/data/') || c.includes('/menu/page/'))).toEqual([]);
    await expectNoAxeViolations();
  });
});
