import {
  TOOLTIP_DELAY_MS,
  historyGroupLabel,
  relativeTime,
  type ChatHistoryItem,
  type HistoryGroup,
} from '@cloudportal/core';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Tooltip } from '../ui/Tooltip';
import { useStyles } from '../ui/useStyles';
import css from './ChatHistoryList.css?inline';
import { ChatIcon } from './icons';

/** The name a history item shows: its name, else its first question, else 'Untitled chat'. */
export function historyItemTitle(item: Pick<ChatHistoryItem, 'chatName' | 'input'>, untitled: string): string {
  return item.chatName?.trim() || item.input?.trim() || untitled;
}

/** Props of {@link ChatHistoryList}. */
export interface ChatHistoryListProps {
  // spec §4
  /** The chats, grouped (THIS WEEK, LAST WEEK, THIS MONTH, OLDER). */
  groups: readonly HistoryGroup[];
  /** The panel's id: the groups' headings are named after it. */
  panelId: string;
  /** The open chat, marked as current. */
  currentChatId: string | null;
  /** Relative times are as of this instant (when the list was opened). */
  now: number;
  onSelect: (item: ChatHistoryItem) => void;
  onRename: (item: ChatHistoryItem) => void;
  onRemove: (item: ChatHistoryItem) => void;
}

// spec §2 / §4
/** The history dropdown's list: each chat with its time, Rename and Delete. Loaded when the history first opens. */
export function ChatHistoryList({
  groups,
  panelId,
  currentChatId,
  now,
  onSelect,
  onRename,
  onRemove,
}: ChatHistoryListProps) {
  const t = useT();
  const ref = useStyles<HTMLDivElement>(css);
  return (
    <div ref={ref} className="cp-assistant-history__groups">
      {groups.map((group) => (
        <section key={group.id} className="cp-assistant-history__group" aria-labelledby={`${panelId}-${group.id}`}>
          <h3 id={`${panelId}-${group.id}`} className="cp-assistant-history__label">
            {/* In the active locale, which may have changed since the history loaded. */}
            {historyGroupLabel(group.id, t)}
          </h3>
          <ul className="cp-assistant-history__list">
            {group.items.map((item) => {
              const title = historyItemTitle(item, t('chat.history.untitled'));
              const current = item.chatId === currentChatId;
              return (
                <li
                  key={item.chatId}
                  className="cp-assistant-history__item"
                  data-current={current ? 'true' : undefined}
                >
                  <button
                    type="button"
                    className="cp-assistant-history__select"
                    part="history-item"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => onSelect(item)}
                  >
                    <span
                      className="cp-assistant-history__name"
                      translate={item.chatName?.trim() || item.input?.trim() ? 'no' : undefined}
                    >
                      {title}
                    </span>{' '}
                    {item.created ? (
                      <span className="cp-assistant-history__time">{relativeTime(item.created, now, t)}</span>
                    ) : null}
                  </button>
                  <Tooltip content={t('chat.history.rename')} delay={TOOLTIP_DELAY_MS.chat}>
                    <Button
                      variant="icon"
                      aria-label={t('chat.history.renameItem', { name: title })}
                      onClick={() => onRename(item)}
                    >
                      <ChatIcon name="pencil" size={16} />
                    </Button>
                  </Tooltip>
                  <Tooltip content={t('chat.history.delete')} delay={TOOLTIP_DELAY_MS.chat}>
                    <Button
                      variant="icon"
                      aria-label={t('chat.history.deleteItem', { name: title })}
                      onClick={() => onRemove(item)}
                    >
                      <ChatIcon name="trash" size={16} />
                    </Button>
                  </Tooltip>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
