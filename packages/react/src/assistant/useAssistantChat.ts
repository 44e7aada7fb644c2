/**
 * The assistant chat's behaviour apart from its markup (AssistantChat.tsx renders it): opening the
 * latest chat, the assistant's name, the live announcements and events that follow the store, the
 * focus given back after an answer, and sending a question.
 */
import {
  ANSWER_PROGRESS_INTERVAL_MS,
  SCROLL_TO_LATEST_MS,
  type ChatSettings,
  type ChatState,
  type ChatStatus,
  portalChat,
  portalChatApi,
  type RelatedLink,
} from '@cloudportal/core';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useAccount } from '../auth/useSession';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { focusLostFrom } from '../ui/focus';
import { useLoad } from '../ui/useLoad';
import type { AssistantChatEvents } from './assistantEvents';
import { answerText, loadMarkdown, renderAnswer } from './markdown';
import { preloadStreamingAnswer } from './StreamingAnswerRow';

// spec §2 / §9
/**
 * Scrolls the conversation so the latest question is at the top. Smoothly over a short
 * way; a jump over more than two screens (a restored long chat) is instant, since rows out of view
 * are laid out only when shown (`content-visibility`) and a long animation would miss its target.
 */
function scrollToLatestUserMessage(root: HTMLElement | null) {
  const questions = root?.querySelectorAll<HTMLElement>('li[data-sender="user"]');
  const latest = questions?.[questions.length - 1];
  if (!root || !latest || typeof latest.scrollIntoView !== 'function') return;
  const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const distance = Math.abs(latest.getBoundingClientRect().top - root.getBoundingClientRect().top);
  const smooth = !reduce && distance <= 2 * root.clientHeight;
  latest.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}

/** How long the latest question stays at the top while the answers around it take their height. */
const PIN_LATEST_MS = 3000;

/**
 * Scrolls the latest question to the top of `root`, and keeps it there while what is drawn around it
 * grows (answers taking their rendered height, on a slow machine frames after the first scroll) —
 * until the visitor scrolls (wheel, touch, keys) or `PIN_LATEST_MS` have passed. Answers the unpin.
 */
function pinLatestUserMessage(root: HTMLElement | null): () => void {
  scrollToLatestUserMessage(root);
  if (!root || typeof ResizeObserver !== 'function') return () => undefined;
  const observer = new ResizeObserver(() => {
    const questions = root.querySelectorAll<HTMLElement>('li[data-sender="user"]');
    questions[questions.length - 1]?.scrollIntoView?.({ block: 'start', behavior: 'auto' });
  });
  for (const child of Array.from(root.children)) observer.observe(child);
  const unpin = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) root.removeEventListener(type, unpin);
  };
  const timer = setTimeout(unpin, PIN_LATEST_MS);
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) root.addEventListener(type, unpin, { passive: true });
  return unpin;
}

/** Brings the end of the conversation's last message into view, when it is below `root`'s bottom edge. */
function revealLatestMessage(root: HTMLElement | null) {
  const messages = root?.querySelectorAll<HTMLElement>('li[data-sender]');
  const last = messages?.[messages.length - 1];
  if (!root || !last) return;
  const below = last.getBoundingClientRect().bottom - root.getBoundingClientRect().bottom;
  if (below > 0) root.scrollTop += below;
}

// spec §4
/**
 * Opening restores the latest chat (or creates one). The datasets come with the account,
 * so the chat opens once the account has loaded (a failed load opens it as not enabled).
 */
export function useOpenLatestChat(status: ChatStatus) {
  const client = usePortalClient();
  const account = useAccount();
  const accountSettled = account.status === 'loaded' || account.status === 'error';
  useEffect(() => {
    if (accountSettled && status === 'idle') void portalChat(client).open();
  }, [client, accountSettled, status]);
}

/** Who answers, as the chat's header shows it. */
export interface AssistantIdentity {
  name: string;
  /** The name is the chat settings' (the partner's data), not the catalogue's default. */
  named?: boolean;
  model: string | undefined;
  loading: boolean;
}

