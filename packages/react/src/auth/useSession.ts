import { portalIdle, type AccountState, type IdleState, type SessionState } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { usePortalClient } from '../provider/PortalProvider';

// spec §4
/**
 * The session of the current portal client: status, claims and identity — never the token.
 * @public
 */
export function useSession(): SessionState {
  return useStore(usePortalClient().session.$session);
}

/**
 * The signed-in tenant's settings and who-is, loaded after sign-in.
 * @public
 */
export function useAccount(): AccountState {
  return useStore(usePortalClient().account.$account);
}

// spec §4 "Idle session"
/**
 * The idle watcher's phase and countdown; the first use starts the client's watcher (`portalIdle`).
 * @public
 */
export function useIdle(): IdleState {
  return useStore(portalIdle(usePortalClient()).$idle);
}

// spec §9
/**
 * The product name for titles: the tenant's setting once loaded, else the default.
 * @public
 */
export function useProductName(): string {
  return useAccount().settings?.productName || 'Cloud Portal';
}
