/**
 * The assistant launcher's label alone (spec §2 "Assistant chat"), in a module of its own
 * (`@cloudportal/core/launcher`, importing nothing): `<cp-assistant>`'s stand-in launcher shows it
 * before the chat, and `chatEn` with it, has loaded.
 */
export const chatLauncherEn = {
  'chat.open': 'Assistant',
} as const;
