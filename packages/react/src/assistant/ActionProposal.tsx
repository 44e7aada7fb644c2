import { pageActionLabel, portalChat, type PageActionProposal, type PortalClient } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useContext, useEffect, useState } from 'react';
import { usePortalClient } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { ChatIcon } from './icons';
import { PageActionRunner } from './pageActionRunner';

/** Whether the proposal may show now (the page registers its action, its arguments match): null while checked. */
function useProposalShown(client: PortalClient, proposal: PageActionProposal): boolean | null {
  const chat = portalChat(client);
  const registered = useStore(chat.$pageActions);
  const [shown, setShown] = useState<{ for: unknown; ok: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void chat.proposalIssue(proposal).then((issue) => live && setShown({ for: registered, ok: issue === null }));
    return () => {
      live = false;
    };
  }, [chat, proposal, registered]);
  return shown && shown.for === registered ? shown.ok : null;
}

/**
 * An action of the host page an answer proposes: a button that says what it does with its
 * arguments ('Open invoice 4711'), shown while the page offers the action with matching parameters;
 * the visitor's click hands it to the host, and what the host answers shows under it (and is stored
 * with the answer). The SDK runs nothing itself.
 */
export function ActionProposal({ messageId, proposal }: { messageId: string; proposal: PageActionProposal }) {
  const client = usePortalClient();
  const run = useContext(PageActionRunner);
  const shown = useProposalShown(client, proposal);
  const [running, setRunning] = useState(false);
  const offered = run !== null && shown === true;
  useEffect(() => {
    if (offered) client.telemetry({ type: 'action-offered', name: proposal.name });
  }, [offered, client, proposal.name]);
  if (!offered && !proposal.result) return null;

  async function choose() {
    if (!run) return;
    client.telemetry({ type: 'action-chosen', name: proposal.name });
    setRunning(true);
    try {
      const result = await run({ name: proposal.name, arguments: proposal.arguments, messageId });
      if (result?.trim()) await portalChat(client).saveActionResult(messageId, result);
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="cp-assistant-action" part="action">
      {offered ? (
        <Button
          variant="primary"
          part="action-button"
          data-action={proposal.name}
          // The page's own words (its action's description) and the model's arguments: data.
          translate="no"
          aria-busy={running || undefined}
          disabled={running}
          onClick={() => void choose()}
        >
          {pageActionLabel(proposal)}
        </Button>
      ) : null}
      {/* What the page answered: its own words (data), announced as they appear. */}
      <p className="cp-assistant-action__result" part="action-result" role="status" translate="no">
        {proposal.result ? (
          <>
            <ChatIcon name="check" size={16} />
            {proposal.result}
          </>
        ) : null}
      </p>
    </div>
  );
}
