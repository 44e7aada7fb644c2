/**
 * The events `<AssistantChat>` reports: a leaf module, so the chat's hooks (useAssistantChat.ts) and the
 * component (AssistantChat.tsx, which re-exports them) share them without importing each other.
 */
import type { ChatDataset, ChatMessage, PageContextValue, RelatedLink } from '@cloudportal/core';

/**
 * `detail` of the message-sent event: the question as sent (sanitized to plain text) and its dataset.
 * @public
 */
export interface AssistantMessageSentDetail {
  /** The question as sent: plain text, at most 2,000 characters. */
  question: string;
  /** The dataset the question was asked about, or null when the chat has none. */
  dataset: ChatDataset | null;
}

/**
 * `detail` of the answer-received event: the assistant's message (`type: 'error'` for the assistant's failure messages).
 * @public
 */
export interface AssistantAnswerDetail {
  /** The assistant's message as the chat shows it: its text, its related links and its type. */
  message: ChatMessage;
}

/**
 * `detail` of the answer-progress event: the answer so far, as Markdown (not yet sanitized HTML).
 * @public
 */
export interface AssistantAnswerProgressDetail {
  /** The answer as far as it is written, in Markdown: sanitize it before showing it as HTML. */
  text: string;
}

/**
 * An action of the host page the visitor chose from an answer: its name and its arguments, checked
 * against the parameters the page registered, and the answer it came from.
 * @public
 */
export interface AssistantActionDetail {
  /** The action's name, as registered. */
  name: string;
  /** Its arguments, valid for its parameters. */
  arguments: { readonly [key: string]: PageContextValue };
  /** The id of the answer that proposed it. */
  messageId: string;
}

/**
 * What `<AssistantChat>` reports (the `cp-assistant` element turns each into a `cp-assistant-*` event).
 * @public
 */
export interface AssistantChatEvents {
  /** The dialog opened (dialog mode). */
  onOpened?: () => void;
  /** The dialog closed (dialog mode). */
  onClosed?: () => void;
  /** A question went to the assistant (typed, a quick start or a follow-up). */
  onMessageSent?: (detail: AssistantMessageSentDetail) => void;
  /**
   * The answer is being written: the answer so far, at most every
   * `ANSWER_PROGRESS_INTERVAL_MS` (250 ms) and once more when the last words came. Markdown from the
   * model: sanitize it before showing it as HTML.
   */
  onAnswerProgress?: (detail: AssistantAnswerProgressDetail) => void;
  // spec §8 (the chat error texts)
  /** The assistant answered (`type: 'stopped'` when the visitor stopped it), or an error message took its place. */
  onAnswerReceived?: (detail: AssistantAnswerDetail) => void;
  /**
   * A related link was chosen. Return `true` when the host routed it itself (its router): the
   * browser's navigation to `/{contentPrefix}/{url}` is then cancelled. Otherwise the link is a
   * normal link.
   */
  onLinkChosen?: (link: RelatedLink) => boolean | void;
  /**
   * The visitor chose an action of the page that an answer proposed (see `actions`): do it. What
   * it answers (text, at most 1,000 characters, or a promise of it) shows under the action's button
   * and is stored with the answer. Without it, no action's button shows.
   */
  onAction?: (action: AssistantActionDetail) => string | void | Promise<string | void>;
}
