import {
  COPIED_INDICATOR_MS,
  TOOLTIP_DELAY_MS,
  relatedLinkDescription,
  relatedLinkHref,
  trustSanitizedHtml,
  type ChatMessage,
  type RelatedLink,
} from '@cloudportal/core';
import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
} from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Tooltip } from '../ui/Tooltip';
import { ChatIcon } from './icons';
import { adoptStyles } from '../ui/useStyles';
import { answerStyles, isMarkdownReady, loadMarkdown, renderAnswerSync, subscribeMarkdown } from './markdown';

// An action of the page an answer proposes: its button loads with the first answer that has one.
const ActionProposal = lazy(() => import('./ActionProposal').then((m) => ({ default: m.ActionProposal })));

/** Whether `marked` has loaded; a component that needs it asks for it. */
function useMarkdownReady(needed: boolean): boolean {
  const ready = useSyncExternalStore(subscribeMarkdown, isMarkdownReady, () => false);
  useEffect(() => {
    // A failed load leaves the answer as plain text; the next answer tries again.
    if (needed && !ready) loadMarkdown().catch(() => undefined);
  }, [needed, ready]);
  return ready;
}

/** An answer in Markdown; `load` false shows it as text until the renderer came for another answer. */
function Answer({ markdown, load = true }: { markdown: string; load?: boolean }) {
  const t = useT();
  const ready = useMarkdownReady(load);
  // Made a TrustedHTML (where the browser has Trusted Types) once per answer: React sets the
  // element's HTML again whenever `__html` is another value, and each TrustedHTML is another object.
  const html = useMemo(() => {
    const sanitized = ready ? renderAnswerSync(markdown, { tableLabel: t('chat.table') }) : null;
    return sanitized === null ? null : trustSanitizedHtml(sanitized);
  }, [ready, markdown, t]);
  const rendered = useRef<HTMLDivElement>(null);
  // The answer's element styles came with the renderer: adopted where the answer shows, before it paints.
  useLayoutEffect(() => {
    if (html !== null && rendered.current) adoptStyles(rendered.current, [answerStyles()]);
  }, [html]);
  // Until `marked` has loaded the answer shows as plain text — React escapes it, so nothing in it runs.
  if (html === null) {
    return (
      <div className="cp-answer" data-format="text" translate="no">
        {markdown}
      </div>
    );
  }
  // Rendered by the one answer pipeline (marked + DOMPurify, see markdown.ts), a TrustedHTML of the
  // SDK's policy on a page that enforces Trusted Types.
  return (
    <div
      ref={rendered}
      className="cp-answer"
      data-format="markdown"
      translate="no"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // No clipboard (an insecure page) or permission refused: nothing was copied.
    }
    clearTimeout(timer.current);
    setCopied(true);
    // Spec §2 / §9: 'Copied' shows for 500 ms.
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  }

  return (
    <span className="cp-assistant-msg__copy">
      <Tooltip content={t('chat.copy')} delay={TOOLTIP_DELAY_MS.chat}>
        <Button
          variant="icon"
          aria-label={t('chat.copy')}
          part="copy-button"
          data-state={copied ? 'copied' : 'idle'}
          onClick={() => void copy()}
        >
          <ChatIcon name={copied ? 'check' : 'copy'} size={18} />
        </Button>
      </Tooltip>
      {copied ? (
        <span role="status" className="cp-assistant-msg__copied">
          {t('chat.copied')}
        </span>
      ) : null}
    </span>
  );
}

