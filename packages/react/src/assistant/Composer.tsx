import {
  CHAT_MESSAGE_MAX,
  CHAT_SCREENSHOT_TYPES,
  TOOLTIP_DELAY_MS,
  chatCostText,
  chatCounterText,
  chatMessageError,
  chatRetryText,
  datasetOptions,
  type ChatDataset,
  type ChatState,
  portalChat,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useId, useRef, type ChangeEvent, type RefObject } from 'react';
import { useLocale, usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { focusLostFrom } from '../ui/focus';
import { Icon } from '../ui/Icon';
import { Tooltip } from '../ui/Tooltip';
import { ChatIcon } from './icons';
import { useComposer } from './useComposer';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Sends a question and its screenshot, if any; answers whether the store took it (both are then cleared). */
  onSend: (text: string, screenshot?: string) => boolean;
  /** Stops the answer being written; given, Stop takes Send's place while generating. */
  onStop?: () => void;
  /** The chat cannot take a question yet (it is restoring, or an answer generates): Send and the dataset are disabled. */
  busy: boolean;
  // spec §4; §5
  /** Whether an answer is generating (the input and Send are disabled). */
  generating: boolean;
  // spec §5
  /** The tenant's datasets and the chosen one. */
  datasets: readonly ChatDataset[];
  dataset: ChatDataset | null;
  // spec §2
  /** `chat_cost` and its currency; null hides it. */
  cost: number | null;
  currency: string;
  // spec §8 / §9
  /**
   * The seconds left of a 429's wait (the store's `retryIn`); while it counts, Send is
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

// spec §5
/** The dataset selector: the tenant's datasets; changing it asks the store for that dataset's chat. */
function DatasetSelect({
  id,
  datasets,
  dataset,
  disabled,
}: {
  id: string;
  datasets: readonly ChatDataset[];
  dataset: ChatDataset | null;
  disabled: boolean;
}) {
  const client = usePortalClient();
  const t = useT();
  const options = datasetOptions(datasets, t);
  if (!options.length) return null;
  return (
    <span className="cp-assistant-composer__dataset">
      <label htmlFor={id}>{t('chat.dataset.label')}</label>
      <select
        id={id}
        part="dataset"
        value={dataset ?? options[0]!.value}
        disabled={disabled}
        onChange={(event) => portalChat(client).changeDataset(event.currentTarget.value as ChatDataset)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The Attach screenshot button and the hidden file input it opens. */
function AttachButton({
  describedBy,
  disabled,
  onFileChosen,
}: {
  describedBy: string | undefined;
  disabled: boolean;
  onFileChosen: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
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
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <ChatIcon name="image" size={20} />
        </Button>
      </Tooltip>
    </>
  );
}

/** The attached screenshot's preview, with its Remove button. */
function ScreenshotPreview({ src, disabled, onRemove }: { src: string; disabled: boolean; onRemove: () => void }) {
  const t = useT();
  return (
    <div className="cp-assistant-composer__screenshot" part="screenshot-preview">
      <img src={src} alt={t('chat.screenshot.preview')} />
      <Button
        variant="icon"
        aria-label={t('chat.screenshot.remove')}
        part="remove-screenshot"
        disabled={disabled}
        onClick={onRemove}
      >
        <Icon name="close" size={16} />
      </Button>
    </div>
  );
}

/**
 * What the host page says the visitor is looking at, on a chip above the input: 'Using: Invoice 4711',
 * with a button that stops using it (the focus goes back to the input). Sent with each question
 * while it shows.
 */
function ContextChip({
  id,
  disabled,
  inputRef,
}: {
  id: string;
  disabled: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const client = usePortalClient();
  const t = useT();
  const chat = portalChat(client);
  const context = useStore(chat.$pageContext);
  if (!context) return null;
  return (
    <div>
      <div className="cp-assistant-composer__context" part="context-chip">
        <span id={id} className="cp-assistant-composer__context-title">
          {t('chat.context.using', { title: context.title })}
        </span>
        <Button
          variant="icon"
          part="remove-context"
          aria-label={t('chat.context.remove', { title: context.title })}
          disabled={disabled}
          onClick={() => {
            chat.setPageContext(null);
            inputRef.current?.focus();
          }}
        >
          <Icon name="close" size={14} />
        </Button>
      </div>
    </div>
  );
}

/** Send: submits the composer's form. */
function SendButton({ describedBy, disabled }: { describedBy: string | undefined; disabled: boolean }) {
  const t = useT();
  return (
    <Tooltip content={t('chat.send')} delay={TOOLTIP_DELAY_MS.chat}>
      <Button
        type="submit"
        variant="primary"
        className="cp-assistant-composer__send"
        part="send-button"
        aria-label={t('chat.send')}
        aria-describedby={describedBy}
        disabled={disabled}
      >
        <ChatIcon name="send" size={18} />
      </Button>
    </Tooltip>
  );
}

// spec §4
/**
 * Stop: in Send's place while an answer is written; ends it, keeping what was written.
 * The textarea is disabled meanwhile, Stop is not: it takes the focus the textarea had.
 */
function StopButton({ onStop, inputRef }: { onStop: () => void; inputRef: RefObject<HTMLTextAreaElement | null> }) {
  const t = useT();
  // In the next frame, whose layout it joins: focusing at once would lay out the whole conversation
  // a second time (about 14 ms with 1,000 messages).
  const focus = (button: HTMLButtonElement | null) => {
    if (!button) return;
    requestAnimationFrame(() => {
      if (button.isConnected && inputRef.current && focusLostFrom(inputRef.current)) button.focus();
    });
  };
  return (
    <Tooltip content={t('chat.stop')} delay={TOOLTIP_DELAY_MS.chat}>
      <Button
        ref={focus}
        type="button"
        variant="primary"
        className="cp-assistant-composer__send"
        part="stop-button"
        aria-label={t('chat.stop')}
        onClick={onStop}
      >
        <ChatIcon name="stop" size={18} />
      </Button>
    </Tooltip>
  );
}

// spec §2
/** Under the input: the disclaimer and the chat's cost. */
function ComposerFooter({ cost, currency }: { cost: number | null; currency: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="cp-assistant-composer__footer">
      <p className="cp-assistant-composer__disclaimer" part="disclaimer">
        {t('chat.disclaimer')}
      </p>
      {cost !== null ? (
        <p className="cp-assistant-composer__cost" part="cost">
          {t('chat.cost', { cost: chatCostText(cost, currency, locale) })}
        </p>
      ) : null}
    </div>
  );
}

// spec §2, §5; §3 `data.screenshot`
/**
 * The input area: the dataset selector, the question textarea (Enter sends, Shift+Enter adds a
 * line), the 'n / 2000' counter, Send, the disclaimer and the chat's cost. A
 * screenshot is attached with the Attach screenshot button or pasted
 * into the textarea; it shows as a preview with a Remove button and goes out with the question.
 */
export function Composer({
  onSend,
  onStop,
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
  const t = useT();
  const composer = useComposer({ onSend, busy, generating, retryIn, draft, inputRef });
  const { text, screenshot, screenshotError } = composer;
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const shotErrorId = useId();
  const datasetId = useId();
  const retryId = useId();
  const contextId = useId();
  const hasContext = useStore(portalChat(usePortalClient()).$pageContext) !== null;
  const error = chatMessageError(text, t);
  const describedBy = [counterId, error ? errorId : '', hasContext ? contextId : ''].filter(Boolean).join(' ');

  return (
    <form className="cp-assistant-composer" part="composer" onSubmit={composer.onSubmit} noValidate>
      <ContextChip id={contextId} disabled={generating} inputRef={inputRef} />
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
        aria-describedby={describedBy}
        data-autofocus={autoFocus && !generating ? true : undefined}
        onChange={(event) => composer.setText(event.currentTarget.value)}
        onKeyDown={composer.onKeyDown}
        onPaste={composer.onPaste}
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
        <ScreenshotPreview src={screenshot} disabled={generating} onRemove={composer.removeScreenshot} />
      ) : null}
      <div className="cp-assistant-composer__bar">
        <DatasetSelect id={datasetId} datasets={datasets} dataset={dataset} disabled={busy} />
        <AttachButton
          describedBy={screenshotError ? shotErrorId : undefined}
          disabled={generating}
          onFileChosen={composer.onFileChosen}
        />
        <span
          id={counterId}
          className="cp-assistant-composer__counter"
          part="counter"
          data-state={error ? 'invalid' : undefined}
        >
          {chatCounterText(text, t)}
        </span>
        {generating && onStop ? (
          <StopButton onStop={onStop} inputRef={inputRef} />
        ) : (
          <SendButton describedBy={retryIn !== null ? retryId : undefined} disabled={!composer.canSend} />
        )}
      </div>
      <ComposerFooter cost={cost} currency={currency} />
    </form>
  );
}
