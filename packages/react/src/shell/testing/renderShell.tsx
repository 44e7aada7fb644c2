import {
  createPortalClient,
  portalShell,
  type PortalClient,
  type PortalShellStores,
  type StorageEnvironment,
} from '@cloudportal/core';
import { act, configure, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PortalProvider } from '../../provider/PortalProvider';
import { isolatedTabs } from '../../testing/fakeApi';
import { fakeImageLoading, fakePortal, type FakePortalOptions } from './fakePortal';

const clients: PortalClient[] = [];

// The menu's many links make role queries slow in jsdom; give find* and waitFor room when test files run in parallel.
configure({ asyncUtilTimeout: 5000 });

/** Options of {@link renderShell}. */
export interface RenderShellOptions extends FakePortalOptions {
  /** The route the user is on (told to the navigation store). @default '/billing/home' */
  path?: string;
  /** The client's `navigate` (the host's router). */
  navigate?: (path: string) => void;
  /** Arranges the client before rendering (e.g. the layout). */
  before?: (client: PortalClient) => void;
  /** The browser's storages (to keep a choice between two clients). @default memory only */
  storage?: StorageEnvironment;
}

/**
 * Renders `ui` for a signed-in Contoso admin with the portal service at the network edge: the
 * session resumes through the refresh-token route, then the menu (and the page of `path`) load.
 */
export async function renderShell(
  ui: ReactNode,
  { path = '/billing/home', navigate = () => {}, before, storage = {}, ...portal }: RenderShellOptions = {},
): Promise<
  RenderResult & {
    client: PortalClient;
    shell: PortalShellStores;
    fetch: ReturnType<typeof fakePortal>;
    images: ReturnType<typeof fakeImageLoading>;
  }
> {
  const fetch = fakePortal(portal);
  const images = fakeImageLoading(portal);
  const client = createPortalClient({ fetch, storage, navigate, crossTab: isolatedTabs, preloadImage: images });
  clients.push(client);
  const shell = portalShell(client);
  const [pathname = '/', search = ''] = path.split(/(?=\?)/);
  shell.navigation.setLocation({ pathname, search });
  before?.(client);
  const view = render(<PortalProvider client={client}>{ui}</PortalProvider>);
  await act(async () => {
    await client.start();
  });
  return { ...view, client, shell, fetch, images };
}

/** Disposes the clients of the finished test (call in afterEach). */
export function disposeShellClients(): void {
  for (const client of clients.splice(0)) client.dispose();
}
