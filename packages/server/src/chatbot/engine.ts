/**
 * The assistant engine behind `POST /api/chat/generate` (spec §7 "Chatbot service"). The built-in
 * engine (`builtin.ts`) is the embedded default: deterministic, no network. A model-backed provider
 * (ASSISTANT_PROVIDER=openai, chatbot/openai.ts) implements the same interface and offers the model
 * the data query tools of `tools.ts`.
 */
import type { ChatDataset, ChatMessage, RelatedLink } from '@cloudportal/core';
import type {
  ChatScreenshotType,
  PageAction,
  PageActionProposal,
  PageContext,
  ReportContext,
} from '@cloudportal/core/rules';

/** The tenant a question is about, from the verified app token. */
export interface AssistantTenant {
  id: string;
  displayName: string;
  /** The datasets the tenant may use (spec §5 "Dataset availability"), e.g. ['all', 'm365', 'azure']. */
  datasets: readonly ChatDataset[];
}

/** Who asks: their name for the greeting, their features for the related links they can open (spec §6). */
export interface AssistantViewer {
  displayName: string;
  features: readonly string[];
}

/**
 * The screenshot of the question being answered (spec §3 "Message" `data.screenshot`): an image the
 * route has checked — PNG, JPEG or WebP by its own bytes, at most 2 MiB (`CHAT_SCREENSHOT_MAX_BYTES`).
 */
export interface AssistantScreenshot {
  /** The image type, e.g. 'image/png'. */
  type: ChatScreenshotType;
  /** The image bytes, base64 (no `data:` prefix); `data:${type};base64,${base64}` is the URL that was sent. */
  base64: string;
}

/**
 * An earlier message of the chat as an engine reads it. Earlier screenshots are not loaded (they can
 * be megabytes each and are not sent again): `hasScreenshot` only says the user attached one.
 */
export interface AssistantHistoryMessage extends Pick<ChatMessage, 'sender' | 'message' | 'type'> {
  /** True on a user message that was sent with a screenshot. */
  hasScreenshot?: boolean;
}

/** One question to answer. */
export interface AssistantRequest {
  /** Sanitized plain text; empty when the question is a screenshot only (spec §5 "Chat message"). */
  question: string;
  /**
   * The screenshot sent with this question, if any. The built-in engine cannot read images and says
   * so; a model provider sends it to a vision model with the question.
   */
  screenshot?: AssistantScreenshot;
  /** The chat's dataset: the engine answers only about it. */
  dataset: ChatDataset;
  /** The chat's earlier messages, oldest first. */
  history: readonly AssistantHistoryMessage[];
  tenant: AssistantTenant;
  viewer: AssistantViewer;
  /**
   * The live report view the question was asked on (beyond the spec), checked by the route
   * (`reportContextIssue`). What the user says they look at: it names no tenant or user, and it
   * never widens what the engine reads — data comes from the verified caller's tenant only.
   */
  reportContext?: ReportContext;
  /**
   * What the host page says the visitor is looking at there (`pageContextIssue` checked it): data
   * from the page, which an engine must never follow as instructions. Like the report view, it
   * never widens what the engine reads.
   */
  pageContext?: PageContext;
  /**
   * The actions the host page offers (`pageActionsIssue` checked them). An engine may propose one
   * in its reply, with arguments `proposePageAction` accepts; it never runs one.
   */
  pageActions?: readonly PageAction[];
}

/** An answer. */
export interface AssistantReply {
  /** Markdown. */
  markdown: string;
  /** Portal pages that show the data of the answer. */
  relatedLinks: RelatedLink[];
  /** Questions the user may ask next. */
  followups: string[];
  /** The host page's action the answer proposes, its arguments checked against its parameters. */
  action?: PageActionProposal;
}

/**
 * Where an engine writes its answer as it is written (`POST …/generate` with `Accept:
 * text/event-stream`, issue 40 §1). The reply the engine returns stays the whole answer: what is
 * stored and sent in the final event.
 */
export interface AnswerStream {
  /** The next piece of the answer's Markdown, in order. */
  text(delta: string): void;
  /** The text written so far is not part of the answer (the model went on to call tools): start over. */
  restart(): void;
  /** Aborted when the visitor stops the answer or leaves: the engine stops, and stops asking its model. */
  readonly signal: AbortSignal;
}

/** An answer ended by {@link AnswerStream.signal}: the engine stopped; the route keeps what was written. */
export class AnswerStoppedError extends Error {
  constructor() {
    super('The answer was stopped.');
    this.name = 'AnswerStoppedError';
  }
}

/** Answers questions about a tenant's Azure and Microsoft 365 data. */
export interface AssistantEngine {
  /** The model behind the answers, the default of the settings' modelName. */
  readonly modelName: string;
  /**
   * The answer to `request`. Given a `stream`, its text is written there as it is made as well, and
   * an abort of the stream's signal ends it with {@link AnswerStoppedError}.
   */
  answer(request: AssistantRequest, stream?: AnswerStream): Promise<AssistantReply>;
  /** Questions to start a chat on `dataset` with, before anything was asked. */
  starterQuestions(dataset: ChatDataset): string[];
}
