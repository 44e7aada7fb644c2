import type { ReadableAtom } from 'nanostores';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../provider/PortalProvider';
import { adoptStyles } from '../ui/useStyles';
import { advanceBlocks, NO_BLOCKS, unfinished } from './answerBlocks';
import { ChatIcon } from './icons';
import { answerStyles, escapeHtml, renderAnswerSync } from './markdown';

/**
 * Writes the answer of `$answer` into `box` as it grows (issue 40 §3), outside React's renders: each
 * finished block goes once through the answer pipeline (marked + DOMPurify, the same rules as a
 * whole answer) and is appended; the block still being written shows as text (a text node, so
 * nothing in it is ever read as HTML, whatever pieces it arrived in). The work is linear in the
 * answer's length. `onWrite` runs after each change (the scroll that follows the answer).
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
    const write = (answer: string | null) => {
      if (answer === null) return;
      const step = advanceBlocks(state, answer);
      if (step.restarted) root.replaceChildren(writing);
      for (const block of step.finished)
        writing.insertAdjacentHTML(
          'beforebegin',
          renderAnswerSync(block, { tableLabel }) ?? `<p>${escapeHtml(block.trim())}</p>`,
        );
      const shown = text.data.length;
      const rest = unfinished(step.state);
      // The same block growing: only the new characters are added.
      if (!step.restarted && step.finished.length === 0 && rest.length >= shown) text.appendData(rest.slice(shown));
      else text.data = rest;
      state = step.state;
      onWrite?.();
    };
    write($answer.get());
    return $answer.listen(write);
  }, [box, $answer, tableLabel, onWrite]);
}

/**
 * Issue 40 §3: while an answer is written, the conversation follows it — each frame its end is
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
 * The answer being written (issue 40 §3): loaded when the first question is sent
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
