// spec §4 "Authentication", "Idle session", §3 "Login payload", §8 "Authentication toasts",
// §6 "Roles and permissions"
/**
 * Session rules: when the app token is refreshed, what sign-in sends, what the portal does with a
 * sign-in answer (and which toast it shows), and the idle session's time-out and countdown.
 */
import { createTranslator, type Translate } from '../i18n/messages';
import { APP_TOKEN_REFRESH_LEAD_MS, IDLE_WARNING_COUNTDOWN_MS } from './constants';

const english: Translate = /* @__PURE__ */ createTranslator();

// spec §4
/**
 * The app token is refreshed 30 s before expiry, and a refresh is scheduled only when the
 * time until expiry is not negative. Returns the delay in ms (0 when inside the lead), or `null`
 * when the token has already expired or never expires (`expiresAt` null).
 * @public
 */
export function refreshDelayMs(
  expiresAt: number | null,
  now: number,
  leadMs: number = APP_TOKEN_REFRESH_LEAD_MS,
): number | null {
  if (expiresAt === null) return null;
  const untilExpiry = expiresAt - now;
  if (untilExpiry < 0) return null;
  return Math.max(0, untilExpiry - leadMs);
}

// spec §3 "Login payload"
/**
 * What sign-in sends with the identity token.
 * @public
 */
export interface LoginPayloadInput {
  /** The identity's object id. */
  id: string;
  /** The tenant to sign in to. */
  tenantId: string;
  /** The user principal name (lower-cased in the payload). */
  upn: string;
  /** The portal's preview flag. @default false */
  preview?: boolean;
  /** The identity token. */
  token: string;
}

// spec §3
/**
 * The login payload, with `upn` lower-cased and the preview flag defaulting to false.
 * @public
 */
export function loginPayload(input: LoginPayloadInput): {
  id: string;
  tenantId: string;
  upn: string;
  preview: boolean;
  token: string;
} {
  return {
    id: input.id,
    tenantId: input.tenantId,
    upn: input.upn.trim().toLowerCase(),
    preview: input.preview ?? false,
    token: input.token,
  };
}

// spec §8 "Authentication toasts"
/**
 * What the portal does with a sign-in answer.
 * @public
 */
export type SignInOutcome =
  | { kind: 'signed-in' }
  | { kind: 'select-tenant' }
  | {
      kind: 'toast-then-logout';
      /** 'Onboarding is disabled', 'Permission not granted' or 'Authentication error', translated. */ title: string;
      text?: string;
    }
  | { kind: 'toast-then-login'; /** 'Authentication error', translated. */ title: string; text: string }
  | { kind: 'login' };

// spec §8 "Authentication toasts"
/**
 * The titles of the sign-in toasts in English, from the catalogue; the reference server also gives
 * them as the message of its 423 and 409 sign-in answers.
 */
export const SIGN_IN_MESSAGES = {
  onboardingDisabled: /* @__PURE__ */ english('signIn.toast.onboardingDisabled'),
  permissionNotGranted: /* @__PURE__ */ english('signIn.toast.permissionNotGranted'),
  authenticationError: /* @__PURE__ */ english('signIn.toast.authenticationError'),
} as const;

// spec §2 "Forced terms dialog"
/** 'Not Accepted', for a user who may not accept the terms (catalogue `eula.notAccepted`). */
export const TERMS_NOT_ACCEPTED = /* @__PURE__ */ english('eula.notAccepted');

// spec §8
/**
 * The text of the 'Authentication error' toast, 'Unable to identify user: {reason}'.
 * @public
 */
export function unableToIdentifyText(reason: string, t: Translate = english): string {
  return t('signIn.toast.unableToIdentify', { reason });
}

// spec §8 "Authentication toasts"
/**
 * What the portal does with a sign-in answer, and the toast it shows: 200 signs in; 300 keeps the returned token and goes to /tenant;
 * 423 (or a new-tenant identity) → 'Onboarding is disabled' then logout; 409 → 'Permission not
 * granted' then logout; any other failure → 'Authentication error' / 'Unable to identify user: …'
 * then logout. Texts come from the message catalogue (`t`; English without one).
 * @public
 */
export function signInOutcome(
  answer: { status: number; newTenant?: boolean; detail?: string },
  t: Translate = english,
): SignInOutcome {
  if (answer.newTenant || answer.status === 423)
    return { kind: 'toast-then-logout', title: t('signIn.toast.onboardingDisabled') };
  if (answer.status === 200) return { kind: 'signed-in' };
  if (answer.status === 300) return { kind: 'select-tenant' };
  if (answer.status === 409) return { kind: 'toast-then-logout', title: t('signIn.toast.permissionNotGranted') };
  return {
    kind: 'toast-then-logout',
    title: t('signIn.toast.authenticationError'),
    text: unableToIdentifyText(answer.detail ?? `HTTP ${answer.status}`, t),
  };
}

// spec §8
/**
 * When the identity is not resolved the user goes to /login with 'Authentication error' /
 * 'Unable to identify user: …'; with no auth result at all, to /login without a toast.
 * @public
 */
export function unresolvedIdentityOutcome(reason: string | undefined, t: Translate = english): SignInOutcome {
  if (!reason) return { kind: 'login' };
  return {
    kind: 'toast-then-login',
    title: t('signIn.toast.authenticationError'),
    text: unableToIdentifyText(reason, t),
  };
}

// spec §4 "Idle session"
/**
 * How long a session may be idle, in ms, from the tenant's `uiSessionTimeout` minutes.
 * @public
 */
export function idleTimeoutMs(uiSessionTimeoutMinutes: number): number {
  return Math.max(0, uiSessionTimeoutMinutes) * 60_000;
}

// spec §4
/**
 * Seconds left on the idle warning's 30 s countdown, never negative.
 * @public
 */
export function idleCountdownSeconds(
  warningShownAt: number,
  now: number,
  countdownMs: number = IDLE_WARNING_COUNTDOWN_MS,
): number {
  return Math.max(0, Math.ceil((warningShownAt + countdownMs - now) / 1000));
}
