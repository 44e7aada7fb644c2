import { ANSWER_WRITE_INTERVAL_MS, trustSanitizedHtml } from '@cloudportal/core';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../provider/PortalProvider';
import { adoptStyles } from '../ui/useStyles';
import { advanceBlocks, NO_BLOCKS, rendersByBlocks, unfinished } from './answerBlocks';
import { ChatIcon } from './icons';
import { answerStyles, escapeHtml, rememberRenderedAnswer, renderAnswerSync } from './markdown';

/**
 * Writes the answer of `$answer` into `box` as it grows, outside React's renders: each
 * finished block goes once through the answer pipeline (marked + DOMPurify, the same rules as a
 * whole answer) and is appended; the block still being written shows as text (a text node, so
 * nothing in it is ever read as HTML, whatever pieces it arrived in), at most every
 * `ANSWER_WRITE_INTERVAL_MS`. The work is linear in the answer's length. `onWrite` runs after each
 * write (the scroll that follows the answer).
 */
export function useStreamedAnswer(
  box: RefObject<HTMLElement | null>,
  $answer: ReadableAtom<string | null>,
  tableLabel: string,
  onWrite?: () => void,
): void {
  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    const writing = root.ownerDocument.createElement('p');
    writing.className = 'cp-answer__writing';
    const text = root.ownerDocument.createTextNode('');
    writing.append(text);
    root.replaceChildren(writing);
    adoptStyles(root, [answerStyles()]);
    let state = NO_BLOCKS;
    // The pipeline's HTML of the finished blocks, and whether every block had it (it had loaded).
    let blocks: string[] = [];
    let piped = true;
    const render = (markdown: string) => {
      const html = renderAnswerSync(markdown, { tableLabel });
      if (html === null) piped = false;
      return html ?? `<p>${escapeHtml(markdown.trim())}</p>`;
    };
    const write = (answer: string | null) => {
      if (answer === null) return;
      const step = advanceBlocks(state, answer);
      if (step.restarted) {
        root.replaceChildren(writing);
        blocks = [];
        piped = true;
      }
      for (const block of step.finished) {
        const html = renderAnswerSync(block, { tableLabel });
        if (html === null) {
          // Before the pipeline has loaded: the block as text, set as text (no HTML is parsed).
          piped = false;
          const paragraph = root.ownerDocument.createElement('p');
          paragraph.textContent = block.trim();
          writing.before(paragraph);
          continue;
        }
        blocks.push(html);
        // The DOM typings know only strings; where the browser has Trusted Types this is a
        // TrustedHTML of the SDK's policy, made from the pipeline's sanitized HTML.
        writing.insertAdjacentHTML('beforebegin', trustSanitizedHtml(html) as string);
      }
      const shown = text.data.length;
      const rest = unfinished(step.state);
      // The same block growing: only the new characters are added.
      if (!step.restarted && step.finished.length === 0 && rest.length >= shown) text.appendData(rest.slice(shown));
      else text.data = rest;
      state = step.state;
      onWrite?.();
    };
    // At most one write per ANSWER_WRITE_INTERVAL_MS: the first words at once, then what came
    // meanwhile in one go — each write costs the browser a frame's style, layout and paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = -Infinity;
    const flush = () => {
      timer = undefined;
      last = performance.now();
      write($answer.get());
    };
    // The answer is complete (or gone): what was rendered block by block is the complete answer's
    // HTML, with its last block — unless link references make blocks render differently.
    let latest = $answer.get();
    const complete = () => {
      if (latest === null || !piped || !rendersByBlocks(latest)) return;
      const step = advanceBlocks(state, latest);
      if (step.restarted) return;
      const rest = unfinished(step.state);
      const html = [...blocks, ...step.finished.map(render), rest.trim() ? render(rest) : ''].join('');
      if (piped) rememberRenderedAnswer(latest, html, { tableLabel });
    };
    flush();
    const unlisten = $answer.listen((answer) => {
      if (answer === null) {
        clearTimeout(timer);
        timer = undefined;
        complete();
        latest = null;
        return;
      }
      latest = answer;
      if (timer !== undefined) return;
      const wait = last + ANSWER_WRITE_INTERVAL_MS - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    });
    return () => {
      clearTimeout(timer);
      unlisten();
    };
  }, [box, $answer, tableLabel, onWrite]);
}

/**
 * While an answer is written, the conversation follows it — each frame its end is
 * brought into view — unless the visitor scrolled up (wheel, touch or keys); scrolling back down to
 * it follows again.
 */
function createFollower() {
  let root: HTMLElement | null = null;
  let following = true;
  let frame: number | null = null;
  const leave = (event: Event) => {
    const up =
      (event instanceof WheelEvent && event.deltaY < 0) ||
      event.type === 'touchmove' ||
      (event instanceof KeyboardEvent && ['ArrowUp', 'PageUp', 'Home'].includes(event.key));
    if (up) following = false;
  };
  const back = () => {
    if (root && root.scrollHeight - root.clientHeight - root.scrollTop < 24) following = true;
  };
  const scroll = () => {
    frame = null;
    const writing = root?.querySelector<HTMLElement>('[data-type="writing"]');
    if (!root || !writing || !following) return;
    const below = writing.getBoundingClientRect().bottom - root.getBoundingClientRect().bottom;
    if (below > 0) root.scrollTop += below;
  };
  return {
    /** Follows from now on in `main`, until the returned function is called. */
    attach(main: HTMLElement): () => void {
      root = main;
      following = true;
      main.addEventListener('wheel', leave, { passive: true });
      main.addEventListener('touchmove', leave, { passive: true });
      main.addEventListener('keydown', leave);
      main.addEventListener('scroll', back, { passive: true });
      // What was written before this (its view loads lazily, and may come after the first words)
      // is brought into view too, not only what comes after.
      if (frame === null && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(scroll);
      return () => {
        main.removeEventListener('wheel', leave);
        main.removeEventListener('touchmove', leave);
        main.removeEventListener('keydown', leave);
        main.removeEventListener('scroll', back);
        if (frame !== null) cancelAnimationFrame(frame);
        frame = null;
        root = null;
      };
    },
    /** The answer grew: its end is brought into view in the next frame, when following. */
    onWrite(): void {
      if (root && following && frame === null && typeof requestAnimationFrame === 'function')
        frame = requestAnimationFrame(scroll);
    },
  };
}

/**
 * The answer being written: loaded when the first question is sent
 * (`StreamingAnswerRow`), so the intro view does not carry it. Its text follows the store outside
 * React's renders; the conversation follows its end unless the visitor scrolled up.
 */
export default function StreamingAnswer({
  $answer,
  assistantName,
}: {
  $answer: ReadableAtom<string | null>;
  assistantName: string;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [follower] = useState(createFollower);
  useEffect(() => {
    const main = box.current?.closest<HTMLElement>('.cp-assistant__main');
    if (main) return follower.attach(main);
  }, [follower]);
  useStreamedAnswer(box, $answer, t('chat.table'), follower.onWrite);
  return (
    <li
      className="cp-assistant-msg"
      data-sender="assistant"
      data-type="writing"
      part="message assistant-message writing"
    >
      <span className="cp-assistant-avatar" data-sender="assistant" part="avatar" aria-hidden="true">
        <ChatIcon name="sparkles" size={18} />
      </span>
      <div className="cp-assistant-msg__body" aria-busy="true">
        <span className="cp-visually-hidden" translate={assistantName === t('chat.title') ? undefined : 'no'}>
          {assistantName}
        </span>
        <div ref={box} className="cp-answer" data-format="markdown" translate="no" />
      </div>
    </li>
  );
}
