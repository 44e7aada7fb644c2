// Not in the spec: a chat taken away — the visitor's download, and what the host page hands to its
// support desk (`exportChat()`).
/**
 * A chat as a transcript: its questions and answers, their times, related links and what was sent
 * with each question, as Markdown for people and JSON for programs.
 */
import type { ChatDataset, ChatMessage } from '../api/chat';
import type { Translate } from '../i18n/messages';
import { datasetOptions } from './chat';
import type { PageContext } from './pageContext';

/**
 * One message of a transcript.
 * @public
 */
export interface ChatTranscriptMessage {
  /** Who wrote it. */
  sender: 'user' | 'assistant';
  /** The text: plain for a question, Markdown for an answer. */
  text: string;
  /** ISO time it was stored, when known. */
  time?: string;
  /** `error`: the assistant's failure message; `stopped`: an answer the visitor stopped. */
  type?: 'error' | 'stopped';
  /** The answer's related portal pages, with their full addresses. */
  links?: { name: string; path: string; url: string }[];
  /** The question was sent with a screenshot (the image itself is left out). */
  screenshot?: boolean;
  /** What the host page said the visitor was looking at when the question was asked. */
  pageContext?: PageContext;
}

/**
 * A chat taken away: `exportChat()`'s answer, and the JSON the visitor downloads.
 * @public
 */
export interface ChatTranscript {
  /** The chat's id; null before its first question created it. */
  chatId: string | null;
  /** The chat's name, as its header shows it. */
  title: string;
  /** The dataset it answers from. */
  dataset: ChatDataset | null;
  /** ISO time of the export. */
  exported: string;
  /** The chat's cost so far, and its currency; null when the server has not said. */
  cost: number | null;
  currency: string;
  /** The questions and answers, oldest first (the greeting of a new chat is not one). */
  messages: ChatTranscriptMessage[];
}

/**
 * What a transcript is made from: the open chat as the chat store holds it.
 * @public
 */
export interface TranscriptSource {
  chatId: string | null;
  title: string;
  dataset: ChatDataset | null;
  cost: number | null;
  currency: string;
  messages: readonly ChatMessage[];
}

/**
 * The transcript of a chat, exported at `now`. `linkUrl` turns a related link's portal route into
 * the address a reader can open (the portal's origin and content prefix).
 * @public
 */
export function chatTranscript(chat: TranscriptSource, now: Date, linkUrl: (url: string) => string): ChatTranscript {
  return {
    chatId: chat.chatId,
    title: chat.title,
    dataset: chat.dataset,
    exported: now.toISOString(),
    cost: chat.cost,
    currency: chat.currency,
    messages: chat.messages.map((m): ChatTranscriptMessage => {
      const links = (m.relatedLinks ?? []).map((l) => ({ name: l.name, path: l.path, url: linkUrl(l.url) }));
      return {
        sender: m.sender,
        text: m.message,
        ...(m.created ? { time: m.created } : {}),
        ...(m.type ? { type: m.type } : {}),
        ...(links.length ? { links } : {}),
        ...(m.data?.screenshot ? { screenshot: true } : {}),
        ...(m.data?.pageContext ? { pageContext: m.data.pageContext } : {}),
      };
    }),
  };
}

/** `2026-12-07 13:20 UTC`: a transcript's times, the same for every reader. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Text from the chat as a Markdown heading's or emphasis' literal words. */
const literal = (text: string) => text.replace(/[\\`*_{}[\]<>#|]/g, '\\$&');

/**
 * The transcript as Markdown: the chat's name as its heading, the dataset, the export time and the
 * cost; each question (quoted, as typed) and answer (its own Markdown) under who wrote it and when,
 * with what the question was sent with and the answer's related pages. Labels come from `t`.
 * @public
 */
export function transcriptMarkdown(transcript: ChatTranscript, t: Translate, assistantName: string): string {
  const about = [
    transcript.dataset ? t('chat.export.dataset', { dataset: datasetOptions([transcript.dataset], t)[0]!.text }) : '',
    t('chat.export.exported', { time: utc(transcript.exported) }),
    transcript.cost !== null ? t('chat.export.cost', { cost: `${transcript.currency} ${transcript.cost}` }) : '',
  ].filter(Boolean);
  const parts = [`# ${literal(transcript.title)}`, about.join(' · ')];
  for (const m of transcript.messages) {
    const who = m.sender === 'user' ? t('chat.export.you') : literal(assistantName);
    parts.push(`**${who}**${m.time ? ` · ${utc(m.time)}` : ''}`);
    if (m.sender === 'user') {
      const notes = [
        m.pageContext ? t('chat.context.using', { title: literal(m.pageContext.title) }) : '',
        m.screenshot ? t('chat.export.screenshot') : '',
      ].filter(Boolean);
      parts.push(
        [...m.text.split('\n').map((line) => `> ${literal(line)}`), ...notes.map((n) => `>\n> _${n}_`)].join('\n'),
      );
      continue;
    }
    parts.push(m.text + (m.type === 'stopped' ? `\n\n_${t('chat.answerStopped')}_` : ''));
    if (m.links?.length)
      parts.push(
        [
          `${t('chat.relatedLinks')}:`,
          ...m.links.map((l) => `- [${literal(l.name)}](${l.url}) — ${literal(l.path)}`),
        ].join('\n'),
      );
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * The transcript's file name: the chat's name in lower case, words joined by hyphens, and the
 * export's date, then `.md` or `.json`: `november-spend-2026-12-07` for the chat 'November spend'.
 * @public
 */
export function transcriptFileName(transcript: ChatTranscript, extension: 'md' | 'json'): string {
  const words =
    transcript.title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'chat';
  return `${words}-${transcript.exported.slice(0, 10)}.${extension}`;
}
