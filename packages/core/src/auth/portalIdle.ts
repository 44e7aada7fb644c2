import { clientInternals, type PortalClient } from '../client/createPortalClient';
import { clientPart } from '../client/parts';
import { UI_SESSION_TIMEOUT_DEFAULT_MINUTES } from '../rules/licenses';
import { createIdleWatcher, type IdleWatcher } from './idle';

// spec §4 "Idle session"
/**
 * The idle watcher of `client`, created on first use — by the portal's idle
 * warning (`<IdleWarningDialog>`, which the reference portal mounts). It runs while the session is signed
 * in, with the tenant's `uiSessionTimeout` once the settings have loaded, pings the keepalive, and
 * logs out when its warning runs out. A page without that warning (a partner's page with
 * `<cp-assistant>` or `<cp-report>`) has no idle watcher: nothing there could warn the visitor before
 * logging them out, and the page does not download it.
 * @public
 */
export function portalIdle(client: PortalClient): IdleWatcher {
  return clientPart(client, createPortalIdle);
}

function createPortalIdle(client: PortalClient): IdleWatcher {
  const { channel, keepaliveUnit, onDispose } = clientInternals(client);
  const idle = createIdleWatcher({
    uiSessionTimeout: UI_SESSION_TIMEOUT_DEFAULT_MINUTES,
    onTimeout: () => client.session.logout(),
    keepalive: () => client.api.audit.keepalive(),
    keepaliveUnit,
    channel,
  });
  const signedIn = () => client.session.$session.get().status === 'authenticated';
  let minutes: number | undefined;
  const takeTimeout = () => {
    const next = client.account.$account.get().settings?.uiSessionTimeout;
    if (next && next !== minutes && signedIn()) idle.setTimeout((minutes = next));
  };
  let watching = false;
  const stopSession = client.session.$session.subscribe(() => {
    if (signedIn() && !watching) {
      idle.start();
      takeTimeout();
    } else if (!signedIn() && watching) {
      idle.stop();
      minutes = undefined;
    }
    watching = signedIn();
  });
  const stopAccount = client.account.$account.subscribe(takeTimeout);
  // Spec §4: logout stops it (the session's status follows a moment later).
  client.onReset(() => idle.stop());
  onDispose(() => {
    stopSession();
    stopAccount();
    idle.dispose();
  });
  return idle;
}
