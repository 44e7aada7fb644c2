import { portalChat, TOOLTIP_DELAY_MS, type ChatHistoryItem } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { Tooltip } from '../ui/Tooltip';
import { ChatIcon } from './icons';

/** Props of {@link ChatHistory}. */
export interface ChatHistoryProps {
  /** The open chat, marked as current in the list. */
  currentChatId: string | null;
  /** Opens the rename dialog for a chat. */
  onRename: (item: ChatHistoryItem) => void;
  /** While another dialog (rename) is on top, clicks outside do not close the list. */
  suspended: boolean;
}

// The list loads when the history first opens (the skeleton shows meanwhile): the intro view does not carry it.
const ChatHistoryList = lazy(() => import('./ChatHistoryList').then((m) => ({ default: m.ChatHistoryList })));

// spec §2 / §4
/**
 * The history dropdown of the header. Opening it loads the list (cached until the
 * next reply); while loading a skeleton shows, an empty list reads 'No chat history available',
 * and chats are grouped THIS WEEK, LAST WEEK, THIS MONTH, OLDER. Choosing a chat restores it; each
 * chat can be renamed or deleted (deleting the open chat starts a new one — the store does that).
 */
export function ChatHistory({ currentChatId, onRename, suspended }: ChatHistoryProps) {
  const client = usePortalClient();
  const t = useT();
  const history = useStore(portalChat(client).$history);
  const [open, setOpen] = useState(false);
  // Relative times are as of when the list was opened.
  const [now, setNow] = useState(0);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const label = t('chat.history');

  // The list open while its cache was dropped (an answer arrived, spec §4): it loads again instead
  // of showing the skeleton until it is opened anew.
  useEffect(() => {
    if (open && history.status === 'idle') void portalChat(client).loadHistory();
  }, [open, history.status, client]);

  // A press outside the list closes it (not while the rename dialog is on top of it).
  useEffect(() => {
    const root = container.current?.getRootNode();
    if (!open || suspended || !root) return;
    const onPointerDown = (event: Event) => {
      if (!event.composedPath().includes(container.current!)) setOpen(false);
    };
    root.addEventListener('pointerdown', onPointerDown);
    return () => root.removeEventListener('pointerdown', onPointerDown);
  }, [open, suspended]);

  function show(next: boolean) {
    setOpen(next);
    if (!next) return;
    setNow(Date.now());
    void portalChat(client).loadHistory();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    // Escape closes the list, not the chat dialog around it.
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  }

  function select(item: ChatHistoryItem) {
    setOpen(false);
    toggle.current?.focus();
    void portalChat(client).selectHistory(item.chatId);
  }

  async function remove(item: ChatHistoryItem) {
    // The focused Delete button goes away with its row: keep focus in the list.
    panel.current?.focus();
    await portalChat(client).remove(item.chatId);
  }

  const loading = history.status === 'loading' || history.status === 'idle';
  const skeleton = (
    <div className="cp-assistant-history__loading">
      <Skeleton label={t('chat.history.loading')} width="40%" height={12} />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={32} shape="rect" />
      ))}
    </div>
  );

  return (
    <div ref={container} className="cp-assistant-history" data-state={open ? 'open' : 'closed'} onKeyDown={onKeyDown}>
      <Tooltip content={label} delay={TOOLTIP_DELAY_MS.chat} placement="bottom">
        <Button
          ref={toggle}
          variant="icon"
          aria-label={label}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          part="history-button"
          onClick={() => show(!open)}
        >
          <ChatIcon name="history" />
        </Button>
      </Tooltip>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="cp-assistant-history__panel"
          part="history"
          role="region"
          aria-label={label}
          tabIndex={-1}
          data-state={loading ? 'loading' : history.status}
        >
          {loading ? (
            skeleton
          ) : history.status === 'empty' ? (
            <p className="cp-assistant-history__empty">{t('chat.history.empty')}</p>
          ) : (
            <Suspense fallback={skeleton}>
              <ChatHistoryList
                groups={history.groups}
                panelId={panelId}
                currentChatId={currentChatId}
                now={now}
                onSelect={select}
                onRename={onRename}
                onRemove={(item) => void remove(item)}
              />
            </Suspense>
          )}
        </div>
      ) : null}
    </div>
  );
}