function RelatedLinks({
  links,
  contentPrefix,
  onLinkChosen,
}: {
  links: RelatedLink[];
  contentPrefix: string;
  onLinkChosen: (link: RelatedLink) => boolean;
}) {
  const t = useT();
  // The links' styles come with the answer's (markdown.ts): they show once those have loaded, as the
  // answer's own formatting does.
  const ready = useMarkdownReady(true);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ready && ref.current) adoptStyles(ref.current, [answerStyles()]);
  }, [ready]);
  if (!ready) return null;
  return (
    // Not a landmark: every answer may have its links, and landmarks must be unique.
    <div ref={ref} className="cp-assistant-links" part="related-links">
      <h3 className="cp-assistant-links__title">{t('chat.relatedLinks')}</h3>
      <ul className="cp-assistant-links__list">
        {links.map((link, index) => (
          <li key={`${link.url}|${index}`} className="cp-assistant-links__item">
            <ChatIcon name="link" size={16} />
            {/* The answer's links: the service's names and descriptions of pages. */}
            <div translate="no">
              <a
                className="cp-assistant-links__name"
                part="related-link"
                href={relatedLinkHref(contentPrefix, link.url)}
                onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                  // A host that routes the link itself (its router) cancels the browser's navigation.
                  if (onLinkChosen(link)) event.preventDefault();
                }}
              >
                {link.name}
              </a>
              {link.path ? <span className="cp-assistant-links__path">{link.path}</span> : null}
              {/* Spec §2 / §9: the description is cut to 220 characters plus an ellipsis. */}
              {link.description ? (
                <p className="cp-assistant-links__description">{relatedLinkDescription(link.description)}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Regenerate: on the last answer, asks its question again; the new answer replaces it. */
function RegenerateButton({ onRegenerate }: { onRegenerate: () => void }) {
  const t = useT();
  return (
    <Tooltip content={t('chat.regenerate')} delay={TOOLTIP_DELAY_MS.chat}>
      <Button variant="icon" aria-label={t('chat.regenerate')} part="regenerate-button" onClick={onRegenerate}>
        <ChatIcon name="regenerate" size={18} />
      </Button>
    </Tooltip>
  );
}

/** Props of {@link MessageRow}: all stable between renders, so appending a message re-renders only the new row. */
export interface MessageRowProps {
  message: ChatMessage;
  // spec §2
  /** The user's initials for user bubbles; '' shows a generic avatar. */
  initials: string;
  /** Who answers, for screen readers. */
  assistantName: string;
  contentPrefix: string;
  /** Returns true when the host routed the link itself. */
  onLinkChosen: (link: RelatedLink) => boolean;
  /**
   * The new chat's greeting: the assistant's first words, without a copy button. It does not fetch
   * the Markdown renderer (the intro view stays light); it is rendered once an answer brought it.
   * @default false
   */
  greeting?: boolean;
  /** Given on the last answer while the chat takes questions: its Regenerate button. */
  onRegenerate?: () => void;
}

/**
 * One message of the conversation. Memoized: the store keeps the objects of earlier messages when
 * it appends one, so a long conversation re-renders only the new row.
 */
export const MessageRow = memo(function MessageRow({
  message,
  initials,
  assistantName,
  contentPrefix,
  onLinkChosen,
  greeting = false,
  onRegenerate,
}: MessageRowProps) {
  const t = useT();
  if (message.sender === 'user') {
    const screenshot = message.data?.screenshot;
    const context = message.data?.pageContext;
    return (
      <li className="cp-assistant-msg" data-sender="user" part="message user-message">
        <span className="cp-visually-hidden">{t('chat.sender.user')}</span>
        <div className="cp-assistant-msg__bubble" part="user-bubble">
          {message.message ? (
            <p className="cp-assistant-msg__text" translate="no">
              {message.message}
            </p>
          ) : null}
          {screenshot ? (
            <img className="cp-assistant-msg__screenshot" src={screenshot} alt={t('chat.screenshot')} />
          ) : null}
          {context ? (
            <p className="cp-assistant-msg__context" part="message-context">
              {t('chat.context.using', { title: context.title })}
            </p>
          ) : null}
        </div>
        <span className="cp-assistant-avatar" data-sender="user" part="avatar" aria-hidden="true" translate="no">
          {initials || <ChatIcon name="person" size={18} />}
        </span>
      </li>
    );
  }
  const error = message.type === 'error';
  const stopped = message.type === 'stopped';
  return (
    <li
      className="cp-assistant-msg"
      data-sender="assistant"
      data-type={error ? 'error' : stopped ? 'stopped' : greeting ? 'greeting' : undefined}
      part={greeting ? 'message assistant-message greeting' : 'message assistant-message'}
    >
      <span className="cp-assistant-avatar" data-sender="assistant" part="avatar" aria-hidden="true">
        <ChatIcon name="sparkles" size={18} />
      </span>
      <div className="cp-assistant-msg__body">
        {/* A name other than the catalogue's default is the chat settings' (data). */}
        <span className="cp-visually-hidden" translate={assistantName === t('chat.title') ? undefined : 'no'}>
          {assistantName}
        </span>
        {/* Spec §8: error texts are plain sentences of ours, never Markdown. */}
        {error ? (
          <p className="cp-answer" data-format="error">
            {message.message}
          </p>
        ) : (
          <Answer markdown={message.message} load={!greeting} />
        )}
        {!error && message.action && message.id ? (
          <Suspense fallback={null}>
            <ActionProposal messageId={message.id} proposal={message.action} />
          </Suspense>
        ) : null}
        {stopped ? (
          <p className="cp-assistant-msg__stopped" part="stopped-note">
            {t('chat.answerStopped')}
          </p>
        ) : null}
        {!error && message.relatedLinks?.length ? (
          <RelatedLinks links={message.relatedLinks} contentPrefix={contentPrefix} onLinkChosen={onLinkChosen} />
        ) : null}
        {!error && !greeting ? (
          <span className="cp-assistant-msg__actions">
            {message.message ? <CopyButton text={message.message} /> : null}
            {onRegenerate ? <RegenerateButton onRegenerate={onRegenerate} /> : null}
          </span>
        ) : null}
      </div>
    </li>
  );
});
