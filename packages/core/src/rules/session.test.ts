import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/messages';
import {
  idleCountdownSeconds,
  idleTimeoutMs,
  loginPayload,
  refreshDelayMs,
  SIGN_IN_MESSAGES,
  signInOutcome,
  TERMS_NOT_ACCEPTED,
  unableToIdentifyText,
  unresolvedIdentityOutcome,
} from './session';

describe('app token refresh schedule (spec §4: 30 s before expiry; only when time to expiry is not negative)', () => {
  const now = 1_000_000;
  it('given a token expiring in 15 minutes, then the refresh runs 30 s before', () => {
    expect(refreshDelayMs(now + 15 * 60_000, now)).toBe(15 * 60_000 - 30_000);
  });
  it('given a token expiring in 10 s (inside the lead), then it refreshes at once', () => {
    expect(refreshDelayMs(now + 10_000, now)).toBe(0);
  });
  it('given a token expiring exactly now, then the time to expiry is 0 (not negative) and it refreshes at once', () => {
    expect(refreshDelayMs(now, now)).toBe(0);
  });
  it('given an expired token, then no refresh is scheduled', () => {
    expect(refreshDelayMs(now - 1, now)).toBeNull();
  });
  it('given a token without exp, then no refresh is scheduled', () => {
    expect(refreshDelayMs(null, now)).toBeNull();
  });
});

describe('login payload (spec §3)', () => {
  it('lower-cases the upn and defaults preview to false', () => {
    expect(loginPayload({ id: 'oid', tenantId: 'tid', upn: ' Ada@Contoso.Example ', token: 't' })).toEqual({
      id: 'oid',
      tenantId: 'tid',
      upn: 'ada@contoso.example',
      preview: false,
      token: 't',
    });
  });
  it('keeps the preview flag when set', () => {
    expect(loginPayload({ id: 'o', tenantId: 't', upn: 'a@b.c', preview: true, token: 't' }).preview).toBe(true);
  });
});

describe('sign-in answers (spec §8 Authentication toasts)', () => {
  it('200 signs in', () => expect(signInOutcome({ status: 200 })).toEqual({ kind: 'signed-in' }));
  it('300 goes to /tenant', () => expect(signInOutcome({ status: 300 })).toEqual({ kind: 'select-tenant' }));
  it("423 shows 'Onboarding is disabled' then logs out", () => {
    expect(signInOutcome({ status: 423 })).toEqual({ kind: 'toast-then-logout', title: 'Onboarding is disabled' });
  });
  it("a new-tenant identity shows 'Onboarding is disabled' even on 200", () => {
    expect(signInOutcome({ status: 200, newTenant: true })).toEqual({
      kind: 'toast-then-logout',
      title: 'Onboarding is disabled',
    });
  });
  it("409 shows 'Permission not granted' then logs out", () => {
    expect(signInOutcome({ status: 409 })).toEqual({ kind: 'toast-then-logout', title: 'Permission not granted' });
  });
  it("any other failure shows 'Authentication error' / 'Unable to identify user: …' then logs out", () => {
    expect(signInOutcome({ status: 500, detail: 'Something went wrong on the server.' })).toEqual({
      kind: 'toast-then-logout',
      title: 'Authentication error',
      text: 'Unable to identify user: Something went wrong on the server.',
    });
    expect(signInOutcome({ status: 401 })).toMatchObject({ text: 'Unable to identify user: HTTP 401' });
  });
  it("an unresolved identity goes to /login with 'Authentication error'", () => {
    expect(unresolvedIdentityOutcome('no account in the token')).toEqual({
      kind: 'toast-then-login',
      title: 'Authentication error',
      text: 'Unable to identify user: no account in the token',
    });
  });
  it('no auth result goes to /login without a toast', () => {
    expect(unresolvedIdentityOutcome(undefined)).toEqual({ kind: 'login' });
  });
  it("the English texts are the spec's: 'Onboarding is disabled', 'Permission not granted', 'Authentication error', 'Not Accepted'", () => {
    expect(SIGN_IN_MESSAGES).toEqual({
      onboardingDisabled: 'Onboarding is disabled',
      permissionNotGranted: 'Permission not granted',
      authenticationError: 'Authentication error',
    });
    expect(TERMS_NOT_ACCEPTED).toBe('Not Accepted');
  });
  it('given a message catalogue, then every sign-in toast is written in it', () => {
    const t = createTranslator({
      'signIn.toast.onboardingDisabled': 'Onboarding ist deaktiviert',
      'signIn.toast.permissionNotGranted': 'Berechtigung nicht erteilt',
      'signIn.toast.authenticationError': 'Authentifizierungsfehler',
      'signIn.toast.unableToIdentify': 'Benutzer nicht erkannt: {reason}',
    });
    expect(signInOutcome({ status: 423 }, t)).toEqual({
      kind: 'toast-then-logout',
      title: 'Onboarding ist deaktiviert',
    });
    expect(signInOutcome({ status: 409 }, t)).toEqual({
      kind: 'toast-then-logout',
      title: 'Berechtigung nicht erteilt',
    });
    expect(signInOutcome({ status: 500, detail: 'x' }, t)).toEqual({
      kind: 'toast-then-logout',
      title: 'Authentifizierungsfehler',
      text: 'Benutzer nicht erkannt: x',
    });
    expect(unresolvedIdentityOutcome('y', t)).toEqual({
      kind: 'toast-then-login',
      title: 'Authentifizierungsfehler',
      text: 'Benutzer nicht erkannt: y',
    });
    expect(unableToIdentifyText('z')).toBe('Unable to identify user: z');
  });
});

describe('idle session (spec §4)', () => {
  it('idle time is uiSessionTimeout minutes', () => {
    expect(idleTimeoutMs(15)).toBe(900_000);
    expect(idleTimeoutMs(-1)).toBe(0);
  });
  it('the warning counts down 30 s and never below 0', () => {
    expect(idleCountdownSeconds(0, 0)).toBe(30);
    expect(idleCountdownSeconds(0, 1)).toBe(30);
    expect(idleCountdownSeconds(0, 29_001)).toBe(1);
    expect(idleCountdownSeconds(0, 30_000)).toBe(0);
    expect(idleCountdownSeconds(0, 40_000)).toBe(0);
  });
});
