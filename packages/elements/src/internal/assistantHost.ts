// What <cp-assistant>'s methods and its `context` need of the chat: loaded when the host page first
// calls one, so a page that never drives the assistant does not carry it.
import { portalChat, type ChatStore } from '@cloudportal/core';
import type { PortalElement } from './createElement';
import { loadRuntime } from './loader';

/** The chat store of the element's client, once the elements' runtime has loaded. */
export async function chatOf(element: PortalElement): Promise<ChatStore> {
  await loadRuntime();
  const client = element.client;
  if (!client) throw new Error(`${element.localName}: no portal client`);
  return portalChat(client);
}
