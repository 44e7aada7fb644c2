// @vitest-environment node
import { createPortalClient, type PortalClient } from '@cloudportal/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { AssistantChat, AssistantLauncher } from './assistant';
import { EulaDialog, IdleWarningDialog, RequireAuth, SessionStart, SignInPage, SignedIn, TenantPicker } from './auth';
import { ConfirmHost } from './dialogs';
import { FeedbackDialog } from './feedback';
import { PortalProvider } from './provider';
import { ReportView, SavedViews } from './report';
import { SearchDialog } from './search';
import { DynamicPage, FeaturePage, NavBar, PortalShell, SettingsDrawer, SideNav } from './shell';
import { Toaster } from './toasts';

// Issue 38 §5: a React server render (Next.js's App Router, any SSR framework) of every piece inside
// the provider, in Node with no DOM: nothing throws at import or render, and each piece answers markup
// the browser then hydrates.

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

/** A client as a server has it: no browser storage, no fetch answered (a server render asks for nothing). */
function serverClient(): PortalClient {
  const client = createPortalClient({
    apiBase: 'https://portal.example',
    storage: {},
    fetch: () => Promise.reject(new Error('a server render must not fetch')),
    navigate: () => {},
  });
  clients.push(client);
  return client;
}

const PIECES: [string, ReactElement][] = [
  ['AssistantChat (page)', <AssistantChat mode="page" />],
  ['AssistantChat (dialog, floating launcher)', <AssistantChat mode="dialog" launcher="floating" />],
  ['AssistantLauncher', <AssistantLauncher variant="floating" onClick={() => {}} />],
  [
    'PortalShell with a DynamicPage',
    <PortalShell location={{ pathname: '/billing/overview', search: '' }} onNavigate={() => {}}>
      <DynamicPage />
    </PortalShell>,
  ],
  ['SideNav', <SideNav />],
  ['NavBar', <NavBar />],
  ['SettingsDrawer', <SettingsDrawer />],
  ['FeaturePage', <FeaturePage name="azure-budgets" />],
  ['ReportView', <ReportView reportId="overview" />],
  ['SavedViews', <SavedViews store={null} />],
  ['SearchDialog', <SearchDialog open onClose={() => {}} onChoose={() => {}} />],
  ['FeedbackDialog', <FeedbackDialog open onClose={() => {}} menuUuid="m-1" pageDisplayName="Billing Overview" />],
  ['SignInPage', <SignInPage providers={[]} />],
  ['TenantPicker', <TenantPicker />],
  [
    'EulaDialog and IdleWarningDialog',
    <>
      <EulaDialog />
      <IdleWarningDialog />
    </>,
  ],
  ['RequireAuth', <RequireAuth>guarded</RequireAuth>],
  ['SessionStart', <SessionStart>started</SessionStart>],
  ['SignedIn', <SignedIn text="Sign in">content</SignedIn>],
  [
    'ConfirmHost and Toaster',
    <>
      <ConfirmHost />
      <Toaster />
    </>,
  ],
];

describe('a React server render of every piece (issue 38 §5)', () => {
  it('runs in Node with no DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
  });

  it.each(PIECES)('%s renders to a string inside the provider', (_, piece) => {
    const html = renderToString(<PortalProvider client={serverClient()}>{piece}</PortalProvider>);
    expect(typeof html).toBe('string');
  });
});
