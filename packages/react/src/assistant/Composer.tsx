import {
  CHAT_MESSAGE_MAX,
  TOOLTIP_DELAY_MS,
  canSendChatMessage,
  chatCostText,
  chatCounterText,
  chatMessageError,
  chatRetryText,
  chatScreenshotError,
  chatScreenshotIssue,
  CHAT_SCREENSHOT_TYPES,
  datasetOptions,
  type ChatDataset,
  type ChatState,
  portalChat,
} from '@cloudportal/core';
import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Tooltip } from '../ui/Tooltip';
import { ChatIcon } from './icons';

/** Reads an image file as a `data:` URL. */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Sends a question and its screenshot, if any; answers whether the store took it (both are then cleared). */
  onSend: (text: string, screenshot?: string) => boolean;
  /** The chat cannot take a question yet (it is restoring, or an answer generates): Send and the dataset are disabled. */
  busy: boolean;
  /** Whether an answer is generating (spec §4: the input is disabled; §5: Send is disabled). */
  generating: boolean;
  /** The tenant's datasets (spec §5) and the chosen one. */
  datasets: readonly ChatDataset[];
  dataset: ChatDataset | null;
  /** `chat_cost` and its currency (spec §2); null hides it. */
  cost: number | null;
  currency: string;
  /**
   * Spec §8 / §9: the seconds left of a 429's wait (the store's `retryIn`); while it counts, Send is
   * disabled and the countdown shows beside it. Typing goes on. null: no wait.
   */
  retryIn: number | null;
  /**
   * The question the assistant did not answer (the store's `draft`): it comes back into an empty
   * input, so nothing typed is lost; text typed meanwhile is kept instead.
   */
  draft: ChatState['draft'];
  /** The textarea, so the chat can give focus back after an answer. */
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Whether the textarea takes focus when the dialog opens. */
  autoFocus: boolean;
}

/**
 * The input area: the dataset selector, the question textarea (Enter sends, Shift+Enter adds a
 * line), the 'n / 2000' counter, Send, the disclaimer and the chat's cost (spec §2, §5). A
 * screenshot (spec §3 `data.screenshot`) is attached with the Attach screenshot button or pasted
 * into the textarea; it shows as a preview with a Remove button and goes out with the question.
 */
