import { describe, expect, it, vi } from 'vitest';
import type { AuditApi, AuditEvent } from '../api/audit';
import { createNavigationAudit } from './navigationAudit';

function auditApi(fail = false) {
  const events: AuditEvent[] = [];
  const api = {
    event: vi.fn(async (e: AuditEvent) => {
      events.push(e);
      if (fail) throw new Error('audit down');
      return { recorded: true };
    }),
  } as unknown as AuditApi;
  return { api, events };
}

describe('navigation audit trail (spec §2, §6, §7, §8)', () => {
  it('posts each route change with the previous location and names', () => {
    const { api, events } = auditApi();
    const audit = createNavigationAudit(api, () => true);
    audit.navigated({ location: '/billing/overview', locationName: 'Overview' });
    audit.navigated({ location: '/billing/security', locationName: 'Security', tabName: 'Posture' });
    expect(events).toEqual([
      {
        category: 'navigation',
        location: '/billing/overview',
        locationName: 'Overview',
        previousLocation: null,
        previousLocationName: null,
        tabName: null,
      },
      {
        category: 'navigation',
        location: '/billing/security',
        locationName: 'Security',
        previousLocation: '/billing/overview',
        previousLocationName: 'Overview',
        tabName: 'Posture',
      },
    ]);
  });

  it("excludes '/', '/id_token' and '/tenant', which still become the previous location", () => {
    const { api, events } = auditApi();
    const audit = createNavigationAudit(api, () => true);
    for (const location of ['/', '/id_token', '/tenant']) audit.navigated({ location });
    expect(events).toEqual([]);
    audit.navigated({ location: '/billing/overview' });
    expect(events[0]).toMatchObject({ previousLocation: '/tenant' });
  });

  it('a place first seen before the session was resumed (a reload) is sent once signed in', () => {
    const { api, events } = auditApi();
    let signedIn = false;
    const audit = createNavigationAudit(api, () => signedIn);
    audit.navigated({ location: '/billing/x' });
    signedIn = true;
    audit.navigated({ location: '/billing/x' });
    expect(events).toEqual([expect.objectContaining({ location: '/billing/x', previousLocation: null })]);
  });

  it('sends nothing for a user who is not signed in', () => {
    const { api, events } = auditApi();
    createNavigationAudit(api, () => false).navigated({ location: '/login' });
    expect(events).toEqual([]);
  });

  it('does not repeat the same place (a re-render), but a tab change is a change', () => {
    const { api, events } = auditApi();
    const audit = createNavigationAudit(api, () => true);
    audit.navigated({ location: '/billing/x' });
    audit.navigated({ location: '/billing/x' });
    audit.navigated({ location: '/billing/x', tabName: 'Two' });
    expect(events).toHaveLength(2);
  });

  it('swallows a failing audit post', async () => {
    const { api } = auditApi(true);
    expect(() => createNavigationAudit(api, () => true).navigated({ location: '/billing/x' })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });
});
