/**
 * The assistant engine behind `POST /api/chat/generate` (spec §7 "Chatbot service"). The built-in
 * engine (`builtin.ts`) is the embedded default: deterministic, no network. A model-backed provider
 * (ASSISTANT_PROVIDER=openai, chatbot/openai.ts) implements the same interface and offers the model
 * the data query tools of `tools.ts`.
 */
import type { ChatDataset, ChatMessage, RelatedLink } from '@cloudportal/core';

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

/** One question to answer. */
export interface AssistantRequest {
  /** Sanitized plain text. */
  question: string;
  /** The chat's dataset: the engine answers only about it. */
  dataset: ChatDataset;
  /** The chat's earlier messages, oldest first. */
  history: readonly ChatMessage[];
  tenant: AssistantTenant;
  viewer: AssistantViewer;
}

/** An answer. */
export interface AssistantReply {
  /** Markdown. */
  markdown: string;
  /** Portal pages that show the data of the answer. */
  relatedLinks: RelatedLink[];
  /** Questions the user may ask next. */
  followups: string[];
}

/** Answers questions about a tenant's Azure and Microsoft 365 data. */
export interface AssistantEngine {
  /** The model behind the answers, the default of the settings' modelName. */
  readonly modelName: string;
  answer(request: AssistantRequest): Promise<AssistantReply>;
  /** Questions to start a chat on `dataset` with, before anything was asked. */
  starterQuestions(dataset: ChatDataset): string[];
}
