import { portalChat, canRenameChat, renameDecision, validateChatName, type ChatHistoryItem } from '@cloudportal/core';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useStyles } from '../ui/useStyles';
import css from './RenameChatDialog.css?inline';

/** Props of {@link RenameChatDialog}. */
export interface RenameChatDialogProps {
  /** The chat being renamed. */
  item: Pick<ChatHistoryItem, 'chatId' | 'chatName' | 'input'>;
  /** Called when the dialog is done: renamed, unchanged, or cancelled. */
  onDone: () => void;
}

// spec §5 "Chat rename"; §8
/**
 * A small dialog with the chat's name. The name is required ('Chat name is
 * required'); Rename is disabled while the name is invalid or unchanged after trimming; submitting
 * an unchanged name (Enter) closes without a call. The store trims, calls the server and toasts
 * 'Chat renamed successfully' or 'Failed to rename chat'; a failure keeps the dialog open.
 */
export function RenameChatDialog({ item, onDone }: RenameChatDialogProps) {
  const client = usePortalClient();
  const t = useT();
  const form = useStyles<HTMLFormElement>(css);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const current = item.chatName ?? '';
  const [name, setName] = useState(current);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = touched ? validateChatName(name, t) : null;

  async function submit() {
    const decision = renameDecision(current, name);
    if (decision === 'invalid') {
      setTouched(true);
      return;
    }
    if (decision === 'unchanged') {
      onDone();
      return;
    }
    setBusy(true);
    const result = await portalChat(client).rename(item.chatId, name);
    setBusy(false);
    if (result !== 'failed') onDone();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  // Implicit submission does nothing while the Rename button is disabled; Enter must still close
  // the dialog on an unchanged name (spec §5), so the field submits by itself.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy) void submit();
  }

  return (
    <Dialog open labelledBy={titleId} onClose={onDone} className="cp-assistant-rename-dialog" part="rename-dialog">
      <form ref={form} className="cp-assistant-rename" onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="cp-assistant-rename__title">
          {t('chat.rename.title')}
        </h2>
        <label htmlFor={inputId} className="cp-assistant-rename__label">
          {t('chat.rename.label')}
        </label>
        <input
          id={inputId}
          className="cp-assistant-rename__input"
          part="rename-input"
          // The chat's name and first question: the user's words.
          translate="no"
          value={name}
          placeholder={item.input || undefined}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-autofocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
          }}
          onKeyDown={onKeyDown}
        />
        {error ? (
          <p id={errorId} className="cp-assistant-rename__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="cp-assistant-rename__actions">
          <Button onClick={onDone}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" part="rename-button" disabled={busy || !canRenameChat(current, name)}>
            {t('chat.rename.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
