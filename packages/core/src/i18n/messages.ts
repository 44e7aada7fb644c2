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
