import { atom } from 'nanostores';
import { createChatApi, type ChatApi, type ChatDataset } from '../api/chat';
import { clientPart } from '../client/parts';
import type { PortalClient } from '../client/createPortalClient';
import { toPlainText } from '../rules/chat';
import { availableDatasets, datasetAvailability } from '../rules/chatDatasets';
import { createChatStore, type ChatStore } from './chat';

// spec §7
/**
 * The chat calls on `client`'s http helper (one per client).
 * @public
 */
export function portalChatApi(client: PortalClient): ChatApi {
  return clientPart(client, chatApiOf);
}

const chatApiOf = (client: PortalClient): ChatApi => createChatApi(client.http);

function createPortalChat(client: PortalClient): ChatStore {
  // Spec §5: the token's account types (claim utype) and the tenant's active licences decide the
  // assistant's datasets; the list changes only when the answer does.
  const $datasets = atom<readonly ChatDataset[]>([]);
  const updateDatasets = () => {
    const next = availableDatasets(
      datasetAvailability(
        client.session.$session.get().claims?.utype ?? [],
        client.account.$account.get().licenses ?? [],
      ),
    );
    const current = $datasets.get();
    if (next.length !== current.length || next.some((d, i) => d !== current[i])) $datasets.set(next);
  };
  client.session.$session.subscribe(updateDatasets);
  client.account.$account.subscribe(updateDatasets);
  const chat = createChatStore({
    api: portalChatApi(client),
    toast: client.toast,
    t: client.t,
    datasets: $datasets,
    sanitize: toPlainText,
    reportContext: client.reportContext.read,
    telemetry: client.telemetry,
  });
  // Spec §4: logout resets the data cache — the open chat and its history with it.
  client.onReset(() => chat.reset());
  return chat;
}

// spec §2, §4 "Chat"
/**
 * The assistant chat of `client`: the open chat, its history and their
 * actions, created on first use (one per client) and reset on logout. Kept apart from
 * `createPortalClient` so that a page without the assistant does not carry it.
 * @public
 */
export function portalChat(client: PortalClient): ChatStore {
  return clientPart(client, createPortalChat);
}
