import {
  ApiError,
  BOOKMARK_DOCUMENTS,
  createBookmarksApi,
  graphql,
  GraphQLError,
  type BookmarksApi,
  type Http,
  type PbiBookmark,
} from '@cloudportal/core';
import { BOOKMARK_MESSAGES, BOOKMARK_STATE_MAX_BYTES, SAVED_VIEWS_MAX } from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, type TestServer as Server } from '../test-support';
import { GRAPHQL_ROUTE } from './routes';

const TAB = 'Overview';
const STATE =
  'H4sIAAAAAAAACu1YS2/jNhD+KwbPjiFRlCzp5jrONkBfsN1ugSAHShrbRGRSpSgnbuD/3qEeXtvZNGmbbrHF+mRyyBlyvpn5ZvhIXmbHkSayiUbnj+Ikh5XW4L08o/cLjNzd2QnpMHqAmTNgB5Bll1Qy2gyPdpBpD0Y9+XBO8iv0e3X8gGwhN7KMAM/bXdHtzS6bK';

let seq = 0;
/** A page of its own per test, so tests never see each other's views. */
const freshPage = (label: string) => `${label}-${++seq}`;

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
}

/** The call failed with a readable HTTP 4xx carrying GraphQL-over-HTTP `{errors}` and `{message}`. */
async function expectBadRequest(promise: Promise<unknown>, message: RegExp, status = 400) {
  const error = await refusal(promise);
  expect(error).toBeInstanceOf(ApiError);
  const api = error as ApiError;
  expect(api.status).toBe(status);
  const body = api.body as { errors?: { message: string }[]; message?: string };
  expect(body.errors?.length).toBeGreaterThan(0);
  expect(body.message).toMatch(message);
  expect(api.message).toMatch(message);
  return body.errors!.map((e) => e.message);
}

/** POSTs a raw body to the GraphQL endpoint. */
const post = (http: Http, json: unknown) => http.request('POST', GRAPHQL_ROUTE, { json });

