/**
 * The report and bookmarks services at the network edge, for the report view's component tests and
 * stories: embed answers by report id and the saved views (GraphQL) from memory, as the reference
 * server answers them. Our own code (http helper, bookmarks client, stores) runs for real on top.
 */
import type { PbiBookmark, ReportEmbed } from '@cloudportal/core';
import { fakeApi, settingsAnswer, signedInRoutes, type FakeAnswer, type FakeResponse } from '../../testing/fakeApi';

const PORTAL = '/services/api-portal-customer';
/** The embed route of a product report. */
export const embedRoute = (id: string) => `GET ${PORTAL}/api/report/embed/token/report/${id}`;

/** An embed answer with the reference server's defaults (licensed, the emulator's URL). */
export function embedAnswer(over: Partial<ReportEmbed> = {}): ReportEmbed {
  return {
    id: 'billing-overview',
    name: 'Billing overview',
    description: 'Your cloud bill at a glance.',
    errorMessage: null,
    reportPage: 'Overview',
    token: 'embed-token',
    entityUrl: '/powerbi-emulator/reportEmbed?reportId=r1&groupId=g1',
    entityId: 'r1',
    expiration: new Date(Date.now() + 600_000).toISOString(),
    tokenUrl: '/services/api-portal-customer/api/report/embed/token/report/billing-overview/refresh',
    pages: [],
    ...over,
  };
}

// spec §2 'Unlicensed feature'
/** An unlicensed embed answer: no token, url and id. */
export const unlicensedAnswer = (over: Partial<ReportEmbed> = {}) =>
  embedAnswer({
    token: null,
    entityUrl: null,
    entityId: null,
    expiration: null,
    tokenUrl: null,
    description: 'Microsoft 365 licences and their use.',
    ...over,
  });

/** Saved views in memory, answering the bookmarks GraphQL operations. */
export function fakeBookmarkService(
  seed: Array<{ name: string; state: string; tabName?: string }> = [],
  pageName = 'billing-overview',
) {
  let next = 0;
  const rows: PbiBookmark[] = seed.map((v) => ({
    entryId: `v${++next}`,
    tenantId: 'tenant-1',
    pageName,
    tabName: v.tabName ?? '',
    name: v.name,
    state: v.state,
    createdAt: '',
    lastUsedAt: '',
  }));
  const operations: string[] = [];
  const ok = (result: unknown) => ({ success: true, errors: [], result });
  const answer: FakeAnswer = ({ body }) => {
    const { query, variables } = body as { query: string; variables: Record<string, unknown> };
    const op = /^(?:query|mutation) (\w+)/.exec(query)?.[1] ?? '';
    operations.push(op);
    let data: unknown;
    if (op === 'GetPbiBookmarks')
      data = {
        getPbiBookmarks: rows.filter(
          (r) => r.pageName === variables.pageName && r.tabName === (variables.tabName ?? ''),
        ),
      };
    else if (op === 'GetPbiBookmarkByEntryId')
      data = { getPbiBookmarkByEntryId: rows.find((r) => r.entryId === variables.entryId) ?? null };
    else if (op === 'TouchPbiBookmark')
      data = { touchPbiBookmark: ok(rows.find((r) => r.entryId === variables.entryId) ?? null) };
    else if (op === 'AddPbiBookmark') {
      const input = variables.input as PbiBookmark;
      const row: PbiBookmark = {
        ...input,
        tabName: input.tabName ?? '',
        entryId: `v${++next}`,
        tenantId: 'tenant-1',
        createdAt: '',
        lastUsedAt: '',
      };
      rows.unshift(row);
      data = { addPbiBookmark: ok(row) };
    } else {
      const ids = variables.entryIds as string[];
      for (const id of ids)
        rows.splice(
          rows.findIndex((r) => r.entryId === id),
          1,
        );
      data = { deletePbiBookmarks: ok({ entryIds: ids, count: ids.length }) };
    }
    return { json: { data } } satisfies FakeResponse;
  };
  return { route: { [`POST ${PORTAL}/graphql`]: answer }, rows, operations };
}

/** A fetch of a signed-in Contoso admin with these report routes. */
export function fakeReportsApi(routes: Record<string, FakeAnswer>) {
  return fakeApi(
    signedInRoutes({
      [`GET ${PORTAL}/api`]: settingsAnswer({
        salesEmail: 'sales@cloudportal.example',
        powerBiAzureMarketing: '/assets/marketing-azure.svg',
        powerBiOfficeMarketing: '/assets/marketing-office.svg',
      }),
      ...routes,
    }),
  );
}
