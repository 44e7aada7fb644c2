import { getDefaultPortalClient, type ConfirmData, type ConfirmResult, type PortalClient, type ToastInput } from '@cloudportal/core';
import { CONFIRM_HOST_TAG, defineConfirmHost } from './confirm-host';
import { TOASTER_TAG, defineToaster } from './toaster';

/** Makes sure an element with `tag` renders the client's state somewhere in the document. */
function ensureOutlet(tag: string, client: PortalClient): void {
  for (const el of document.querySelectorAll<HTMLElement & { client?: PortalClient }>(tag)) {
    if (el.client === client) return;
  }
  const el = document.createElement(tag) as HTMLElement & { client: PortalClient };
  el.client = client;
  document.body.append(el);
}

/**
 * Opens a confirmation dialog (spec §2) on a plain page; resolves `{result: true}` on confirm and
 * `null` on close or timer expiry. Uses the page-wide default client unless one is given.
 */
export function confirm(data: ConfirmData = {}, client: PortalClient = getDefaultPortalClient()): Promise<ConfirmResult> {
  defineConfirmHost();
  ensureOutlet(CONFIRM_HOST_TAG, client);
  return client.confirm(data);
}

/** Shows a toast (spec §8) on a plain page for 3000 ms and returns its id. */
export function toast(input: ToastInput, client: PortalClient = getDefaultPortalClient()): number {
  defineToaster();
  ensureOutlet(TOASTER_TAG, client);
  return client.toast(input);
}
