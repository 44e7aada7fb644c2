import type { ConfirmData, ConfirmResult, PortalClient, ToastInput } from '@cloudportal/core';
import { CONFIRM_HOST_TAG, defineConfirmHost } from './confirm-host';
import { loadRuntime } from './internal/loader';
import type { PortalElement } from './internal/createElement';
import { TOASTER_TAG, defineToaster } from './toaster';

/** The client to use: the one given, else the page-wide default (loading the client module if need be). */
async function clientOf(client: PortalClient | undefined): Promise<PortalClient> {
  return client ?? (await loadRuntime()).getDefaultPortalClient();
}

/** Makes sure an element with `tag` renders the client's state somewhere in the document. */
function ensureOutlet(tag: string, client: PortalClient): void {
  for (const el of document.querySelectorAll<PortalElement>(tag)) {
    if (el.client === client) return;
  }
  const el = document.createElement(tag) as PortalElement;
  el.client = client;
  document.body.append(el);
}

/**
 * Opens a confirmation dialog on a plain page; resolves `{result: true}` on confirm and
 * `null` on close or timer expiry. Uses the page-wide default client unless one is given.
 * @public
 */
export async function confirm(data: ConfirmData = {}, client?: PortalClient): Promise<ConfirmResult> {
  const own = await clientOf(client);
  defineConfirmHost();
  ensureOutlet(CONFIRM_HOST_TAG, own);
  return own.confirm(data);
}

/**
 * Shows a toast on a plain page for 3000 ms; resolves its id. Uses the page-wide default
 * client unless one is given.
 * @public
 */
export async function toast(input: ToastInput, client?: PortalClient): Promise<number> {
  const own = await clientOf(client);
  defineToaster();
  ensureOutlet(TOASTER_TAG, own);
  return own.toast(input);
}