describe('saved views (spec §7 "Bookmarks") through the typed client', () => {
  let server: Server;
  let adaHttp: Http;
  let adaToken: () => string | undefined;
  let ada: BookmarksApi;
  let max: BookmarksApi;
  let multi: BookmarksApi;
  let anonymous: BookmarksApi;

  beforeAll(async () => {
    server = await startTestServer();
    const adaClient = await signInAs(server, 'ada@contoso.example');
    adaHttp = adaClient.http;
    adaToken = adaClient.getToken;
    ada = createBookmarksApi(adaHttp);
    max = createBookmarksApi((await signInAs(server, 'max@fabrikam.example')).http);
    multi = createBookmarksApi((await signInAs(server, 'multi@wingtip.example', TENANT.contoso)).http);
    anonymous = createBookmarksApi(server.client().http);
  });
  afterAll(() => server.close());

  const saved = async (
    api: BookmarksApi,
    pageName: string,
    name: string,
    tabName: string | null = TAB,
  ): Promise<PbiBookmark> => {
    const answer = await api.addPbiBookmark({ pageName, tabName, name, state: `${STATE}-${name}` });
    expect(answer).toMatchObject({ success: true, errors: [] });
    return answer.result!;
  };
  const names = async (api: BookmarksApi, pageName: string, tabName: string | null = TAB) =>
    (await api.getPbiBookmarks(pageName, tabName)).map((b) => b.name);

  describe('saving, listing, selecting and deleting', () => {
    it('given ada saves a view, then it is stored with a trimmed name under her tenant, page and tab, and listed', async () => {
      const page = freshPage('save');
      const answer = await ada.addPbiBookmark({ pageName: page, tabName: TAB, name: '  Q1 budget  ', state: STATE });
      expect(answer.success).toBe(true);
      expect(answer.errors).toEqual([]);
      expect(answer.result).toMatchObject({
        tenantId: TENANT.contoso,
        pageName: page,
        tabName: TAB,
        name: 'Q1 budget',
        state: STATE,
      });
      expect(answer.result!.entryId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(answer.result!.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(await ada.getPbiBookmarks(page, TAB)).toEqual([answer.result]);
    });

    it('given three saved views, the list is most recent first, and touching one moves it to the top', async () => {
      const page = freshPage('recency');
      const a = await saved(ada, page, 'A');
      const b = await saved(ada, page, 'B');
      await saved(ada, page, 'C');
      expect(await names(ada, page)).toEqual(['C', 'B', 'A']);

      const touched = await ada.touchPbiBookmark(a.entryId);
      expect(touched).toMatchObject({
        success: true,
        errors: [],
        result: { entryId: a.entryId, name: 'A', state: a.state },
      });
      expect(Date.parse(touched.result!.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(a.lastUsedAt));
      expect(await names(ada, page)).toEqual(['A', 'C', 'B']);

      await ada.touchPbiBookmark(b.entryId);
      expect(await names(ada, page)).toEqual(['B', 'A', 'C']);
    });

    it('given a saved view, getPbiBookmarkByEntryId answers its entryId and state; an unknown id answers null', async () => {
      const page = freshPage('by-id');
      const view = await saved(ada, page, 'Mine');
      expect(await ada.getPbiBookmarkByEntryId(view.entryId)).toEqual(view);
      expect(await ada.getPbiBookmarkByEntryId('00000000-0000-4000-8000-000000000000')).toBeNull();
    });

    it('given several views, deletePbiBookmarks deletes the chosen ones at once and answers their ids and count', async () => {
      const page = freshPage('delete');
      const a = await saved(ada, page, 'A');
      const b = await saved(ada, page, 'B');
      await saved(ada, page, 'C');
      const answer = await ada.deletePbiBookmarks([a.entryId, b.entryId, a.entryId]);
      expect(answer).toEqual({ success: true, errors: [], result: { entryIds: [a.entryId, b.entryId], count: 2 } });
      expect(await names(ada, page)).toEqual(['C']);
      expect(await ada.getPbiBookmarkByEntryId(a.entryId)).toBeNull();
    });

    it('given an unknown id among the ids to delete, the known ones are deleted and the unknown one is reported', async () => {
      const page = freshPage('delete-partly');
      const a = await saved(ada, page, 'A');
      const ghost = '00000000-0000-4000-8000-00000000dead';
      const answer = await ada.deletePbiBookmarks([a.entryId, ghost]);
      expect(answer).toEqual({
        success: false,
        errors: [BOOKMARK_MESSAGES.notFound(ghost)],
        result: { entryIds: [a.entryId], count: 1 },
      });
      expect(await names(ada, page)).toEqual([]);
    });

    it('given no ids, deleting answers "Select at least one view." and touching an unknown id answers not found', async () => {
      expect(await ada.deletePbiBookmarks([])).toEqual({
        success: false,
        result: null,
        errors: ['Select at least one view.'],
      });
      const ghost = '00000000-0000-4000-8000-00000000beef';
      expect(await ada.touchPbiBookmark(ghost)).toEqual({
        success: false,
        result: null,
        errors: [`View ${ghost} was not found.`],
      });
    });

    it('given a report page without tabs, views saved with no tab are listed for no tab (null or "") only', async () => {
      const page = freshPage('no-tab');
      const answer = await ada.addPbiBookmark({ pageName: page, name: 'Whole page', state: STATE });
      expect(answer.result).toMatchObject({ pageName: page, tabName: '' });
      await saved(ada, page, 'Tabbed', TAB);
      expect(await names(ada, page, null)).toEqual(['Whole page']);
      expect(await names(ada, page, '')).toEqual(['Whole page']);
      expect(await names(ada, page, TAB)).toEqual(['Tabbed']);
    });

    it('given views of other tabs of the same page, each tab lists only its own (spec §4 "filtered to the current tab name")', async () => {
      const page = freshPage('tabs');
      await saved(ada, page, 'Overview view', 'Overview');
      await saved(ada, page, 'Details view', 'Details');
      expect(await names(ada, page, 'Overview')).toEqual(['Overview view']);
      expect(await names(ada, page, 'Details')).toEqual(['Details view']);
      expect(await names(ada, `${page}-other`, 'Overview')).toEqual([]);
    });
  });

  describe('validation (spec §5): success false with the exact message, nothing stored', () => {
    const cases: [string, { name: string; state?: string }, string[]][] = [
      ['an empty name', { name: '' }, ['Name is required.']],
      ['a whitespace-only name', { name: '   ' }, ['Name is required.']],
      ['a 41-character name', { name: 'x'.repeat(41) }, ['Maximum length is 40 characters.']],
      ["'Default View'", { name: 'Default View' }, ['Default View is reserved and cannot be added']],
      ["'default view'", { name: 'default view' }, ['Default View is reserved and cannot be added']],
      ["' DEFAULT VIEW '", { name: ' DEFAULT VIEW ' }, ['Default View is reserved and cannot be added']],
      ['an empty state', { name: 'Q1', state: '' }, ['The view state is required.']],
      [
        'a state over 64 KB',
        { name: 'Q1', state: 's'.repeat(BOOKMARK_STATE_MAX_BYTES + 1) },
        ['The view state is too large (at most 64 KB).'],
      ],
      [
        'an empty name and an empty state',
        { name: '', state: '' },
        ['Name is required.', 'The view state is required.'],
      ],
    ];
    for (const [label, view, errors] of cases) {
      it(`given ${label}, then ${errors.join(' + ')}`, async () => {
        const page = freshPage('invalid');
        const answer = await ada.addPbiBookmark({
          pageName: page,
          tabName: TAB,
          name: view.name,
          state: view.state ?? STATE,
        });
        expect(answer).toEqual({ success: false, result: null, errors });
        expect(await ada.getPbiBookmarks(page, TAB)).toEqual([]);
      });
    }

    it('given a 40-character name and a state of exactly 64 KB, the view is saved', async () => {
      const page = freshPage('limits');
      const answer = await ada.addPbiBookmark({
        pageName: page,
        tabName: TAB,
        name: 'x'.repeat(40),
        state: 's'.repeat(BOOKMARK_STATE_MAX_BYTES),
      });
      expect(answer.success).toBe(true);
      expect((await ada.getPbiBookmarkByEntryId(answer.result!.entryId))?.state).toHaveLength(BOOKMARK_STATE_MAX_BYTES);
    });

    it('given a blank page name, then "The page name is required."', async () => {
      expect(await ada.addPbiBookmark({ pageName: ' ', tabName: TAB, name: 'Q1', state: STATE })).toEqual({
        success: false,
        result: null,
        errors: ['The page name is required.'],
      });
    });

    it('given 16 saved views on a tab, the 17th is refused and not stored; another tab still takes views', async () => {
      const page = freshPage('max');
      for (let i = 1; i <= SAVED_VIEWS_MAX; i++) await saved(ada, page, `View ${i}`);
      const seventeenth = await ada.addPbiBookmark({ pageName: page, tabName: TAB, name: 'View 17', state: STATE });
      expect(seventeenth).toEqual({
        success: false,
        result: null,
        errors: ['You can save at most 16 views for this page. Delete a view to save a new one.'],
      });
      const list = await names(ada, page);
      expect(list).toHaveLength(16);
      expect(list).not.toContain('View 17');
      await saved(ada, page, 'Other tab', 'Details');
      // Deleting one makes room again.
      const oldest = (await ada.getPbiBookmarks(page, TAB)).at(-1)!;
      await ada.deletePbiBookmarks([oldest.entryId]);
      expect((await ada.addPbiBookmark({ pageName: page, tabName: TAB, name: 'View 17', state: STATE })).success).toBe(
        true,
      );
    });
  });

  describe('duplicate names (spec §5: a " (n)" suffix)', () => {
    it("given 'Q1' exists, saving 'Q1' again stores 'Q1 (1)', then 'Q1 (2)', case-insensitively", async () => {
      const page = freshPage('dupes');
      expect((await saved(ada, page, 'Q1')).name).toBe('Q1');
      expect((await saved(ada, page, 'Q1')).name).toBe('Q1 (1)');
      expect((await saved(ada, page, ' q1 ')).name).toBe('q1 (2)');
      expect((await saved(ada, page, 'Q1 (1)')).name).toBe('Q1 (3)');
      expect(await names(ada, page)).toEqual(['Q1 (3)', 'q1 (2)', 'Q1 (1)', 'Q1']);
    });

    it('given the same name on another tab or page, it is not a duplicate', async () => {
      const page = freshPage('dupes-scope');
      await saved(ada, page, 'Q1', 'Overview');
      expect((await saved(ada, page, 'Q1', 'Details')).name).toBe('Q1');
      expect((await saved(ada, `${page}-b`, 'Q1', 'Overview')).name).toBe('Q1');
    });

    it('given a 40-character name saved twice, the second stays within 40 characters', async () => {
      const page = freshPage('dupes-long');
      const long = 'L'.repeat(40);
      await saved(ada, page, long);
      expect((await saved(ada, page, long)).name).toBe(`${'L'.repeat(36)} (1)`);
    });
  });

  describe('isolation: tenant and user come from the token only', () => {
    it('given ada (Contoso) saved a view, max (Fabrikam) neither lists, reads, touches nor deletes it', async () => {
      const page = freshPage('tenant');
      const first = await saved(ada, page, 'Contoso secret');
      const second = await saved(ada, page, 'Second');
      expect(await max.getPbiBookmarks(page, TAB)).toEqual([]);
      expect(await max.getPbiBookmarkByEntryId(first.entryId)).toBeNull();
      expect(await max.touchPbiBookmark(first.entryId)).toEqual({
        success: false,
        result: null,
        errors: [`View ${first.entryId} was not found.`],
      });
      expect(await max.deletePbiBookmarks([first.entryId])).toEqual({
        success: false,
        result: { entryIds: [], count: 0 },
        errors: [`View ${first.entryId} was not found.`],
      });
      // Untouched: still there, still second in recency.
      expect(await names(ada, page)).toEqual(['Second', 'Contoso secret']);
      expect(await ada.getPbiBookmarkByEntryId(first.entryId)).toEqual(first);
      expect(second.tenantId).toBe(TENANT.contoso);
    });

    it('given max saves a view with the same page, tab and name, it is his own (no suffix) under Fabrikam', async () => {
      const page = freshPage('tenant-names');
      await saved(ada, page, 'Q1');
      const his = await saved(max, page, 'Q1');
      expect(his).toMatchObject({ name: 'Q1', tenantId: TENANT.fabrikam });
      expect(await names(ada, page)).toEqual(['Q1']);
      expect(await names(max, page)).toEqual(['Q1']);
    });

    it('given multi signed in to Contoso (same tenant as ada, another user), the views stay personal both ways', async () => {
      const page = freshPage('user');
      const adas = await saved(ada, page, 'Ada only');
      const multis = await saved(multi, page, 'Multi only');
      expect(multis.tenantId).toBe(TENANT.contoso);
      expect(await names(ada, page)).toEqual(['Ada only']);
      expect(await names(multi, page)).toEqual(['Multi only']);
      expect(await multi.getPbiBookmarkByEntryId(adas.entryId)).toBeNull();
      expect(await ada.getPbiBookmarkByEntryId(multis.entryId)).toBeNull();
      expect((await multi.touchPbiBookmark(adas.entryId)).success).toBe(false);
      expect((await multi.deletePbiBookmarks([adas.entryId])).errors).toEqual([`View ${adas.entryId} was not found.`]);
      expect(await ada.getPbiBookmarkByEntryId(adas.entryId)).toEqual(adas);
    });

    it('given a tenantId in the input, it is refused as an unknown field rather than used', async () => {
      await expectBadRequest(
        graphql(adaHttp, BOOKMARK_DOCUMENTS.addPbiBookmark, {
          input: { pageName: 'p', tabName: TAB, name: 'x', state: STATE, tenantId: TENANT.fabrikam },
        }),
        /Field "tenantId" is not defined by type "PbiBookmarkInput"/,
      );
    });

    it('given no token, every operation answers 401', async () => {
      for (const call of [
        anonymous.getPbiBookmarks('p', TAB),
        anonymous.getPbiBookmarkByEntryId('x'),
        anonymous.addPbiBookmark({ pageName: 'p', tabName: TAB, name: 'x', state: STATE }),
        anonymous.deletePbiBookmarks(['x']),
        anonymous.touchPbiBookmark('x'),
      ]) {
        const error = await refusal(call);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(401);
      }
    });
  });

  describe('the GraphQL endpoint: malformed requests are readable 4xx, never 500', () => {
    it('given the benchmark documents (String! and PbiBookmarkInput! variables), they are accepted', async () => {
      const page = freshPage('bench');
      const added = await post(adaHttp, {
        query: 'mutation($i: PbiBookmarkInput!) { addPbiBookmark(input: $i) { success } }',
        variables: { i: { pageName: page, tabName: 'Overview', name: 'Q1', state: 'bench-state' } },
      });
      expect(added).toEqual({ data: { addPbiBookmark: { success: true } } });
      const listed = await post(adaHttp, {
        query: 'query($p: String!, $t: String!) { getPbiBookmarks(pageName: $p, tabName: $t) { entryId name state } }',
        variables: { p: page, t: 'Overview' },
      });
      expect(listed).toEqual({
        data: { getPbiBookmarks: [{ entryId: expect.any(String), name: 'Q1', state: 'bench-state' }] },
      });
    });

    it('given a syntax error, then 400 with the parser message', async () => {
      await expectBadRequest(graphql(adaHttp, 'query { getPbiBookmarks(pageName: "p" { name }'), /Syntax Error/);
    });

    it('given an unknown field or operation, then 400 naming it', async () => {
      await expectBadRequest(
        graphql(adaHttp, 'query { getPbiBookmarks(pageName: "p") { name colour } }'),
        /Cannot query field "colour" on type "PbiBookmark"/,
      );
      await expectBadRequest(
        graphql(adaHttp, 'query { getAllBookmarks { name } }'),
        /Cannot query field "getAllBookmarks" on type "Query"/,
      );
      await expectBadRequest(
        graphql(adaHttp, 'mutation { addPbiBookmark(input: {pageName: "p", name: "x", state: "s"}) }'),
        /must have a selection of subfields/,
      );
    });

    it('given missing or mistyped variables, then 400 naming the variable', async () => {
      await expectBadRequest(
        graphql(adaHttp, BOOKMARK_DOCUMENTS.getPbiBookmarks, {}),
        /Variable "\$pageName" of required type "String!" was not provided/,
      );
      await expectBadRequest(
        graphql(adaHttp, BOOKMARK_DOCUMENTS.addPbiBookmark, { input: { pageName: 'p', name: 5, state: 's' } }),
        /Variable "\$input" got invalid value 5 at "input.name"/,
      );
      await expectBadRequest(
        graphql(adaHttp, BOOKMARK_DOCUMENTS.deletePbiBookmarks, { entryIds: [null] }),
        /Variable "\$entryIds" got invalid value null at "entryIds\[0\]"; Expected non-nullable type "ID!" not to be null/,
      );
    });

    it('given a bad page name or too many ids, then 400 with a readable message', async () => {
      await expectBadRequest(ada.getPbiBookmarks('', TAB), /pageName must have 1 to 200 characters/);
      await expectBadRequest(
        ada.deletePbiBookmarks(Array.from({ length: 101 }, (_, i) => `id-${i}`)),
        /At most 100 entryIds may be deleted at once/,
      );
    });

    it('given an over-long entry id on the nullable lookup, the GraphQL error surfaces as GraphQLError', async () => {
      const error = await refusal(ada.getPbiBookmarkByEntryId('x'.repeat(65)));
      expect(error).toBeInstanceOf(GraphQLError);
      expect((error as GraphQLError).message).toBe('entryId must have 1 to 64 characters.');
    });

    it('given a list answered and kept, when its owner saves, touches or deletes a view, then the same document answers the change; another user asking it gets their own', async () => {
      const page = freshPage('kept');
      const list =
        'query Kept($p: String!, $t: String!) { getPbiBookmarks(pageName: $p, tabName: $t) { entryId name } }';
      const names = async (http: Http) =>
        (
          (await graphql(http, list, { p: page, t: TAB })) as { getPbiBookmarks: { name: string }[] }
        ).getPbiBookmarks.map((b) => b.name);
      const first = await saved(ada, page, 'First');
      expect(await names(adaHttp)).toEqual(['First']);
      expect(await names(adaHttp)).toEqual(['First']);
      await saved(ada, page, 'Second');
      expect(await names(adaHttp)).toEqual(['Second', 'First']);
      expect(await ada.touchPbiBookmark(first.entryId)).toMatchObject({ success: true });
      expect(await names(adaHttp)).toEqual(['First', 'Second']);
      expect(await ada.deletePbiBookmarks([first.entryId])).toMatchObject({ success: true });
      expect(await names(adaHttp)).toEqual(['Second']);
      const multiHttp = (await signInAs(server, 'multi@wingtip.example', TENANT.contoso)).http;
      expect(await names(multiHttp)).toEqual([]);
      expect(await names(adaHttp)).toEqual(['Second']);
    });

    it('given the same documents again, then a valid one still runs with new variables and an invalid one is still refused', async () => {
      const list = 'query Again($p: String!) { getPbiBookmarks(pageName: $p) { name } }';
      expect(await graphql(adaHttp, list, { p: 'never-used-page' })).toEqual({ getPbiBookmarks: [] });
      expect(await graphql(adaHttp, list, { p: 'never-used-page-2' })).toEqual({ getPbiBookmarks: [] });
      for (let i = 0; i < 2; i++)
        await expectBadRequest(graphql(adaHttp, '{ getPbiBookmarks(pageName: "p") { nope } }'), /nope/);
    });

    it('given introspection, then 400: the schema is documented by its SDL instead', async () => {
      await expectBadRequest(graphql(adaHttp, '{ __schema { types { name } } }'), /introspection/i);
      expect(await graphql(adaHttp, '{ __typename }')).toEqual({ __typename: 'Query' });
    });

    it('given a query deeper than needed or wider than allowed, then 400 with the limit', async () => {
      const deep = 'query Deep { ...A } fragment A on Query { getPbiBookmarks(pageName: "p") { name { x { y } } } }';
      expect(await expectBadRequest(graphql(adaHttp, deep), /fields deep/)).toContain(
        'Operation "Deep" is 4 fields deep; at most 3 are allowed.',
      );
      const inline =
        'mutation { touchPbiBookmark(entryId: "x") { result { entryId } ... on PbiBookmarkResult { result { name { y } } } } }';
      expect(await expectBadRequest(graphql(adaHttp, inline), /fields deep/)).toContain(
        'The operation is 4 fields deep; at most 3 are allowed.',
      );
      await expectBadRequest(
        graphql(adaHttp, 'query { ...A } fragment A on Query { ...A }'),
        /Cannot spread fragment "A" within itself/,
      );
      const wide = `query { ${Array.from({ length: 11 }, (_, i) => `a${i}: getPbiBookmarks(pageName: "p") { name }`).join(' ')} }`;
      await expectBadRequest(graphql(adaHttp, wide), /selects 11 root fields; at most 10 are allowed/);
      const ten = `query { ${Array.from({ length: 10 }, (_, i) => `a${i}: getPbiBookmarks(pageName: "p") { name }`).join(' ')} }`;
      expect(Object.keys(await graphql(adaHttp, ten))).toHaveLength(10);
    });

    it('given a document over the size or token limit, then 400', async () => {
      await expectBadRequest(
        post(adaHttp, { query: `query { __typename }${' '.repeat(9000)}` }),
        /^body\/query must NOT have more than 8192 characters$/,
      );
      await expectBadRequest(
        graphql(adaHttp, `query { getPbiBookmarks(pageName: "p", tabName: [${'1 '.repeat(1100)}]) { name } }`),
        /Syntax Error: Document contains more tha[nt] 1000 tokens/,
      );
    });

    it('given two operations and no operationName, then 400; with operationName, that operation runs', async () => {
      const two = 'query A { __typename } query B { b: __typename }';
      await expectBadRequest(post(adaHttp, { query: two }), /Must provide operation name/);
      expect(await post(adaHttp, { query: two, operationName: 'B' })).toEqual({ data: { b: 'Query' } });
    });

    it('given a body without query, with an unknown key or with invalid JSON, then 400 with errors', async () => {
      await expectBadRequest(post(adaHttp, { variables: {} }), /must have required property 'query'/);
      await expectBadRequest(
        post(adaHttp, { query: '{ __typename }', querry: 'x' }),
        /^Unknown key "querry" in the request body; allowed keys are query, variables, operationName, extensions\.$/,
      );
      await expectBadRequest(
        post(adaHttp, { query: '{ __typename }', variables: 'x' }),
        /^body\/variables must be object,null$/,
      );
      const res = await fetch(`${server.baseUrl}${GRAPHQL_ROUTE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adaToken()}` },
        body: '{"query": ',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: unknown[] }).errors).toHaveLength(1);
    });

    it('given the database fails under a resolver, then 500 with no internals, and the endpoint recovers', async () => {
      await server.db.exec('alter table pbi_bookmarks rename to pbi_bookmarks_away');
      try {
        const error = await refusal(ada.getPbiBookmarks('p', TAB));
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(500);
        expect((error as ApiError).body).toEqual({
          errors: [{ message: 'Something went wrong on the server.' }],
          error: 'Internal Server Error',
          message: 'Something went wrong on the server.',
        });
      } finally {
        await server.db.exec('alter table pbi_bookmarks_away rename to pbi_bookmarks');
      }
      expect(await ada.getPbiBookmarks(freshPage('recovered'), TAB)).toEqual([]);
    });

    it('given a body over 512 KB, then 413', async () => {
      await expectBadRequest(
        graphql(adaHttp, BOOKMARK_DOCUMENTS.addPbiBookmark, {
          input: { pageName: 'p', name: 'big', state: 's'.repeat(600 * 1024) },
        }),
        /./,
        413,
      );
    });
  });
});