// spec §2
/** The assistant's name and model for the header, from the chat settings once the account loaded. */
export function useAssistantIdentity(): AssistantIdentity {
  const client = usePortalClient();
  const t = useT();
  const account = useAccount();
  const loadSettings = useCallback(() => portalChatApi(client).settings(), [client]);
  const [settings] = useLoad<ChatSettings>(account.status === 'loaded' ? loadSettings : null);
  const configured = (settings.state === 'loaded' && settings.value?.name) || '';
  return {
    name: configured || t('chat.title'),
    named: !!configured,
    model: settings.state === 'loaded' ? settings.value?.modelName : undefined,
    loading: settings.state === 'loading',
  };
}

/**
 * Follows the store's transitions: announces once when an answer starts and once when it is finished
 * (the text of the live region, answered), reports the message-sent and answer-received events, and
 * scrolls the latest question to the top of `main` when one is sent or a chat is restored.
 */
export function useChatAnnouncer(
  main: RefObject<HTMLElement | null>,
  callbacks: RefObject<Pick<AssistantChatEvents, 'onMessageSent' | 'onAnswerReceived'>>,
): string {
  const client = usePortalClient();
  const t = useT();
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    let live = true;
    let turn = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const frames = new Set<number>();
    let unpin = () => {};
    // Once drawn: the answers around the question take their height when rendered as Markdown, so the
    // scroll waits for the renderer (at once when it has loaded; a failed load leaves them as text) and
    // the frame they are drawn in — else, on a slow load, the question lands short of the top.
    const inNextFrame = (act: () => void) => {
      const id = requestAnimationFrame(() => {
        frames.delete(id);
        act();
      });
      frames.add(id);
    };
    // A restored chat's question is kept at the top while its answers are drawn (`pin`); a new
    // question's answer is followed as it is written instead (StreamingAnswer).
    const scrollSoon = (pin = false) => {
      const id = setTimeout(() => {
        timers.delete(id);
        void loadMarkdown()
          .catch(() => undefined)
          .then(
            () =>
              live &&
              inNextFrame(() => {
                unpin();
                if (pin) unpin = pinLatestUserMessage(main.current);
                else scrollToLatestUserMessage(main.current);
              }),
          );
      }, SCROLL_TO_LATEST_MS);
      timers.add(id);
    };
    // An error answer is not written out (nothing follows it): once drawn, its end is brought into view,
    // as a written answer's is, whether it came before or after the latest question's scroll.
    const revealSoon = () => inNextFrame(() => revealLatestMessage(main.current));
    const unlisten = portalChat(client).$chat.listen((state, old) => {
      if (!old) return;
      if (state.status === 'generating' && old.status !== 'generating') {
        turn++;
        // Once when the answer starts — never token by token.
        setAnnouncement(t('chat.generating'));
        const question = state.messages[state.messages.length - 1];
        if (question?.sender === 'user')
          callbacks.current.onMessageSent?.({ question: question.message, dataset: state.dataset });
        unpin();
        scrollSoon();
      } else if (old.status === 'generating' && state.status === 'ready') {
        const mine = ++turn;
        const answer = state.messages[state.messages.length - 1];
        // Another chat or dataset replaced the pending question: nothing was answered.
        if (state.messages.length <= old.messages.length || answer?.sender !== 'assistant') {
          setAnnouncement('');
          return;
        }
        callbacks.current.onAnswerReceived?.({ message: answer });
        if (answer.type === 'error') {
          setAnnouncement(answer.message);
          revealSoon();
          return;
        }
        // Then the finished answer, once, as text (a stopped one says so after it).
        const stopped = answer.type === 'stopped' ? ` ${t('chat.answerStopped')}` : '';
        renderAnswer(answer.message).then(
          (html) => live && mine === turn && setAnnouncement(answerText(html) + stopped),
          () => live && mine === turn && setAnnouncement(answer.message + stopped),
        );
      } else if (old.status === 'restoring' && state.status === 'ready' && state.messages.length > 0) {
        scrollSoon(true);
      }
    });
    return () => {
      live = false;
      unpin();
      unlisten();
      for (const id of timers) clearTimeout(id);
      for (const id of frames) cancelAnimationFrame(id);
    };
  }, [client, t, callbacks, main]);
  return announcement;
}

