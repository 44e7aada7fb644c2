import type { BrandingFileKind } from '@cloudportal/core/rules';
import { PORTAL } from '../account/routes';

export { PORTAL };

/** Owner of the server's default branding files (spec §7 "file content by kind and owner"). */
export const DEFAULT_OWNER = 'default';

/** Where the terms HTML is served: public, so the forced terms dialog can load it (spec §2). */
export const EULA_PATH = '/api/public/eula';

/** The chosen path of "file content by kind and owner" (the spec does not show it). */
export function brandingContentPath(kind: BrandingFileKind, owner: string): string {
  return `${PORTAL}/api/branding/${kind}/content?owner=${encodeURIComponent(owner)}`;
}

/**
 * The spec's `GET {token}` (test) and `POST {token}` (add missing permissions): one server path,
 * answered as `permissionsUrl` by `POST /api/office365`.
 */
export const OFFICE365_PERMISSIONS_PATH = `${PORTAL}/api/office365/permissions`;
