import { describe, expect, it } from 'vitest';
import type { Whois } from '../api/auth';
import type { Settings, TenantLicense } from '../api/settings';
import { createAccountStore } from './account';

const whois = { upn: 'ada@contoso.example', canManageSettings: true } as Whois;
const settings = { productName: 'Cloud Portal' } as Settings;
const licenses: TenantLicense[] = [];

describe('the account store seeded from a token answer (issue 42 §3)', () => {
  it('given a bundle with who-is, settings and licences, then the account is loaded without a call', () => {
    const calls: string[] = [];
    const store = createAccountStore({
      settings: async () => (calls.push('settings'), settings),
      whois: async () => (calls.push('whois'), whois),
      activatedLicenses: async () => (calls.push('licenses'), licenses),
    });
    expect(store.seed({ whois, settings, licenses })).toBe(true);
    expect(store.$account.get()).toEqual({ status: 'loaded', whois, settings, licenses });
    expect(calls).toEqual([]);
  });

  it('given a bundle that lacks a part, then nothing is kept and the store still needs its load', () => {
    const store = createAccountStore({
      settings: async () => settings,
      whois: async () => whois,
      activatedLicenses: async () => licenses,
    });
    expect(store.seed({ whois, settings })).toBe(false);
    expect(store.$account.get().status).toBe('idle');
  });

  it('given a load under way, when a seed arrives, then the seed wins over the older answer', async () => {
    let answer: (w: Whois) => void = () => {};
    const store = createAccountStore({
      settings: async () => settings,
      whois: () => new Promise<Whois>((resolve) => (answer = resolve)),
      activatedLicenses: async () => licenses,
    });
    const loading = store.load();
    const fresh = { ...whois, upn: 'fresh@contoso.example' };
    store.seed({ whois: fresh, settings, licenses });
    answer({ ...whois, upn: 'stale@contoso.example' });
    await loading;
    expect(store.$account.get().whois?.upn).toBe('fresh@contoso.example');
  });
});
