import { DATASET_PAGES, DATASETS } from '../rules/featureData';
import { pseudoLocalize } from '../rules/locale';
import { datasetMessagesEn } from './dataMessagesEn';
import { englishMessage, type MessageKey, type Messages } from './messages';

/**
 * The pseudo-locale's catalogue (en-XA): every English message accented and longer.
 * Pieces register their English messages when they load, which may be after this catalogue was
 * made, so each key is pseudo-localized when it is first asked for rather than all at once; a key
 * without English has no message here (the translator then answers the key).
 */
export function pseudoCatalogue(): Partial<Messages> {
  // No prototype: a key such as 'toString' is a missing message, not a function.
  const made = Object.create(null) as Record<string, string>;
  // The feature pages' texts (their English is in the definitions, not registered): every domain's,
  // loaded with this catalogue — the pseudo-locale is a tool for finding untranslated text.
  const data: Record<string, string> = datasetMessagesEn({ datasets: DATASETS, pages: DATASET_PAGES });
  return new Proxy(made, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (!(key in target)) {
        const english = englishMessage(key as MessageKey) ?? data[key];
        if (english === undefined) return undefined;
        target[key] = pseudoLocalize(english);
      }
      return target[key];
    },
  }) as Partial<Messages>;
}
