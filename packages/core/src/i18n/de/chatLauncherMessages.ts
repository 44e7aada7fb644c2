import type { chatLauncherEn } from '../chatLauncherMessages';

/**
 * The assistant launcher's German label: `chatLauncherEn` key for key.
 * @public
 */
export const chatLauncherDe = {
  'chat.open': 'Assistent',
} satisfies Record<keyof typeof chatLauncherEn, string>;
