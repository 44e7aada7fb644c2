import type { PortalClientConfig } from '@cloudportal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The runtime (React, the client) never arrives here: what an element asks for while it loads is
// what this file checks. The whole path, with the real runtime, is in tests/e2e/round-trips.spec.ts.
const loader = vi.hoisted(() => ({ pending: undefined as PortalClientConfig | undefined, loaded: false }));
vi.mock('./loader', () => ({
  loadRuntime: () => new Promise(() => undefined),
  loadedRuntime: () => (loader.loaded ? {} : undefined),
  pendingConfig: () => loader.pending,
}));

const { createPortalElement, defineOnce } = await import('./createElement');

const never = () => new Promise<never>(() => undefined);
defineOnce('cp-test-session', createPortalElement(never, { apiBase: 'string' }));
defineOnce('cp-test-quiet', createPortalElement(never, {}, { session: false }));
defineOnce(
  'cp-test-page',
  createPortalElement(
    never,
    { name: 'string', apiBase: 'string' },
    { earlyPage: ({ name }) => name as string | undefined },
  ),
);

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetch = vi.fn(never);
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  loader.pending = undefined;
  loader.loaded = false;
});

const connect = (tag: string, apiBase?: string, name?: string) => {
  const el = document.createElement(tag);
  if (apiBase) el.setAttribute('api-base', apiBase);
  if (name) el.setAttribute('name', name);
  document.body.append(el);
};
/** The refresh is sent once the task that connected the elements is over. */
const taskOver = () => new Promise((resolve) => setTimeout(resolve, 0));
const asked = () => fetch.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

describe("an element's resuming refresh is asked while its view loads (issue 42 §3)", () => {
  it('given the first view of the page starts loading, then the refresh of its api-base is asked at once, once for the origin', async () => {
    connect('cp-test-session', 'https://portal.example/');
    connect('cp-test-session', 'https://portal.example');
    await taskOver();
    expect(asked()).toEqual(['POST https://portal.example/api/auth/refresh-token?include=session']);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it("given configure({ apiBase }) waiting for the runtime, then an element without api-base asks that origin's", async () => {
    loader.pending = { apiBase: 'https://configured.example' };
    connect('cp-test-session');
    await taskOver();
    expect(asked()).toEqual(['POST https://configured.example/api/auth/refresh-token?include=session']);
  });

  it("given a partner's tokenProvider, then nothing is asked: no refresh cookie is involved", async () => {
    loader.pending = { apiBase: 'https://partner-tokens.example', tokenProvider: async () => 'token' };
    connect('cp-test-session');
    await taskOver();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('given a view that does not sign in, or a runtime already loaded (its clients have started), then nothing is asked', async () => {
    connect('cp-test-quiet', 'https://quiet.example');
    loader.loaded = true;
    connect('cp-test-session', 'https://loaded.example');
    await taskOver();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("given two <cp-page>s and another element connected together, then the one refresh asks for the menu and both pages' descriptions along", async () => {
    connect('cp-test-page', 'https://pages.example', 'azure-budgets');
    connect('cp-test-session', 'https://pages.example');
    connect('cp-test-page', 'https://pages.example', 'azure-subscriptions');
    await taskOver();
    expect(asked()).toEqual([
      'POST https://pages.example/api/auth/refresh-token?include=session%2Cmenu&page=azure-budgets&page=azure-subscriptions',
    ]);
  });
});
