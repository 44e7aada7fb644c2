import { atom, type ReadableAtom } from 'nanostores';
import type { ChatDataset } from '../api/chat';

// spec §5 "Dataset availability"
/** The datasets a chat may use and the choice of one. Internal to the chat store. */
export interface ChatDatasets {
  /** In the selector's order; empty: the assistant is not enabled. */
  readonly $datasets: ReadableAtom<readonly ChatDataset[]>;
  /** The datasets now. */
  list(): readonly ChatDataset[];
  /** `preferred` when the tenant has it, else the first available; null when none is. */
  pick(preferred: ChatDataset | null | undefined): ChatDataset | null;
}

/** The chat's datasets over a fixed list or an atom that follows the session and the licences. */
export function chatDatasets(given: readonly ChatDataset[] | ReadableAtom<readonly ChatDataset[]>): ChatDatasets {
  const $datasets: ReadableAtom<readonly ChatDataset[]> = 'get' in given ? given : atom(given);
  const list = (): readonly ChatDataset[] => $datasets.get();
  return {
    $datasets,
    list,
    pick(preferred) {
      const available = list();
      return preferred && available.includes(preferred) ? preferred : (available[0] ?? null);
    },
  };
}
