/**
 * The events `<AssistantChat>` reports: a leaf module, so the chat's hooks (useAssistantChat.ts) and the
 * component (AssistantChat.tsx, which re-exports them) share them without importing each other.
 */
import type { ChatDataset, ChatMessage, RelatedLink } from '@cloudportal/core';

/** `detail` of the message-sent event: the question as sent (sanitized to plain text) and its dataset. */
export interface AssistantMessageSentDetail {
  question: string;
  dataset: ChatDataset | null;
}

/** `detail` of the answer-received event: the assistant's message (`type: 'error'` for the §8 error texts). */
export interface AssistantAnswerDetail {
  message: ChatMessage;
}

/** What `<AssistantChat>` reports (the `cp-assistant` element turns each into a `cp-assistant-*` event). */
export interface AssistantChatEvents {
  /** The dialog opened (dialog mode). */
  onOpened?: () => void;
  /** The dialog closed (dialog mode). */
  onClosed?: () => void;
  /** A question went to the assistant (typed, a quick start or a follow-up). */
  onMessageSent?: (detail: AssistantMessageSentDetail) => void;
  /** The assistant answered, or its §8 error message took the answer's place. */
  onAnswerReceived?: (detail: AssistantAnswerDetail) => void;
  /**
   * A related link was chosen. Return `true` when the host routed it itself (its router): the
   * browser's navigation to `/{contentPrefix}/{url}` is then cancelled. Otherwise the link is a
   * normal link.
   */
  onLinkChosen?: (link: RelatedLink) => boolean | void;
}
