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
  'route.tenant': 'Select Tenant',
  'route.idToken': 'Authenticate',
  'videos.failed': 'The video library could not be loaded.',
  'chat.signIn': 'Sign in to use the assistant',


  'session.starting': 'Signing you in',
  'session.logout': 'Log out',

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
  // Spec §2 "Assistant chat", §3 "Chat" and "Relative time display", §4 "Chat", §5 "Chat message"
  // and "Chat rename", §8 "Chat". Quoted spec strings are exact.
  'chat.open': 'Assistant',
  'chat.title': 'Cloud Assistant',
  'chat.subtitle': 'Instant answers and actionable insights to optimize your cloud environment',
  'chat.startNew': 'Start a new chat',
  'chat.beta': 'Beta',
  'chat.newChat': 'New Chat',
  'chat.close': 'Close chat',
  'chat.loading': 'Loading the chat',
  'chat.history': 'Chat history',
  'chat.history.loading': 'Loading chat history',
  'chat.history.empty': 'No chat history available',
  'chat.history.thisWeek': 'THIS WEEK',
  'chat.history.lastWeek': 'LAST WEEK',
  'chat.history.thisMonth': 'THIS MONTH',
  'chat.history.older': 'OLDER',
  'chat.history.rename': 'Rename',
  'chat.history.delete': 'Delete',
  'chat.rename.title': 'Rename chat',
  'chat.rename.label': 'Chat name',
  'chat.rename.submit': 'Rename',
  'chat.rename.required': 'Chat name is required',
  'chat.rename.failed': 'Failed to rename chat',
  'chat.rename.done': 'Chat renamed successfully',
  'chat.delete.failed': 'Failed to delete chat',
  'chat.delete.done': 'Chat deleted successfully',
  'chat.error.title': 'Error',
  'chat.error.rateLimited': "We're limiting requests right now to keep things running smoothly. The rate limit is 2 requests per minute. Take a short break, and you'll be able to try again in a minute.",
  'chat.error.generic': 'An error occurred. Please try again later.',
  'chat.notEnabled': 'Assistant is not enabled for your tenant. Please contact your administrator to enable it.',
  'chat.quickStart.azure': 'Company Overview Azure',
  'chat.quickStart.m365': 'Company Overview M365',
  'chat.dataset.label': 'Dataset',
  'chat.dataset.all': 'All',
  'chat.dataset.m365': 'M365',
  'chat.dataset.azure': 'Azure',
  'chat.input.label': 'Ask the assistant',
  'chat.input.placeholder': 'Ask a question about your cloud environment',
  'chat.input.counter': '{count} / {max}',
  'chat.input.tooLong': 'Maximum length is {max} characters.',
  'chat.send': 'Send',
  'chat.generating': 'The assistant is answering',
  'chat.screenshot': 'Attached screenshot',
  'chat.screenshot.attach': 'Attach screenshot',
  'chat.screenshot.remove': 'Remove screenshot',
  'chat.screenshot.preview': 'Screenshot to send',
  'chat.screenshot.type': 'Attach a PNG, JPEG or WebP image.',
  'chat.screenshot.size': 'The screenshot is larger than {max}.',
  'chat.screenshot.unreadable': 'The screenshot could not be read.',
  'chat.copy': 'Copy',
  'chat.copied': 'Copied',
  'chat.relatedLinks': 'Related links',
  'chat.followups': 'Suggested questions',
  'chat.cost': 'Chat cost: {cost}',
  'chat.disclaimer': 'The assistant can make mistakes. Check important information before you act on it.',
  'chat.tooLong.text': 'This chat is getting long. Start a new chat for faster and more accurate answers.',
  'chat.tooLong.dismiss': 'Dismiss',
  'chat.time.justNow': 'just now',
  'chat.time.minute': '1 minute ago',
  'chat.time.minutes': '{count} minutes ago',
  'chat.time.hour': '1 hour ago',
  'chat.time.hours': '{count} hours ago',
  'chat.time.yesterday': 'yesterday',
  'chat.time.days': '{count} days ago',
  'chat.time.week': '1 week ago',
  'chat.time.weeks': '{count} weeks ago',
  'chat.time.month': '1 month ago',
  'chat.time.months': '{count} months ago',
  'chat.time.year': '1 year ago',
  'chat.time.years': '{count} years ago',
  // The chat widget's own labels (not quoted in the spec).
  'chat.conversation': 'Conversation',
  'chat.sender.user': 'You',
  'chat.table': 'Table',
  'chat.history.untitled': 'Untitled chat',
  'chat.history.renameItem': 'Rename {name}',
  'chat.history.deleteItem': 'Delete {name}',
} as const;

/** A key of the catalogue. */
import type { feedbackEn } from './feedbackMessages';
import type { pagesEn } from './pageMessages';
import type { reportEn } from './reportMessages';
import type { searchEn } from './searchMessages';
import type { shellEn } from './shellMessages';

export type MessageKey = keyof typeof en | keyof typeof shellEn | keyof typeof reportEn | keyof typeof pagesEn | keyof typeof searchEn | keyof typeof feedbackEn;

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

// English messages of pieces that load later (the shell), registered when the piece first loads.
const pieceDefaults: Partial<Messages> = {};

/** Adds a piece's English messages to every translator (its keys are part of {@link MessageKey}). */
export function registerMessages(defaults: Partial<Messages>): void {
  Object.assign(pieceDefaults, defaults);
}

/** Builds a lookup over English overlaid with the given translations. */
/*@__NO_SIDE_EFFECTS__*/
export function createTranslator(overrides: Partial<Messages> = {}): Translate {
  const catalogue: Partial<Messages> = { ...en, ...overrides };
  return (key, params) => formatMessage(catalogue[key] ?? pieceDefaults[key] ?? key, params);
}
