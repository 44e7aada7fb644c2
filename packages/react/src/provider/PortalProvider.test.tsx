import { createPortalClient, type PortalClient } from '@cloudportal/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { PortalProvider, useLocale, useT } from './PortalProvider';

const clients: PortalClient[] = [];
function client(config: Parameters<typeof createPortalClient>[0] = {}): PortalClient {
  const made = createPortalClient({ storage: {}, ...config });
  clients.push(made);
  return made;
}
afterEach(() => {
  for (const made of clients.splice(0)) made.dispose();
});

/** A component with its own state, so a remount (a reload of the piece) would show as a reset count. */
function Greeting() {
  const t = useT();
  const locale = useLocale();
  const [clicks, setClicks] = useState(0);
  return (
    <section aria-label="greeting" data-locale={locale}>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {t('common.cancel')} {clicks}
      </button>
    </section>
  );
}

describe('PortalProvider locale (issue 24 §2)', () => {
  it("given a component using useT, when the provider's locale becomes 'de', then it re-renders in German without remounting", async () => {
    const user = userEvent.setup();
    const portal = client();
    const { rerender } = render(
      <PortalProvider client={portal}>
        <Greeting />
      </PortalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel 0' }));
    expect(screen.getByRole('button', { name: 'Cancel 1' })).toBeVisible();

    rerender(
      <PortalProvider client={portal} locale="de">
        <Greeting />
      </PortalProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Abbrechen 1' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'greeting' })).toHaveAttribute('data-locale', 'de');
    expect(document.documentElement).toHaveAttribute('lang', 'de');

    rerender(
      <PortalProvider client={portal}>
        <Greeting />
      </PortalProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Cancel 1' })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });

  it('given a client created with a locale, when a provider without one renders it, then that locale stays', async () => {
    const portal = client({ locale: 'de' });
    render(
      <PortalProvider client={portal}>
        <Greeting />
      </PortalProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Abbrechen 0' })).toBeVisible();
  });

  it("given the client's locale changes elsewhere (the user's choice), then components using useT follow it", async () => {
    const portal = client();
    render(
      <PortalProvider client={portal}>
        <Greeting />
      </PortalProvider>,
    );
    await act(() => portal.setLocale('de'));
    expect(screen.getByRole('button', { name: 'Abbrechen 0' })).toBeVisible();
    await act(() => portal.setLocale(null));
    expect(screen.getByRole('button', { name: 'Cancel 0' })).toBeVisible();
  });

  it("given an element theme target (a web component's host), then the host's lang attribute is left to the partner", async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const portal = client({ locale: 'de' });
    render(
      <PortalProvider client={portal} themeTarget={host}>
        <Greeting />
      </PortalProvider>,
    );
    await waitFor(() => expect(portal.$locale.get()).toBe('de'));
    expect(host).not.toHaveAttribute('lang');
    host.remove();
  });
});

describe('PortalProvider onTelemetry', () => {
  it("given onTelemetry, then it hears the client's events beside the client's own, and stops when the provider goes", () => {
    const own: string[] = [];
    const provided: string[] = [];
    const client = createPortalClient({ storage: {}, onTelemetry: (e) => own.push(e.type) });
    const view = render(
      <PortalProvider client={client} onTelemetry={(e) => provided.push(e.type)}>
        <p>Pieces</p>
      </PortalProvider>,
    );
    client.telemetry({ type: 'piece-ready', piece: 'assistant', ms: 12 });
    view.unmount();
    client.telemetry({ type: 'action-chosen', name: 'openInvoice' });
    expect(provided).toEqual(['piece-ready']);
    expect(own).toEqual(['piece-ready', 'action-chosen']);
    client.dispose();
  });
});
