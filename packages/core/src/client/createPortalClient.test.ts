import { afterEach, describe, expect, it } from 'vitest';
import { createPortalClient } from './createPortalClient';
import { configure, getDefaultPortalClient, setDefaultPortalClient } from './defaultClient';

describe('createPortalClient', () => {
  it('gives each client its own stores', () => {
    const a = createPortalClient();
    const b = createPortalClient();
    a.toast({ title: 'only a' });
    expect(b.toasts.$toasts.get()).toEqual([]);
    a.dispose();
  });

  it('trims trailing slashes from the API base and defaults the toast time-out to 3000 ms', () => {
    const client = createPortalClient({ apiBase: 'https://portal.example/' });
    expect(client.config).toEqual({ apiBase: 'https://portal.example', toastTimeoutMs: 3000 });
  });

  it('starts in light mode (spec §3 darkModeOn default false) and switches to dark', () => {
    const client = createPortalClient();
    expect(client.layout.$layout.get().darkModeOn).toBe(false);
    client.setDarkMode(true);
    expect(client.layout.$layout.get().darkModeOn).toBe(true);
  });

  it('overlays translations on the English catalogue', () => {
    const client = createPortalClient({ messages: { 'common.cancel': 'Abbrechen' } });
    expect(client.t('common.cancel')).toBe('Abbrechen');
    expect(client.t('common.ok')).toBe('OK');
    expect(client.t('confirm.countdown', { seconds: 3 })).toBe('Closes in 3 s');
  });

  it('dispose() closes open dialogs with null', async () => {
    const client = createPortalClient();
    const answer = client.confirm({ title: 'x' });
    client.dispose();
    await expect(answer).resolves.toBeNull();
  });
});

describe('the page-wide default client', () => {
  afterEach(() => setDefaultPortalClient(createPortalClient()));

  it('is created once and shared', () => {
    expect(getDefaultPortalClient()).toBe(getDefaultPortalClient());
  });

  it('is replaced by configure(), which disposes the previous one', async () => {
    const before = getDefaultPortalClient();
    const pending = before.confirm({ title: 'old' });
    const after = configure({ apiBase: '/portal' });
    expect(getDefaultPortalClient()).toBe(after);
    expect(after.config.apiBase).toBe('/portal');
    await expect(pending).resolves.toBeNull();
  });
});
