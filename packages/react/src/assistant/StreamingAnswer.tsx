import { portalChat } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { computed, type ReadableAtom } from 'nanostores';
import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
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
 * The answer being written, as the last row of the conversation (issue 40 §3): shown once its first
 * words came, busy until it is complete. Not a live region — the chat's announcer reads the answer
 * once it is complete — and it renders with React only when it appears; the text follows outside.
 */
export function StreamingAnswerRow({ assistantName, onWrite }: { assistantName: string; onWrite?: () => void }) {
  const client = usePortalClient();
  const { $answer } = portalChat(client);
  const $writing = useMemo(() => computed($answer, (answer) => !!answer), [$answer]);
  const writing = useStore($writing);
  if (!writing) return null;
  return <StreamingAnswer $answer={$answer} assistantName={assistantName} onWrite={onWrite} />;
}

function StreamingAnswer({
  $answer,
  assistantName,
  onWrite,
}: {
  $answer: ReadableAtom<string | null>;
  assistantName: string;
  onWrite?: () => void;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useStreamedAnswer(box, $answer, t('chat.table'), onWrite);
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
