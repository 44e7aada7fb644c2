import { createPortalClient, getDefaultPortalClient, setDefaultPortalClient } from '@cloudportal/core';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import {
  CONFIRM_HOST_TAG,
  TOASTER_TAG,
  confirm,
  configure,
  defineElements,
  portalClient,
  toast,
  type PortalElement,
} from './index';
import { booleanAttribute, createPortalElement, defineOnce, type StandIn } from './internal/createElement';
import { elementClient } from './internal/clients';
import { loadRuntime } from './internal/loader';

const shadow = (el: Element) => el.shadowRoot!;
/** Testing Library's queries inside an element's shadow root. */
const inShadow = (el: Element) => within(shadow(el) as unknown as HTMLElement);
/** The element `tag` once it is in the document (toast() and confirm() add theirs when the client has loaded). */
const outlet = (tag: string) =>
  waitFor(() => {
    const el = document.querySelector(tag);
    expect(el).not.toBeNull();
    return el!;
  });

describe('cp-* element conventions', () => {
  beforeAll(() => defineElements());
  afterEach(() => {
    document.body.replaceChildren();
    setDefaultPortalClient(createPortalClient());
    vi.useRealTimers();
  });

  it('defining twice is harmless', () => {
    expect(() => defineElements()).not.toThrow();
    expect(customElements.get(TOASTER_TAG)).toBeDefined();
    expect(customElements.get(CONFIRM_HOST_TAG)).toBeDefined();
  });

  it('boolean attributes follow HTML: present is true, "false" is false, absent is unset; the property works too', async () => {
    const Flag = createPortalElement<{ docked?: boolean }>(
      async () => ({ default: ({ docked }: { docked?: boolean }) => createElement('output', null, String(docked)) }),
      { docked: 'boolean' },
    );
    defineOnce('cp-test-flag', Flag);
    const make = (attr: string | null) => {
      const el = document.createElement('cp-test-flag') as PortalElement & { docked?: boolean };
      if (attr !== null) el.setAttribute('docked', attr);
      document.body.append(el);
      return el;
    };
    const bare = make('');
    const named = make('docked');
    const off = make('false');
    const absent = make(null);
    await waitFor(() => expect(shadow(bare).textContent).toBe('true'));
    await waitFor(() => expect(shadow(named).textContent).toBe('true'));
    await waitFor(() => expect(shadow(off).textContent).toBe('false'));
    await waitFor(() => expect(shadow(absent).textContent).toBe('undefined'));
    absent.docked = true;
    await waitFor(() => expect(shadow(absent).textContent).toBe('true'));
    absent.docked = false;
    await waitFor(() => expect(shadow(absent).textContent).toBe('false'));
    bare.removeAttribute('docked');
    await waitFor(() => expect(shadow(bare).textContent).toBe('undefined'));
    expect([
      booleanAttribute('TRUE'),
      booleanAttribute(' false '),
      booleanAttribute(null),
      booleanAttribute(false),
    ]).toEqual([true, false, undefined, false]);
  });

  it('an element’s view loads when it first connects, and not at all when it leaves before that', async () => {
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      await loaded;
      return { default: () => createElement('output', null, 'view') };
    });
    defineOnce('cp-test-lazy', createPortalElement(load));
    const el = document.createElement('cp-test-lazy');
    expect(load).not.toHaveBeenCalled();
    document.body.append(el);
    expect(load).toHaveBeenCalledTimes(1);
    el.remove();
    release();
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shadow(el).textContent).toBe('');
    document.body.append(el);
    await waitFor(() => expect(shadow(el).textContent).toBe('view'));
  });

  describe('an element whose code cannot be loaded (the network failed, or the browser refused a file whose integrity did not match)', () => {
    const failing = () => vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

    it('says the portal could not be reached, as an alert with the unavailable part, and raises its error event', async () => {
      quiet();
      defineOnce('cp-test-broken', createPortalElement(failing(), {}, { errorEvent: 'cp-test-broken-error' }));
      const heard: unknown[] = [];
      document.addEventListener('cp-test-broken-error', (event) => heard.push((event as CustomEvent).detail), {
        once: true,
      });
      const el = document.createElement('cp-test-broken');
      document.body.append(el);
      await waitFor(() =>
        expect(inShadow(el).getByRole('alert')).toHaveTextContent(
          'The portal could not be reached. Try again in a moment.',
        ),
      );
      expect(shadow(el).querySelector('[part="unavailable"]')).not.toBeNull();
      expect(heard).toEqual([
        { code: 'unavailable', message: 'The portal could not be reached. Try again in a moment.' },
      ]);
    });

    it('speaks the element’s language, and a message given to configure() wins', async () => {
      quiet();
      defineOnce('cp-test-broken-de', createPortalElement(failing(), { lang: 'string' }));
      const german = Object.assign(document.createElement('cp-test-broken-de'), {});
      german.setAttribute('lang', 'de-DE');
      document.body.append(german);
      await waitFor(() =>
        expect(inShadow(german).getByRole('alert')).toHaveTextContent(
          'Das Portal ist nicht erreichbar. Versuchen Sie es gleich noch einmal.',
        ),
      );
      configure({ messages: { 'partner.unavailable': 'Le portail est injoignable.' } });
      const french = document.createElement('cp-test-broken-de');
      document.body.append(french);
      await waitFor(() => expect(inShadow(french).getByRole('alert')).toHaveTextContent('Le portail est injoignable.'));
    });

    it('the hosts of dialogs and toasts stay empty', async () => {
      quiet();
      defineOnce('cp-test-broken-host', createPortalElement(failing(), {}, { session: false }));
      const el = document.createElement('cp-test-broken-host');
      document.body.append(el);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(shadow(el).childNodes).toHaveLength(0);
    });
  });

  it('<cp-toaster> renders its client’s toasts in an open shadow root with the toast part', async () => {
    const el = document.createElement(TOASTER_TAG) as PortalElement;
    document.body.append(el);
    await waitFor(() => expect(el.client).toBe(getDefaultPortalClient()));
    getDefaultPortalClient().toast({ title: 'View Saved', kind: 'success' });
    await waitFor(() => expect(shadow(el).querySelector('[part~="toast"]')).toHaveTextContent('View Saved'));
    expect(shadow(el).querySelector('[part~="toast-success"]')).not.toBeNull();
  });

  it('an element given its own client ignores the page-wide default', async () => {
    const own = createPortalClient();
    const el = document.createElement(TOASTER_TAG) as PortalElement;
    el.client = own;
    document.body.append(el);
    getDefaultPortalClient().toast({ title: 'not mine' });
    own.toast({ title: 'mine' });
    await waitFor(() => expect(shadow(el).textContent).toContain('mine'));
    expect(shadow(el).textContent).not.toContain('not mine');
  });

  it('toast() adds a <cp-toaster> when the page has none, and the toast is gone after 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await toast({ title: 'Onboarding is disabled', kind: 'error' });
    const el = document.querySelector(TOASTER_TAG)!;
    expect(el).not.toBeNull();
    await waitFor(() => expect(shadow(el).querySelector('[role="alert"]')).toHaveTextContent('Onboarding is disabled'));
    vi.advanceTimersByTime(3000);
    await waitFor(() => expect(shadow(el).querySelector('[role="alert"]')).toBeNull());
    await toast({ title: 'again' });
    expect(document.querySelectorAll(TOASTER_TAG)).toHaveLength(1);
  });

  it('confirm() adds a <cp-confirm-host> and resolves {result: true} when the confirm part is clicked', async () => {
    const answer = confirm({ icon: 'question', title: 'Proceed?', showCancelButton: true });
    const host = await outlet(CONFIRM_HOST_TAG);
    const button = await waitFor(() => {
      const b = shadow(host).querySelector<HTMLButtonElement>('[part~="confirm-button"]');
      expect(b).not.toBeNull();
      return b!;
    });
    expect(shadow(host).querySelector('[part~="title"]')).toHaveTextContent('Proceed?');
    const settled = vi.fn();
    document.addEventListener('cp-confirm-settled', (e) => settled((e as CustomEvent).detail), { once: true });
    button.click();
    await expect(answer).resolves.toEqual({ result: true });
    // The event bubbles out of the shadow root to the document, with an object detail.
    expect(settled).toHaveBeenCalledWith({ title: 'Proceed?', result: { result: true } });
  });

  it('confirm() resolves null on cancel', async () => {
    const answer = confirm({ title: 'Proceed?', showCancelButton: true, cancelButtonText: 'No' });
    const host = await outlet(CONFIRM_HOST_TAG);
    await waitFor(() => expect(shadow(host).querySelector('[part~="cancel-button"]')).toHaveTextContent('No'));
    shadow(host).querySelector<HTMLButtonElement>('[part~="cancel-button"]')!.click();
    await expect(answer).resolves.toBeNull();
  });

  it("given the portal's dark mode saved on this site, then an element without a theme stays light on the partner's page", async () => {
    const el = document.createElement(TOASTER_TAG) as PortalElement;
    document.body.append(el);
    const client = await portalClient();
    expect(el.client).toBe(client);
    client.setDarkMode(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(el).not.toHaveAttribute('data-cp-theme');
    client.setDarkMode(false);
  });

  it('theme="portal" follows the portal\'s dark mode on the host, so the tokens switch inside the shadow root', async () => {
    const el = document.createElement(TOASTER_TAG) as PortalElement;
    el.setAttribute('theme', 'portal');
    document.body.append(el);
    const client = await portalClient();
    client.setDarkMode(true);
    await waitFor(() => expect(el).toHaveAttribute('data-cp-theme', 'dark'));
    client.setDarkMode(false);
    await waitFor(() => expect(el).not.toHaveAttribute('data-cp-theme'));
  });

  it('theme="dark" is dark whatever the portal says; theme="light" is light; changing the attribute switches it', async () => {
    const el = document.createElement(TOASTER_TAG) as PortalElement;
    el.setAttribute('theme', 'dark');
    document.body.append(el);
    await waitFor(() => expect(el).toHaveAttribute('data-cp-theme', 'dark'));
    el.setAttribute('theme', 'light');
    await waitFor(() => expect(el).not.toHaveAttribute('data-cp-theme'));
  });

  it('theme="auto" follows the visitor\'s prefers-color-scheme, live', async () => {
    const listeners = new Set<() => void>();
    let dark = true;
    vi.stubGlobal('matchMedia', (query: string) => ({
      media: query,
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }));
    try {
      const el = document.createElement(TOASTER_TAG) as PortalElement;
      el.setAttribute('theme', 'auto');
      document.body.append(el);
      await waitFor(() => expect(el).toHaveAttribute('data-cp-theme', 'dark'));
      dark = false;
      for (const l of listeners) l();
      await waitFor(() => expect(el).not.toHaveAttribute('data-cp-theme'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('adopts its styles inside the shadow root, not in the page', async () => {
    const el = document.createElement(TOASTER_TAG) as PortalElement;
    document.body.append(el);
    (await portalClient()).toast({ title: 'styled' });
    await waitFor(() => expect(shadow(el).textContent).toContain('styled'));
    const css =
      [...shadow(el).querySelectorAll('style')].map((s) => s.textContent).join('\n') +
      (shadow(el).adoptedStyleSheets ?? []).map((s) => [...s.cssRules].map((r) => r.cssText).join('\n')).join('\n');
    expect(css).toContain('.cp-toaster');
    expect(css).toContain('--cp-color-danger');
  });

  it('configure() made before the client loads applies to the page-wide client the elements then use', async () => {
    configure({ apiBase: 'https://portal.example', messages: { 'common.cancel': 'Abbrechen' } });
    const client = await portalClient();
    expect(client.config.apiBase).toBe('https://portal.example');
    expect(client.t('common.cancel')).toBe('Abbrechen');
    // Once loaded, configure() replaces the default client at once.
    configure({ apiBase: 'https://other.example' });
    expect(getDefaultPortalClient().config.apiBase).toBe('https://other.example');
    expect(await portalClient()).toBe(getDefaultPortalClient());
  });

  describe('an element with a stand-in', () => {
    const views: Record<string, unknown>[] = [];
    const load = vi.fn(async () => ({
      default: (props: { mode?: string; handed?: string }) => {
        views.push(props);
        return createElement('output', null, `view ${String(props.handed)}`);
      },
    }));
    const standIn: StandIn = {
      wanted: (props) => props.mode !== 'page',
      render(root, _props, { load: start, prefetch }) {
        const button = document.createElement('button');
        button.textContent = 'stand-in';
        let clicked = false;
        button.addEventListener('click', () => {
          clicked = true;
          start();
        });
        button.addEventListener('focus', prefetch);
        root.replaceChildren(button);
        return () => (clicked ? { handed: 'clicked' } : {});
      },
    };
    beforeAll(() =>
      defineOnce('cp-test-stand-in', createPortalElement<{ mode?: string }>(load, { mode: 'string' }, { standIn })),
    );
    afterEach(() => {
      load.mockClear();
      views.length = 0;
    });

    it('shows the stand-in and loads nothing until it asks; then the view takes its place with what it handed over', async () => {
      const el = document.createElement('cp-test-stand-in');
      document.body.append(el);
      expect(shadow(el).textContent).toBe('stand-in');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(load).not.toHaveBeenCalled();
      shadow(el).querySelector('button')!.click();
      await waitFor(() => expect(shadow(el).textContent).toBe('view clicked'));
      expect(load).toHaveBeenCalledTimes(1);
      expect(shadow(el).querySelector('button')).toBeNull();
    });

    it('prefetch() downloads the view without mounting it', async () => {
      const el = document.createElement('cp-test-stand-in');
      document.body.append(el);
      shadow(el).querySelector('button')!.focus();
      await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(shadow(el).textContent).toBe('stand-in');
      expect(views).toHaveLength(0);
    });

    it('loads the view at once when the properties no longer want the stand-in', async () => {
      const el = document.createElement('cp-test-stand-in');
      document.body.append(el);
      el.setAttribute('mode', 'page');
      await waitFor(() => expect(shadow(el).textContent).toBe('view undefined'));
      const direct = document.createElement('cp-test-stand-in');
      direct.setAttribute('mode', 'page');
      document.body.append(direct);
      await waitFor(() => expect(shadow(direct).textContent).toBe('view undefined'));
    });
  });

  it("an element's api-base is read as the clients hold it: a trailing slash is the page-wide client, another origin one shared client", () => {
    setDefaultPortalClient(createPortalClient({ apiBase: 'https://portal.example' }));
    expect(elementClient('https://portal.example/')).toBe(getDefaultPortalClient());
    expect(elementClient(undefined)).toBe(getDefaultPortalClient());
    const other = elementClient(' https://other.example/ ');
    expect(other.config.apiBase).toBe('https://other.example');
    expect(elementClient('https://other.example')).toBe(other);
  });

  it('loadRuntime() loads the client module once', async () => {
    expect(await loadRuntime()).toBe(await loadRuntime());
  });
});