/**
 * Reports the answer so far while it is written — at most every
 * `ANSWER_PROGRESS_INTERVAL_MS`, and once more with the last words before the answer is received.
 */
export function useAnswerProgress(callbacks: RefObject<Pick<AssistantChatEvents, 'onAnswerProgress'>>) {
  const client = usePortalClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let told = '';
    let latest = '';
    const tell = () => {
      timer = undefined;
      if (latest === told) return;
      told = latest;
      callbacks.current.onAnswerProgress?.({ text: latest });
    };
    const unlisten = portalChat(client).$answer.listen((answer) => {
      if (answer === null) {
        // The answer ended: its last words, if they were not told yet, then nothing until the next one.
        clearTimeout(timer);
        tell();
        told = latest = '';
        return;
      }
      latest = answer;
      // Nothing written yet (or the model started over): nothing to tell.
      if (answer) timer ??= setTimeout(tell, ANSWER_PROGRESS_INTERVAL_MS);
    });
    return () => {
      clearTimeout(timer);
      unlisten();
    };
  }, [client, callbacks]);
}

/**
 * The textarea and Send were disabled while the answer generated (and a quick start or follow-up
 * that was clicked is gone): gives focus back to the textarea when it was lost with them.
 */
export function useRefocusAfterAnswer(status: ChatStatus, input: RefObject<HTMLTextAreaElement | null>) {
  const previousStatus = useRef(status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    const field = input.current;
    if (was !== 'generating' || status !== 'ready' || !field) return;
    if (focusLostFrom(field)) field.focus();
  }, [status, input]);
}

/** Sends a question (with its screenshot); answers whether the store took it, and then fetches the Markdown renderer. */
export function useSendQuestion(): (text: string, screenshot?: string) => boolean {
  const client = usePortalClient();
  return useCallback(
    (text: string, screenshot?: string): boolean => {
      void portalChat(client).send(text, screenshot);
      // The store took the question when it started generating; otherwise (not enabled, invalid) the text stays.
      const accepted = portalChat(client).$chat.get().status === 'generating';
      // The answer will be Markdown, shown as it is written: fetch the renderer and that view while the assistant thinks.
      if (accepted) {
        loadMarkdown().catch(() => undefined);
        preloadStreamingAnswer();
      }
      return accepted;
    },
    [client],
  );
}

/** A related link was chosen: answers whether the host routed it itself (the latest `onLinkChosen` said `true`). */
export function useLinkChosen(eventsRef: RefObject<Pick<AssistantChatEvents, 'onLinkChosen'>>) {
  return useCallback((link: RelatedLink) => eventsRef.current.onLinkChosen?.(link) === true, [eventsRef]);
}

/** Which view the chat shows (`data-view`), its state (`data-state`), and whether a question may be asked. */
export function chatDisplay(chat: ChatState) {
  const restoring = chat.status === 'idle' || chat.status === 'restoring';
  const generating = chat.status === 'generating';
  // Spec §8 / §9: nothing asks while a 429's wait counts down (the composer shows it).
  const canAsk = chat.status === 'ready' && chat.retryIn === null;
  const view = restoring
    ? 'restoring'
    : chat.messages.length > 0
      ? 'conversation'
      : chat.notEnabled
        ? 'not-enabled'
        : 'intro';
  const state = restoring ? 'restoring' : generating ? 'generating' : chat.notEnabled ? 'not-enabled' : 'ready';
  return { restoring, generating, canAsk, view, state } as const;
}

/** What {@link chatDisplay} answers. */
export type ChatDisplay = ReturnType<typeof chatDisplay>;
