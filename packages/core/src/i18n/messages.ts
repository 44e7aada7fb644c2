import { unavailableMessages } from './chatLauncherMessages';

// Quoted strings of the spec are reproduced exactly.
/**
 * The English message catalogue: every user-visible string the SDK ships.
 * Where the portal prescribes an exact wording, it is reproduced exactly. Partners translate by passing a partial
 * catalogue to `createPortalClient({ messages })` (or React's `<PortalProvider>`).
 * @public
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
  'route.tenant': 'Select Tenant',
  'route.idToken': 'Authenticate',
  'videos.failed': 'The video library could not be loaded.',

  'session.starting': 'Signing you in',
  'session.logout': 'Log out',
  // A connected site's visitor whose sign-in through the site's token provider failed.
  'partner.providerFailed': 'Signing in through this website failed. Reload the page or try again.',
  'partner.unavailable': unavailableMessages.en,
  'partner.retry': 'Try again',
  'partner.pieceNotAllowed': 'This website may not show this part of the portal.',

  'signIn.toast.onboardingDisabled': 'Onboarding is disabled',
  'signIn.toast.permissionNotGranted': 'Permission not granted',
  'signIn.toast.authenticationError': 'Authentication error',
  'signIn.toast.unableToIdentify': 'Unable to identify user: {reason}',

  // Spec §2 "Forced terms dialog" and §8 "Terms".
  'eula.notAccepted': 'Not Accepted',

  // Spec §4 "Idle session".
  'idle.title': 'Are you still there?',
  'idle.text': 'You have been inactive for a while. You will be logged out in {seconds} s.',
  'idle.countdownLabel': 'Time left before you are logged out',
  'idle.stay': 'Stay signed in',

  // Each locale's name in its own language (the settings drawer's language picker), the
  // same in every catalogue so a visitor finds their language whichever one is shown.
  'locale.name.en': 'English',
  'locale.name.de': 'Deutsch',
  'locale.name.en-XA': 'Pseudo (en-XA)',
} as const;

/**
 * The id of a feature-page text: its dataset's (`data.…`) or its page's (`datasetPage.…`); dataMessages.ts makes them.
 * @public
 */
export type DataMessageKey = `data.${string}` | `datasetPage.${string}`;

/**
 * The id of a menu text the server answers in the request's locale: an item's display
 * name and description, a tab's, an error page's — `menu.item.<name>`, `menu.item.<name>.description`,
 * `menu.page.<page id>.tab.<tab name>` (and `.description`), `menu.page.<page id>.error`. Its English
 * is the item's configured text, not a catalogue's (`i18n/de/menuMessages.ts`).
 * @public
 */
export type MenuMessageKey = `menu.item.${string}` | `menu.page.${string}`;

/** A key of the catalogue. */
import type { chartEn } from './chartMessages';
import type { chatEn } from './chatMessages';
import type { dashboardEn } from './dashboardMessages';
import type { feedbackEn } from './feedbackMessages';
import type { gridEn } from './gridMessages';
import type { pagesEn } from './pageMessages';
import type { questionnaireEn } from './questionnaireMessages';
import type { releaseNotesEn } from './releaseNotesMessages';
import type { reportEn } from './reportMessages';
import type { searchEn } from './searchMessages';
import type { settingsEn } from './settingsMessages';
import type { shellEn } from './shellMessages';
import type { dynamicPageEn } from './dynamicPageMessages';
import type { serverEn } from './serverMessages';

/**
 * The id of a message of the catalogue: every key of the English messages of the core and the pieces.
 * @public
 */
export type MessageKey =
  | keyof typeof en
  | keyof typeof chatEn
  | keyof typeof shellEn
  | keyof typeof dynamicPageEn
  | keyof typeof reportEn
  | keyof typeof pagesEn
  | keyof typeof searchEn
  | keyof typeof feedbackEn
  | keyof typeof settingsEn
  | keyof typeof gridEn
  | keyof typeof dashboardEn
  | keyof typeof chartEn
  | keyof typeof questionnaireEn
  | keyof typeof releaseNotesEn
  | keyof typeof serverEn
  // The feature pages' texts: ids made by convention from their datasets and pages (dataMessages.ts).
  | DataMessageKey
  // The menu's texts: ids made by convention from the items' names and page ids (the server answers them).
  | MenuMessageKey;

/**
 * A full catalogue: one string per key.
 * @public
 */
export type Messages = Record<MessageKey, string>;

/**
 * Placeholders such as `{seconds}` are replaced by the named parameter; unknown ones stay visible.
 * @public
 */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A catalogue lookup function bound to one set of messages.
 * @public
 */
export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

// English messages of pieces that load later (the shell), registered when the piece first loads.
const pieceDefaults: Partial<Messages> = {};

/**
 * Adds a piece's English messages to every translator (its keys are part of {@link MessageKey}).
 * @public
 */
export function registerMessages(defaults: Partial<Messages>): void {
  Object.assign(pieceDefaults, defaults);
}

/**
 * The English message of `key`: the core catalogue's, else a registered piece's; undefined when none has it.
 * @public
 */
export function englishMessage(key: MessageKey): string | undefined {
  return (en as Partial<Messages>)[key] ?? pieceDefaults[key];
}

/**
 * Builds a lookup over English overlaid with a locale's catalogue and, on top, the given overrides (a
 * partner's own texts). Each key falls back on its own: overrides, else the locale's message, else
 * English (the core catalogue, then registered pieces), else the key itself.
 * @public
 */
/*@__NO_SIDE_EFFECTS__*/
export function createTranslator(overrides: Partial<Messages> = {}, locale: Partial<Messages> = {}): Translate {
  return (key, params) => formatMessage(overrides[key] ?? locale[key] ?? englishMessage(key) ?? key, params);
}
