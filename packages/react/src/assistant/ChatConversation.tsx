import {
  canRegenerate,
  offeredFollowups,
  quickStarts,
  userInitials,
  type ChatMessage,
  type ChatState,
  type QuickStart,
  type RelatedLink,
} from '@cloudportal/core';
import type { RefObject } from 'react';
import { useSession } from '../auth/useSession';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { ChatIcon } from './icons';
import { MessageRow } from './MessageRow';
import { StreamingAnswerRow } from './StreamingAnswerRow';
import type { ChatDisplay } from './useAssistantChat';

/** The greeting has no related links to choose. */
const noLinks = () => false;

// spec §2
/** The intro view of a new chat — the title, the subtitle and the dataset's quick starts. */
function ChatIntro({
  starts,
  canAsk,
  onAsk,
}: {
  starts: QuickStart[];
  canAsk: boolean;
  onAsk: (question: string) => void;
}) {
  const t = useT();
  return (
    <div className="cp-assistant-intro" part="intro">
      <span className="cp-assistant-intro__icon" aria-hidden="true">
        <ChatIcon name="sparkles" size={32} />
      </span>
      <h3 className="cp-assistant-intro__title">{t('chat.title')}</h3>
      <p className="cp-assistant-intro__subtitle">{t('chat.subtitle')}</p>
      <div className="cp-assistant-intro__starts">
        {starts.map((start) => (
          <Button key={start.id} part="quick-start" disabled={!canAsk} onClick={() => onAsk(start.text)}>
            <ChatIcon name="sparkles" size={16} />
            {start.text}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** While the chat is restored: skeletons in the shape of a conversation. */
function ChatRestoring() {
  const t = useT();
  return (
    <div className="cp-assistant__restoring">
      <Skeleton label={t('chat.loading')} width="45%" height={14} />
      <Skeleton width="70%" height={48} shape="rect" className="cp-assistant__skeleton-end" />
      <Skeleton width="85%" height={96} shape="rect" />
      <Skeleton width="55%" height={48} shape="rect" className="cp-assistant__skeleton-end" />
    </div>
  );
}

// spec §5
/** No dataset is available to the tenant, so the assistant is not enabled. */
function ChatNotEnabled() {
  const t = useT();
  return (
    <div className="cp-assistant-intro" data-state="not-enabled" part="not-enabled">
      <span className="cp-assistant-intro__icon" aria-hidden="true">
        <ChatIcon name="lock" size={32} />
      </span>
      <h3 className="cp-assistant-intro__title">{t('chat.title')}</h3>
      <p className="cp-assistant-intro__subtitle">{t('chat.notEnabled')}</p>
    </div>
  );
}

/** The list of messages: a new chat's greeting first, then the questions and answers, then the answer being written. */
function ChatMessages({
  chat,
  assistantName,
  contentPrefix,
  onLinkChosen,
  onRegenerate,
}: {
  chat: ChatState;
  assistantName: string;
  contentPrefix: string;
  onLinkChosen: (link: RelatedLink) => boolean;
  /** Given while the chat takes questions: Regenerate on the last answer. */
  onRegenerate?: () => void;
}) {
  const { identity } = useSession();
  const initials = userInitials(identity?.displayName || identity?.upn);
  // A new chat's greeting: the assistant's first words, above the questions.
  const greeting: ChatMessage | null = chat.greeting ? { sender: 'assistant', message: chat.greeting } : null;
  if (!greeting && chat.messages.length === 0) return null;
  const last = chat.messages.length - 1;
  const regenerable = canRegenerate(chat.messages);
  return (
    <ol className="cp-assistant__messages" part="messages">
      {greeting ? (
        <MessageRow
          key="greeting"
          message={greeting}
          greeting
          initials={initials}
          assistantName={assistantName}
          contentPrefix={contentPrefix}
          onLinkChosen={noLinks}
        />
      ) : null}
      {chat.messages.map((message, index) => (
        // Messages are only ever appended to an open chat, so their position is their identity.
        <MessageRow
          key={index}
          message={message}
          initials={initials}
          assistantName={assistantName}
          contentPrefix={contentPrefix}
          onLinkChosen={onLinkChosen}
          onRegenerate={index === last && regenerable ? onRegenerate : undefined}
        />
      ))}
      {chat.status === 'generating' ? <StreamingAnswerRow assistantName={assistantName} /> : null}
    </ol>
  );
}

/** Props of {@link ChatConversation}. */
export interface ChatConversationProps {
  mainRef: RefObject<HTMLDivElement | null>;
  chat: ChatState;
  display: ChatDisplay;
  assistantName: string;
  contentPrefix: string;
  onAsk: (question: string) => boolean;
  onLinkChosen: (link: RelatedLink) => boolean;
  /** Regenerate on the last answer. */
  onRegenerate?: () => void;
}

// spec §2
/**
 * The conversation region — the skeleton while restoring, the not-enabled notice, the intro
 * with its quick starts, the messages, the typing indicator and the follow-up suggestions.
 */
export function ChatConversation({
  mainRef,
  chat,
  display,
  assistantName,
  contentPrefix,
  onAsk,
  onLinkChosen,
  onRegenerate,
}: ChatConversationProps) {
  const t = useT();
  const { view, restoring, generating, canAsk } = display;
  // Spec §4: a suggestion the intro's quick starts offer is not offered again as a follow-up.
  const starts = view === 'intro' ? quickStarts(chat.dataset, t) : [];
  const followups = offeredFollowups(chat.followups, starts);
  return (
    <div
      ref={mainRef}
      className="cp-assistant__main"
      part="conversation"
      role="region"
      aria-label={t('chat.conversation')}
      aria-busy={restoring || generating}
      tabIndex={0}
    >
      {view === 'restoring' ? (
        <ChatRestoring />
      ) : view === 'not-enabled' ? (
        <ChatNotEnabled />
      ) : (
        <>
          {view === 'intro' ? <ChatIntro starts={starts} canAsk={canAsk} onAsk={onAsk} /> : null}
          <ChatMessages
            chat={chat}
            assistantName={assistantName}
            contentPrefix={contentPrefix}
            onLinkChosen={onLinkChosen}
            onRegenerate={canAsk ? onRegenerate : undefined}
          />
        </>
      )}
      {generating ? (
        <div className="cp-assistant__typing" part="typing" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ) : null}
      {!restoring && !generating && followups.length > 0 ? (
        <div className="cp-assistant__followups" part="followups" role="group" aria-label={t('chat.followups')}>
          {followups.map((question) => (
            <Button
              key={question}
              className="cp-assistant__followup"
              part="followup"
              // The service's suggested questions, in the language it answered in.
              translate="no"
              disabled={!canAsk}
              onClick={() => onAsk(question)}
            >
              {question}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
