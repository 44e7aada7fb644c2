/**
 * The English message catalogue: every user-visible string the SDK ships.
 * Quoted strings of the spec are reproduced exactly. Partners translate by passing a partial
 * catalogue to `createPortalClient({ messages })` (or React's `<PortalProvider>`).
 */
export const en = {
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.close': 'Close',

  'confirm.countdown': 'Closes in {seconds} s',
  'confirm.countdownLabel': 'Time left before this dialog closes',
  'confirm.icon.success': 'Success',
  'confirm.icon.warning': 'Warning',
  'confirm.icon.error': 'Error',
  'confirm.icon.info': 'Information',
  'confirm.icon.question': 'Question',

  'toast.region': 'Notifications',
  'toast.dismiss': 'Dismiss notification',

  'progress.loading': 'Loading',
  'skeleton.loading': 'Loading',

  // Spec §2 route labels (page titles are '{productName} - {label}').
  'route.login': 'Sign In',
  'route.register': 'Onboarding',
  'route.tenant': 'Select Tenant',
  'route.idToken': 'Authenticate',

  'session.starting': 'Signing you in',
  'session.logout': 'Log out',

  'signIn.heading': 'Sign in to {productName}',
  'signIn.intro': 'Sign in with the account of your organisation.',
  'signIn.microsoft': 'Sign in with Microsoft',
  'signIn.demoHeading': 'Demo accounts',
  'signIn.demoIntro': 'This reference server signs in its demo accounts without a password.',
  'signIn.busy': 'Signing in…',
  'signIn.noProvider': 'No sign-in method is configured for this portal.',
  'signIn.accountsFailed': 'The demo accounts could not be loaded.',

  'tenant.heading': 'Choose a tenant',
  'tenant.intro': 'Your account has access to several tenants. Choose the one to work in.',
  'tenant.loading': 'Loading your tenants',
  'tenant.failed': 'Your tenants could not be loaded.',
  'tenant.expired': 'Your sign-in has expired. Please sign in again.',
  'tenant.backToSignIn': 'Back to sign in',

  'register.heading': 'Onboarding',
  'register.text': 'Your organisation is not onboarded to {productName} yet. Your partner onboards new tenants; please contact them to get started.',

  // Spec §2 "Forced terms dialog" and §8 "Terms".
  'eula.title': 'Terms and Conditions',
  'eula.agree': 'I have read and agree to the Terms and Conditions.',
  'eula.accept': 'Accept',
  'eula.notAccepted': 'Not Accepted',
  'eula.notAcceptedText': 'Your account may not accept the Terms and Conditions. Please contact your administrator, or log out.',
  'eula.loading': 'Loading the Terms and Conditions',
  'eula.loadFailed': 'Failed to load Terms and Conditions',
  'eula.retry': 'Try again',
  'eula.acceptFailed': 'Error accepting Terms and Conditions. Please consult your support team.',
  'eula.accepted': 'Terms and Conditions accepted.',

  // Spec §4 "Idle session".
  'idle.title': 'Are you still there?',
  'idle.text': 'You have been inactive for a while. You will be logged out in {seconds} s.',
  'idle.countdownLabel': 'Time left before you are logged out',
  'idle.stay': 'Stay signed in',
} as const;

/** A key of the catalogue. */
export type MessageKey = keyof typeof en;

/** A full catalogue: one string per key. */
export type Messages = Record<MessageKey, string>;

/** Placeholders such as `{seconds}` are replaced by the named parameter; unknown ones stay visible. */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** A catalogue lookup function bound to one set of messages. */
export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

/** Builds a lookup over English overlaid with the given translations. */
export function createTranslator(overrides: Partial<Messages> = {}): Translate {
  const catalogue: Messages = { ...en, ...overrides };
  return (key, params) => formatMessage(catalogue[key], params);
}
