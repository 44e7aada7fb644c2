import { portalShell, type PortalShellStores } from '@cloudportal/core';
import { usePortalClient } from '../provider/PortalProvider';

/**
 * The shell stores (navigation, page, branding, navbar dialogs) of the nearest portal client.
 * @public
 */
export function useShell(): PortalShellStores {
  return portalShell(usePortalClient());
}
