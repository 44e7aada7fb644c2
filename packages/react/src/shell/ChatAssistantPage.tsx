import { relatedLinkHref } from '@cloudportal/core';
import { AssistantChat } from '../assistant/AssistantChat';
import { usePageNavigate, usePortalNavigation } from './pageContext';

// spec §2
/** The `chat-assistant` feature page: the assistant embedded as a page; related links route in the portal. */
export default function ChatAssistantPage() {
  const navigate = usePageNavigate();
  const { prefix } = usePortalNavigation();
  return (
    <AssistantChat
      mode="page"
      contentPrefix={prefix}
      onLinkChosen={(link) => {
        navigate(relatedLinkHref(prefix, link.url));
        return true;
      }}
    />
  );
}
