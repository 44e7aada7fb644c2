import {
  TOOLTIP_DELAY_MS,
  portalChat,
  relatedLinkHref,
  type ChatTranscript,
  type PortalClient,
} from '@cloudportal/core';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Tooltip } from '../ui/Tooltip';
import { ChatIcon } from './icons';

/**
 * The open chat of `client` as a transcript, its related links as full addresses on the portal
 * (`/{contentPrefix}/{url}` on the client's `apiBase`, else this page's origin).
 * @public
 */
export function exportOpenChat(client: PortalClient, contentPrefix: string): Promise<ChatTranscript> {
  const origin = client.config.apiBase || globalThis.location?.origin || '';
  return portalChat(client).exportChat((url) => new URL(relatedLinkHref(contentPrefix, url), origin).href);
}

/**
 * @internal
 * Download chat: a disclosure in the chat's header whose two buttons save the open chat as Markdown
 * (for people) or JSON (for programs, the shape `exportChat()` answers). Escape closes it and gives the
 * focus back to its button.
 */
export function ChatExport({
  contentPrefix,
  assistantName,
  disabled,
}: {
  contentPrefix: string;
  assistantName: string;
  disabled: boolean;
}) {
  const client = usePortalClient();
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useId();

  const save = async (format: 'md' | 'json') => {
    setOpen(false);
    button.current?.focus();
    // The transcript's rules and the file's writing load with the first download.
    const [transcript, { saveTranscript }] = await Promise.all([
      exportOpenChat(client, contentPrefix),
      import('./chatExportFile'),
    ]);
    saveTranscript(transcript, format, t, assistantName);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="cp-assistant-export" onKeyDown={onKeyDown}>
      <Tooltip content={t('chat.export')} delay={TOOLTIP_DELAY_MS.chat} placement="bottom">
        <Button
          ref={button}
          variant="icon"
          aria-label={t('chat.export')}
          aria-expanded={open}
          aria-controls={panel}
          part="export-button"
          disabled={disabled}
          onClick={() => setOpen(!open)}
        >
          <ChatIcon name="download" />
        </Button>
      </Tooltip>
      <div id={panel} className="cp-assistant-export__panel" part="export" hidden={!open}>
        <Button onClick={() => void save('md')}>{t('chat.export.markdown')}</Button>
        <Button onClick={() => void save('json')}>{t('chat.export.json')}</Button>
      </div>
    </div>
  );
}
