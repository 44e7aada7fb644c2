import { relatedLinkHref } from '@cloudportal/core';
import { AssistantChat } from '../assistant/AssistantChat';
import { usePortalClient } from '../provider/PortalProvider';
import { useShell } from './useShell';

/** The `chat-assistant` feature page (spec §2): the assistant embedded as a page; related links route in the portal. */
export default function ChatAssistantPage() {
  const client = usePortalClient();
  const shell = useShell();
  return (
    <AssistantChat
      mode="page"
      contentPrefix={shell.prefix}
      onLinkChosen={(link) => {
        client.navigate(relatedLinkHref(shell.prefix, link.url));
        return true;
      }}
    />
  );
}
