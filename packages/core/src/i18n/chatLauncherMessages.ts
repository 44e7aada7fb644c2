// spec §2 "Assistant chat"
/**
 * The assistant launcher's label alone, in a module of its own
 * (`@cloudportal/core/launcher`, importing nothing): `<cp-assistant>`'s stand-in launcher shows it
 * before the chat, and `chatEn` with it, has loaded.
 * @public
 */
export const chatLauncherEn = {
  'chat.open': 'Assistant',
} as const;

/**
 * What an element shows, in each language the SDK ships, when the portal cannot be reached or its
 * own code could not be loaded (`partner.unavailable` of the catalogues, which take it from here):
 * the elements' entry shows it without loading the catalogues.
 * @public
 */
export const unavailableMessages = {
  en: 'The portal could not be reached. Try again in a moment.',
  de: 'Das Portal ist nicht erreichbar. Versuchen Sie es gleich noch einmal.',
} as const;
