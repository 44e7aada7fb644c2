import { portalShell, type NavigationLocation, type PortalClient } from '@cloudportal/core';
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isolatedTabs } from '../../testing/fakeApi';
import { MOBILE_MEDIA_QUERY } from '../PortalShell';
import { fakeImageLoading, fakePortal, type FakePortalOptions } from './fakePortal';

/** A story's router: where the user is, moved by the shell's links and the page's tabs. */
export interface StoryRouter {
  readonly start: string;
  get(): string;
  navigate(path: string): void;
  subscribe(listener: () => void): () => void;
}

export function storyRouter(start: string): StoryRouter {
  let path = start;
  const listeners = new Set<() => void>();
  return {
    start,
    get: () => path,
    navigate(next) {
      path = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const toLocation = (path: string): NavigationLocation => {
  const at = path.indexOf('?');
  return at < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, at), search: path.slice(at) };
};

/**
 * Story parameters of a signed-in Contoso admin on `path`, with the portal service of
 * {@link fakePortal} at the network edge: the session resumes, then menu, page and branding load.
 */
export function shellParameters(path: string, options: FakePortalOptions = {}, setup?: (client: PortalClient) => void) {
  const router = storyRouter(path);
  return {
    router,
    // The pseudo-locale sweep: the stories' stand-in feature components say what they are in English.
    pseudoLocale: { fixed: '.cp-page > p' },
    portal: {
      config: {
        fetch: fakePortal(options),
        preloadImage: fakeImageLoading(options),
        crossTab: isolatedTabs,
        navigate: (to: string) => router.navigate(to),
      },
      setup: (client: PortalClient) => {
        void client.start();
        setup?.(client);
      },
    },
  };
}

/**
 * Story parameters for a piece rendered without the shell (e.g. `<DynamicPage>`): as
 * {@link shellParameters}, with the navigation store told the user is on `path`.
 */
export function pageParameters(path: string, options: FakePortalOptions = {}) {
  return shellParameters(path, options, (client) => portalShell(client).navigation.setLocation(toLocation(path)));
}

/** The location of a story's router, starting again from its first path on every mount. */
export function useStoryLocation(router: StoryRouter): NavigationLocation {
  useState(() => router.navigate(router.start));
  const path = useSyncExternalStore(router.subscribe, router.get, router.get);
  return useMemo(() => toLocation(path), [path]);
}

/** A frame of a phone's or a desktop's height around a story. */
export function StoryViewport({ children, height = 720 }: { children: ReactNode; height?: number }) {
  return <div style={{ height, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>{children}</div>;
}

/**
 * A story's `beforeEach`: the phone's media query ({@link MOBILE_MEDIA_QUERY}) matches while the story
 * is shown, whatever the preview's width, so a phone story keeps the phone layout in a desktop browser
 * (the shell follows that query). Other queries answer as the browser does; the cleanup puts it back.
 */
export function onPhone(): () => void {
  const real = globalThis.matchMedia;
  if (!real) return () => undefined;
  globalThis.matchMedia = (query: string) =>
    query === MOBILE_MEDIA_QUERY
      ? ({
          matches: true,
          media: query,
          onchange: null,
          addEventListener() {},
          removeEventListener() {},
          addListener() {},
          removeListener() {},
          dispatchEvent: () => false,
        } as MediaQueryList)
      : real.call(globalThis, query);
  return () => {
    globalThis.matchMedia = real;
  };
}