export function Composer({
  onSend,
  busy,
  generating,
  datasets,
  dataset,
  cost,
  currency,
  retryIn,
  draft,
  inputRef,
  autoFocus,
}: ComposerProps) {
  const client = usePortalClient();
  const t = useT();
  const [text, setText] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const shotErrorId = useId();
  const datasetId = useId();
  const retryId = useId();
  const canSend =
    !busy && retryIn === null && canSendChatMessage({ text, hasScreenshot: screenshot !== null, generating });

  // A question that was not answered comes back into the input (adjusted while rendering, once per draft).
  const [seenDraft, setSeenDraft] = useState<ChatState['draft']>(null);
  if (draft !== seenDraft) {
    setSeenDraft(draft);
    if (draft && !text && !screenshot) {
      setText(draft.text);
      setScreenshot(draft.screenshot ?? null);
    }
  }
  const error = chatMessageError(text, t);
  const options = datasetOptions(datasets, t);

  function send() {
    if (!canSend) return;
    if (!onSend(text, screenshot ?? undefined)) return;
    setText('');
    setScreenshot(null);
    setScreenshotError(null);
  }

  /** Attaches an image after the screenshot rules (type, 2 MiB); otherwise says why not. */
  async function attach(file: File) {
    const issue = chatScreenshotIssue(file);
    if (issue) {
      setScreenshotError(chatScreenshotError(issue, t));
      return;
    }
    try {
      setScreenshot(await readAsDataUrl(file));
      setScreenshotError(null);
    } catch {
      setScreenshotError(t('chat.screenshot.unreadable'));
    }
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // The same file may be chosen again after it was removed.
    event.currentTarget.value = '';
    if (file) void attach(file);
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    // A pasted image (a screenshot from the clipboard) is attached; text pastes as usual.
    const image = Array.from(event.clipboardData.files).find((file) => file.type.startsWith('image/'));
    if (!image || event.clipboardData.getData('text/plain')) return;
    event.preventDefault();
    void attach(image);
  }

  function removeScreenshot() {
    setScreenshot(null);
    setScreenshotError(null);
    inputRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Spec §5: Enter sends, Shift+Enter adds a line (and Enter that confirms an IME composition does neither).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form className="cp-assistant-composer" part="composer" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="cp-visually-hidden">
        {t('chat.input.label')}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        className="cp-assistant-composer__input"
        part="input"
        rows={2}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={t('chat.input.placeholder')}
        value={text}
        disabled={generating}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        data-autofocus={autoFocus && !generating ? true : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {error ? (
        <p id={errorId} className="cp-assistant-composer__error" role="alert">
          {error}
        </p>
      ) : null}
      {screenshotError ? (
        <p id={shotErrorId} className="cp-assistant-composer__error" part="screenshot-error" role="alert">
          {screenshotError}
        </p>
      ) : null}
      {retryIn !== null ? (
        <p id={retryId} className="cp-assistant-composer__retry" part="retry" role="timer">
          {chatRetryText(retryIn, t)}
        </p>
      ) : null}
      {screenshot ? (
        <div className="cp-assistant-composer__screenshot" part="screenshot-preview">
          <img src={screenshot} alt={t('chat.screenshot.preview')} />
          <Button
            variant="icon"
            aria-label={t('chat.screenshot.remove')}
            part="remove-screenshot"
            disabled={generating}
            onClick={removeScreenshot}
          >
            <Icon name="close" size={16} />
          </Button>
        </div>
      ) : null}
      <div className="cp-assistant-composer__bar">
        {options.length ? (
          <span className="cp-assistant-composer__dataset">
            <label htmlFor={datasetId}>{t('chat.dataset.label')}</label>
            <select
              id={datasetId}
              part="dataset"
              value={dataset ?? options[0]!.value}
              disabled={busy}
              onChange={(event) => portalChat(client).changeDataset(event.currentTarget.value as ChatDataset)}
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          accept={CHAT_SCREENSHOT_TYPES.join(',')}
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFileChosen}
        />
        <Tooltip content={t('chat.screenshot.attach')} delay={TOOLTIP_DELAY_MS.chat}>
          <Button
            variant="icon"
            part="attach-button"
            aria-label={t('chat.screenshot.attach')}
            aria-describedby={screenshotError ? shotErrorId : undefined}
            disabled={generating}
            onClick={() => fileInput.current?.click()}
          >
            <ChatIcon name="image" size={20} />
          </Button>
        </Tooltip>
        <span
          id={counterId}
          className="cp-assistant-composer__counter"
          part="counter"
          data-state={error ? 'invalid' : undefined}
        >
          {chatCounterText(text, t)}
        </span>
        <Tooltip content={t('chat.send')} delay={TOOLTIP_DELAY_MS.chat}>
          <Button
            type="submit"
            variant="primary"
            className="cp-assistant-composer__send"
            part="send-button"
            aria-label={t('chat.send')}
            aria-describedby={retryIn !== null ? retryId : undefined}
            disabled={!canSend}
          >
            <ChatIcon name="send" size={18} />
          </Button>
        </Tooltip>
      </div>
      <div className="cp-assistant-composer__footer">
        <p className="cp-assistant-composer__disclaimer" part="disclaimer">
          {t('chat.disclaimer')}
        </p>
        {cost !== null ? (
          <p className="cp-assistant-composer__cost" part="cost">
            {t('chat.cost', { cost: chatCostText(cost, currency) })}
          </p>
        ) : null}
      </div>
    </form>
  );
}
