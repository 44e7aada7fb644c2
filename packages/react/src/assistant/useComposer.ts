import { canSendChatMessage, chatScreenshotError, chatScreenshotIssue, type ChatState } from '@cloudportal/core';
import {
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useT } from '../provider/PortalProvider';

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

/** What {@link useComposer} needs of the composer's props. */
export interface UseComposerOptions {
  onSend: (text: string, screenshot?: string) => boolean;
  busy: boolean;
  generating: boolean;
  retryIn: number | null;
  draft: ChatState['draft'];
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The composer's state and handlers: the question's text and screenshot (a draft the assistant did not
 * answer comes back into an empty input), whether it may be sent, sending (Enter, or the form's
 * submit), and attaching a screenshot (chosen or pasted) after the screenshot rules.
 */
export function useComposer({ onSend, busy, generating, retryIn, draft, inputRef }: UseComposerOptions) {
  const t = useT();
  const [text, setText] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const canSend =
    !busy && retryIn === null && canSendChatMessage({ text, hasScreenshot: screenshot !== null, generating });

  // A question that was not answered comes back into an empty input; text the host page puts there
  // (`prefill`, or a question it asked that could not go) replaces what the input holds. Adjusted
  // while rendering, once per draft.
  const [seenDraft, setSeenDraft] = useState<ChatState['draft']>(null);
  if (draft !== seenDraft) {
    setSeenDraft(draft);
    if (draft?.replace) setText(draft.text);
    else if (draft && !text && !screenshot) {
      setText(draft.text);
      setScreenshot(draft.screenshot ?? null);
    }
  }

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

  return {
    text,
    setText,
    screenshot,
    screenshotError,
    canSend,
    onFileChosen,
    onPaste,
    removeScreenshot,
    onSubmit,
    onKeyDown,
  };
}
