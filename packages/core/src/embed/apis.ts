import { createBookmarksApi, type BookmarksApi } from '../api/bookmarks';
import { createReportsApi, type ReportsApi } from '../api/reports';
import { clientPart } from '../client/parts';
import type { PortalClient } from '../client/createPortalClient';

// spec §7
/**
 * The report calls a report view makes: embedding (with token refresh) and bookmarks.
 * @public
 */
export interface ReportApis {
  /** The embed and embed-token calls. */
  reports: ReportsApi;
  /** The saved views' calls. */
  bookmarks: BookmarksApi;
}

/**
 * The report and bookmark calls on `client`'s http helper, created on first use (one set per
 * client), so that a page without a report does not carry them.
 * @public
 */
export function reportApis(client: PortalClient): ReportApis {
  return clientPart(client, reportApisOf);
}

const reportApisOf = (client: PortalClient): ReportApis => ({
  reports: createReportsApi(client.http),
  bookmarks: createBookmarksApi(client.http),
});
