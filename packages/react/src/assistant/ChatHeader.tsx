import { TOOLTIP_DELAY_MS, chatHeaderTitle, portalChat, type ChatHistoryItem, type ChatState } from '@cloudportal/core';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Skeleton } from '../ui/Skeleton';
import { Tooltip } from '../ui/Tooltip';
import { ChatExport } from './ChatExport';
import { ChatHistory } from './ChatHistory';
import { ChatIcon } from './icons';
import type { AssistantIdentity } from './useAssistantChat';

/** Props of {@link ChatHeader}. */
export interface ChatHeaderProps {
  chat: ChatState;
  titleId: string;
  /** The assistant's name and model (`useAssistantIdentity`). */
  identity: AssistantIdentity;
  /** A chat of the history is to be renamed. */
  onRename: (item: ChatHistoryItem) => void;
  /** The rename dialog is open: the history keeps still. */
  renaming: boolean;
  /** Dialog mode: the Close chat button. */
  onClose?: () => void;
  /** Where related links lead, for the downloaded chat's links. */
  contentPrefix: string;
}

// spec §2
/**
 * The chat's header — the assistant's avatar, name and model, the history, Download chat, New chat
 * and Close chat buttons, and the open chat's title with the beta badge.
 */
export function ChatHeader({ chat, titleId, identity, onRename, renaming, onClose, contentPrefix }: ChatHeaderProps) {
  const client = usePortalClient();
  const t = useT();
  return (
    // Not a <header>: inside a host's own banner it would be a nested banner landmark.
    <div className="cp-assistant__header" part="header">
      <div className="cp-assistant__identity">
        <span className="cp-assistant-avatar" data-sender="assistant" aria-hidden="true">
          <ChatIcon name="sparkles" size={18} />
        </span>
        <div className="cp-assistant__names">
          {/* The settings' name and model are the partner's data: browsers' translators leave them alone. */}
          <h2 id={titleId} className="cp-assistant__name" part="title" translate={identity.named ? 'no' : undefined}>
            {identity.name}
          </h2>
          {identity.model ? (
            <span className="cp-assistant__model" part="model" translate="no">
              {identity.model}
            </span>
          ) : identity.loading ? (
            <Skeleton width={72} height={10} />
          ) : null}
        </div>
      </div>
      <div className="cp-assistant__actions">
        <ChatHistory currentChatId={chat.chatId} onRename={onRename} suspended={renaming} />
        <ChatExport
          contentPrefix={contentPrefix}
          assistantName={identity.name}
          disabled={!chat.messages.some((m) => m.sender === 'user')}
        />
        <Tooltip content={t('chat.newChat')} delay={TOOLTIP_DELAY_MS.chat} placement="bottom">
          <Button
            variant="icon"
            aria-label={t('chat.newChat')}
            part="new-chat-button"
            disabled={chat.status === 'idle'}
            onClick={() => void portalChat(client).newChat()}
          >
            <ChatIcon name="plus" />
          </Button>
        </Tooltip>
        {onClose ? (
          <Tooltip content={t('chat.close')} delay={TOOLTIP_DELAY_MS.chat} placement="bottom">
            <Button variant="icon" aria-label={t('chat.close')} part="close-button" onClick={onClose}>
              <Icon name="close" size={20} />
            </Button>
          </Tooltip>
        ) : null}
      </div>
      <p className="cp-assistant__chat-title">
        <span
          className="cp-assistant__chat-name"
          part="chat-title"
          translate={chat.messages.some((m) => m.sender === 'user') ? 'no' : undefined}
        >
          {chatHeaderTitle(chat, t)}
        </span>
        <span className="cp-assistant__beta" part="beta">
          {t('chat.beta')}
        </span>
      </p>
    </div>
  );
}
