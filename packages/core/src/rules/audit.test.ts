import { describe, expect, it } from 'vitest';
import {
  ACTIVE_USER_WINDOW_MINUTES,
  AUDIT_CATEGORIES,
  AUDIT_MESSAGES,
  auditEventError,
  isAuditedLocation,
  logoutEvent,
  navigationEvent,
  reportViewEvent,
  UNAUDITED_LOCATIONS,
} from './audit';

describe('audit rules (spec §2 "Routes", §3 "Audit event", §7 "Statistics logging")', () => {
  it("given the spec's excluded names '/', '/id_token' and '/tenant', they are not audited; their labels are kept", () => {
    expect(UNAUDITED_LOCATIONS).toEqual({ '/': '', '/id_token': 'Authenticate', '/tenant': 'Select Tenant' });
    for (const location of [
      '/',
      '',
      '/id_token',
      '/tenant',
      '/tenant/',
      '/tenant?from=login',
      '/id_token#state=1',
      'https://portal.example/tenant',
      'https://portal.example',
    ]) {
      expect(isAuditedLocation(location)).toBe(false);
    }
  });

  it('given any other location, it is audited', () => {
    for (const location of [
      '/billing',
      '/billing/overview?tab=Invoices',
      '/login',
      '/tenants',
      '/id_token/x',
      '/billing/tenant',
    ])
      expect(isAuditedLocation(location)).toBe(true);
  });

  it('given a navigation, the event carries category, both locations and names, and the tab; excluded locations give none', () => {
    expect(
      navigationEvent({
        location: '/billing/security',
        locationName: 'Security',
        previousLocation: '/billing/overview',
        previousLocationName: 'Billing Overview',
        tabName: 'Posture',
      }),
    ).toEqual({
      category: 'navigation',
      location: '/billing/security',
      locationName: 'Security',
      previousLocation: '/billing/overview',
      previousLocationName: 'Billing Overview',
      tabName: 'Posture',
    });
    expect(navigationEvent({ location: '/billing/usage' })).toEqual({
      category: 'navigation',
      location: '/billing/usage',
      locationName: null,
      previousLocation: null,
      previousLocationName: null,
      tabName: null,
    });
    expect(navigationEvent({ location: '/tenant', previousLocation: '/login' })).toBeNull();
  });

  it('given a report view, the analytics event carries report id, page name and url; a logout carries only its category', () => {
    expect(
      reportViewEvent({ reportId: 'billing-overview', pageName: 'Overview', url: 'https://app.powerbi.com/x' }),
    ).toEqual({
      category: 'analytics',
      reportId: 'billing-overview',
      pageName: 'Overview',
      url: 'https://app.powerbi.com/x',
      tabName: null,
    });
    expect(logoutEvent()).toEqual({ category: 'logout' });
    expect(logoutEvent('/billing/overview')).toEqual({ category: 'logout', location: '/billing/overview' });
    expect(logoutEvent(null)).toEqual({ category: 'logout', location: null });
    expect(AUDIT_CATEGORIES).toEqual(['navigation', 'analytics', 'logout']);
  });

  it('given an event, navigation needs a location and analytics a report id, each with its message', () => {
    expect(AUDIT_MESSAGES).toEqual({
      navigationLocation: 'A navigation event needs a location.',
      analyticsReport: 'An analytics event needs a reportId.',
    });
    expect(auditEventError({ category: 'navigation', location: '/billing' })).toBeNull();
    expect(auditEventError({ category: 'navigation' })).toBe(AUDIT_MESSAGES.navigationLocation);
    expect(auditEventError({ category: 'navigation', location: '  ' })).toBe(AUDIT_MESSAGES.navigationLocation);
    expect(auditEventError({ category: 'analytics', reportId: 'r' })).toBeNull();
    expect(auditEventError({ category: 'analytics', reportId: null })).toBe(AUDIT_MESSAGES.analyticsReport);
    expect(auditEventError(logoutEvent())).toBeNull();
  });

  it('given the keepalive interval of 15 minutes, a user is active for two intervals', () => {
    expect(ACTIVE_USER_WINDOW_MINUTES).toBe(30);
  });
});
