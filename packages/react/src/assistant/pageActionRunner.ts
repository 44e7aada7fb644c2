import { createContext } from 'react';
import type { AssistantActionDetail } from './assistantEvents';

/**
 * What runs an action the visitor chose: the host's `onAction` (the element's `cp-assistant-action`),
 * answering the result the host gave, if any. Null when the host takes no actions: no button shows.
 */
export type RunPageAction = (detail: AssistantActionDetail) => Promise<string | undefined>;

/** The host's runner of page actions, given by the chat to its answers. */
export const PageActionRunner = createContext<RunPageAction | null>(null);
