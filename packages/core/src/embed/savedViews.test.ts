import { describe, expect, it, vi } from 'vitest';
import { createBookmarksApi, type PbiBookmark } from '../api/bookmarks';
import { createHttp } from '../api/http';
import { reportDe as deReport } from '../i18n/de/reportMessages';
import { createTranslator } from '../i18n/messages';
import { BOOKMARK_MESSAGES } from '../rules/bookmarks';
import type { ViewToast } from '../rules/bookmarks';
import { createSavedViews, type AppliedView, type ViewStateTarget } from './savedViews';

/** The bookmarks service at the network edge (GraphQL over POST), from memory, as the reference server answers. */
function fakeBookmarks(seed: Array<Pick<PbiBookmark, 'name' | 'state'> & Partial<PbiBookmark>> = []) {
  let next = 0;
  const rows: PbiBookmark[] = seed.map((v) => ({
    entryId: `v${++next}`,
    tenantId: 't1',
    pageName: 'billing-overview',
    tabName: '',
    createdAt: '',
    lastUsedAt: '',
    ...v,
  }));
  const failing = new Set<string>();
  const calls: string[] = [];
  const ok = (result: unknown) => ({ success: true, errors: [], result });
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const { query, variables } = JSON.parse(String(init?.body)) as {
      query: string;
      variables: Record<string, unknown>;
    };
    const op = /^(?:query|mutation) (\w+)/.exec(query)![1]!;
    calls.push(op);
    if (failing.has(op))
      return new Response(JSON.stringify({ error: 'Failed', message: 'down' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    let data: unknown;
    if (op === 'GetPbiBookmarks')
      data = {
        getPbiBookmarks: rows.filter(
          (r) => r.pageName === variables.pageName && r.tabName === (variables.tabName ?? ''),
        ),
      };
    else if (op === 'GetPbiBookmarkByEntryId')
      data = { getPbiBookmarkByEntryId: rows.find((r) => r.entryId === variables.entryId) ?? null };
    else if (op === 'TouchPbiBookmark') {
      const i = rows.findIndex((r) => r.entryId === variables.entryId);
      rows.unshift(...rows.splice(i, 1));
      data = { touchPbiBookmark: ok(rows[0]) };
    } else if (op === 'AddPbiBookmark') {
      const input = variables.input as PbiBookmark;
      const row = {
        ...input,
        tabName: input.tabName ?? '',
        entryId: `v${++next}`,
        tenantId: 't1',
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
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  };
  return { api: createBookmarksApi(createHttp({ fetch })), rows, calls, failing };
}

/** The report's frame at the edge: its current view is a state string. */
function frame(initial = 'state:default') {
  const target = {
    current: initial,
    captureState: vi.fn(async () => target.current),
    applyState: vi.fn(async (state: string) => void (target.current = state)),
  };
  return target satisfies ViewStateTarget;
}

function setup(seed: Parameters<typeof fakeBookmarks>[0] = [], tabName: string | null = null) {
  const service = fakeBookmarks(seed);
  const toasts: ViewToast[] = [];
  // What the report view hears (its viewApplied and viewSaved events), in order.
  const applied: AppliedView[] = [];
  const saved: AppliedView[] = [];
  const views = createSavedViews({
    bookmarks: service.api,
    toast: (t) => toasts.push(t),
    pageName: 'billing-overview',
    tabName,
    onApplied: (v) => applied.push(v),
    onSaved: (v) => saved.push(v),
  });
  return { service, toasts, views, applied, saved };
}

describe('saved views (spec §4 "Report view", §5 "Bookmarks")', () => {
  it('given saved views, when the report loads, then the default view is captured and the first saved view applied', async () => {
    const { views } = setup([
      { name: 'Q1', state: 'state:q1' },
      { name: 'Q2', state: 'state:q2' },
    ]);
    const report = frame();
    await views.attach(report);
    const state = views.$state.get();
    expect(state.defaultView).toEqual({
      name: 'Default View',
      pageName: 'billing-overview',
      tabName: '',
      state: 'state:default',
    });
    expect(report.current).toBe('state:q1');
    expect(state.activeId).toBe('v1');
    expect(state.status).toBe('ready');
  });

  it('given the views fetched while the report embedded (prefetch), when it loads, then they are used: one fetch, the default captured first, the first view applied (issue 42 §3)', async () => {
    const { views, service } = setup([{ name: 'Q1', state: 'state:q1' }]);
    views.prefetch();
    views.prefetch();
    expect(service.calls).toEqual(['GetPbiBookmarks']);
    const report = frame();
    await views.attach(report);
    expect(service.calls).toEqual(['GetPbiBookmarks']);
    expect(views.$state.get().defaultView?.state).toBe('state:default');
    expect(report.current).toBe('state:q1');
    // A later load of the report fetches them again.
    await views.attach(frame());
    expect(service.calls).toEqual(['GetPbiBookmarks', 'GetPbiBookmarks']);
  });

  it('given no saved views, when the report loads, then the default view stays', async () => {
    const { views } = setup();
    const report = frame();
    await views.attach(report);
    expect(report.applyState).not.toHaveBeenCalled();
    expect(views.$state.get().activeId).toBeNull();
  });

  it('when a view is selected, then it is touched, re-fetched by id and applied, with the toast "View Changed to \'{name}\'"', async () => {
    const { views, service, toasts } = setup([
      { name: 'Q1', state: 'state:q1' },
      { name: 'Q2', state: 'state:q2' },
    ]);
    const report = frame();
    await views.attach(report);
    await views.select('v2');
    expect(service.calls.slice(-3, -1)).toEqual(['TouchPbiBookmark', 'GetPbiBookmarkByEntryId']);
    expect(report.current).toBe('state:q2');
    expect(toasts.at(-1)).toEqual({ title: 'View Changed', text: "View Changed to 'Q2'", kind: 'success' });
    await views.select(null);
    expect(report.current).toBe('state:default');
    expect(toasts.at(-1)?.text).toBe("View Changed to 'Default View'");
  });

  it('when a view is saved under a taken name, then it gets a " (n)" suffix, the list is fetched again and "View Saved" shows', async () => {
    const { views, toasts } = setup([{ name: 'Q1', state: 'state:q1' }]);
    const report = frame();
    await views.attach(report);
    report.current = 'state:mine';
    expect(await views.save('  q1 ')).toBeNull();
    expect(views.$state.get().views.map((v) => v.name)).toEqual(['q1 (1)', 'Q1']);
    expect(views.$state.get().views[0]!.state).toBe('state:mine');
    expect(toasts.at(-1)).toEqual({ title: 'View Saved', kind: 'success' });
  });

  it("when a name breaks a rule, then the rule's message is answered and nothing is saved", async () => {
    const { views, service } = setup(Array.from({ length: 16 }, (_, i) => ({ name: `V${i}`, state: `s${i}` })));
    await views.attach(frame());
    expect(await views.save('   ')).toBe('Name is required.');
    expect(await views.save('x'.repeat(41))).toBe('Maximum length is 40 characters.');
    expect(await views.save('DEFAULT view')).toBe('Default View is reserved and cannot be added');
    expect(await views.save('The 17th')).toBe(BOOKMARK_MESSAGES.tooMany);
    expect(service.calls).not.toContain('AddPbiBookmark');
  });

  it("given a frame that cannot capture, when saving, then 'Could Not Capture View'", async () => {
    const { views, toasts } = setup();
    const report = frame();
    await views.attach(report);
    report.captureState.mockRejectedValueOnce(new Error('no'));
    await views.save('Mine');
    expect(toasts.at(-1)).toEqual({ title: 'Could Not Capture View', kind: 'error' });
  });

  it('given the server fails to save, then "Save Failed" and the rest stays', async () => {
    const { views, service, toasts } = setup();
    await views.attach(frame());
    service.failing.add('AddPbiBookmark');
    expect(await views.save('Mine')).toBe('Your view could not be saved. Please try again.');
    expect(toasts.at(-1)).toEqual({
      title: 'Save Failed',
      text: 'Your view could not be saved. Please try again.',
      kind: 'error',
    });
  });

  it('given deletions queued in the popup, when it closes, then they are applied; deleting the active view selects the first remaining one', async () => {
    const { views, toasts, service } = setup([
      { name: 'Q1', state: 'state:q1' },
      { name: 'Q2', state: 'state:q2' },
      { name: 'Q3', state: 'state:q3' },
    ]);
    const report = frame();
    await views.attach(report);
    views.toggleDelete('v1');
    views.toggleDelete('v3');
    views.toggleDelete('v3');
    views.toggleDelete('v3');
    expect(views.$listed.get().map((v) => v.name)).toEqual(['Q2']);
    expect(service.calls).not.toContain('DeletePbiBookmarks');
    await views.closePopup();
    expect(service.rows.map((r) => r.name)).toEqual(['Q2']);
    expect(toasts.at(-1)).toEqual({ title: '2 View(s) Deleted', kind: 'success' });
    expect(views.$state.get().activeId).toBe('v2');
    expect(report.current).toBe('state:q2');
  });

  it('given every view deleted, then the default view is selected', async () => {
    const { views, toasts } = setup([{ name: 'Q1', state: 'state:q1' }]);
    const report = frame();
    await views.attach(report);
    views.toggleDelete('v1');
    await views.closePopup();
    expect(views.$state.get().activeId).toBeNull();
    expect(report.current).toBe('state:default');
    expect(toasts.at(-1)?.title).toBe('1 View(s) Deleted');
  });

  it("given the client's catalogue (German), then the toasts and the name rules answer in it", async () => {
    const service = fakeBookmarks(Array.from({ length: 16 }, (_, i) => ({ name: `V${i}`, state: `s${i}` })));
    const toasts: ViewToast[] = [];
    const views = createSavedViews({
      bookmarks: service.api,
      toast: (t) => toasts.push(t),
      pageName: 'billing-overview',
      t: createTranslator(deReport),
    });
    const report = frame();
    await views.attach(report);
    expect(await views.save('   ')).toBe('Ein Name ist erforderlich.');
    expect(await views.save('The 17th')).toBe(
      'Sie können höchstens 16 Ansichten für diese Seite speichern. Löschen Sie eine Ansicht, um eine neue zu speichern.',
    );
    views.toggleDelete('v1');
    views.toggleDelete('v2');
    await views.closePopup();
    expect(toasts.at(-1)).toEqual({ title: '2 Ansicht(en) gelöscht', kind: 'success' });
    report.captureState.mockRejectedValueOnce(new Error('no'));
    expect(await views.save('Mine')).toBe('Ansicht konnte nicht erfasst werden');
    expect(await views.save('Mine')).toBeNull();
    expect(toasts.at(-1)).toEqual({ title: 'Ansicht gespeichert', kind: 'success' });
  });

  it('given a failing delete, then "Delete Failed"', async () => {
    const { views, service, toasts } = setup([{ name: 'Q1', state: 'state:q1' }]);
    await views.attach(frame());
    service.failing.add('DeletePbiBookmarks');
    views.toggleDelete('v1');
    await views.closePopup();
    expect(toasts.at(-1)).toEqual({
      title: 'Delete Failed',
      text: 'Selected view(s) could not be deleted. Please try again.',
      kind: 'error',
    });
  });

  it('lists only the views of the current tab, filtered by name; a failing list is empty', async () => {
    const { views, service } = setup(
      [
        { name: 'Region east', state: 'a', tabName: 'Cost by Region' },
        { name: 'Region west', state: 'b', tabName: 'Cost by Region' },
        { name: 'Other tab', state: 'c', tabName: 'Trend' },
      ],
      'Cost by Region',
    );
    await views.attach(frame());
    expect(views.$listed.get().map((v) => v.name)).toEqual(['Region east', 'Region west']);
    views.setFilter(' WEST');
    expect(views.$listed.get().map((v) => v.name)).toEqual(['Region west']);
    service.failing.add('GetPbiBookmarks');
    await views.attach(frame());
    expect(views.$state.get().views).toEqual([]);
  });

  describe("onApplied and onSaved (the report view's viewApplied and viewSaved)", () => {
    const QUARTERS = [
      { name: 'Q1', state: 'state:q1' },
      { name: 'Q2', state: 'state:q2' },
      { name: 'Q3', state: 'state:q3' },
    ];

    it('given saved views, when the report loads, then onApplied tells the first saved view', async () => {
      const { views, applied } = setup(QUARTERS);
      await views.attach(frame());
      expect(applied).toEqual([{ entryId: 'v1', name: 'Q1' }]);
    });

    it('given no saved views, when the report loads, then onApplied is not called (the report shows its default view as it is)', async () => {
      const { views, applied } = setup();
      await views.attach(frame());
      expect(applied).toEqual([]);
    });

    it("when a view is selected, then onApplied tells it; when the default view is selected, then entryId null and 'Default View'", async () => {
      const { views, applied } = setup(QUARTERS);
      await views.attach(frame());
      await views.select('v3');
      expect(applied.at(-1)).toEqual({ entryId: 'v3', name: 'Q3' });
      await views.select(null);
      expect(applied.at(-1)).toEqual({ entryId: null, name: 'Default View' });
      expect(applied).toHaveLength(3);
    });

    it('given the active view deleted in the popup, when it closes, then onApplied tells the first remaining view', async () => {
      const { views, applied } = setup(QUARTERS);
      await views.attach(frame());
      views.toggleDelete('v1');
      await views.closePopup();
      expect(applied).toEqual([
        { entryId: 'v1', name: 'Q1' },
        { entryId: 'v2', name: 'Q2' },
      ]);
    });

    it('given every view deleted in the popup, when it closes, then onApplied tells the default view', async () => {
      const { views, applied } = setup([{ name: 'Q1', state: 'state:q1' }]);
      await views.attach(frame());
      views.toggleDelete('v1');
      await views.closePopup();
      expect(applied.at(-1)).toEqual({ entryId: null, name: 'Default View' });
    });

    it('given a view other than the active one deleted, when the popup closes, then onApplied is not called again', async () => {
      const { views, applied } = setup(QUARTERS);
      await views.attach(frame());
      views.toggleDelete('v2');
      await views.closePopup();
      expect(applied).toEqual([{ entryId: 'v1', name: 'Q1' }]);
    });

    it('when a view is saved under a taken name, then onSaved tells its entry id and the stored unique name (and onApplied is not called)', async () => {
      const { views, applied, saved, service } = setup([{ name: 'Q1', state: 'state:q1' }]);
      await views.attach(frame());
      expect(await views.save('  q1 ')).toBeNull();
      expect(saved).toEqual([{ entryId: 'v2', name: 'q1 (1)' }]);
      expect(service.rows[0]).toMatchObject({ entryId: 'v2', name: 'q1 (1)' });
      expect(applied).toEqual([{ entryId: 'v1', name: 'Q1' }]);
    });

    it('when the save is refused by a rule (a reserved name, a 17th view), then neither onSaved nor onApplied is called', async () => {
      const { views, applied, saved, service } = setup(
        Array.from({ length: 16 }, (_, i) => ({ name: `V${i}`, state: `s${i}` })),
      );
      await views.attach(frame());
      expect(applied).toEqual([{ entryId: 'v1', name: 'V0' }]);
      expect(await views.save('DEFAULT view')).toBe('Default View is reserved and cannot be added');
      expect(await views.save('The 17th')).toBe(BOOKMARK_MESSAGES.tooMany);
      expect(service.calls).not.toContain('AddPbiBookmark');
      expect(saved).toEqual([]);
      expect(applied).toEqual([{ entryId: 'v1', name: 'V0' }]);
    });

    it('given a frame that cannot capture, or a server that fails to save, when saving, then neither onSaved nor onApplied is called', async () => {
      const { views, applied, saved, service } = setup();
      const report = frame();
      await views.attach(report);
      report.captureState.mockRejectedValueOnce(new Error('no'));
      expect(await views.save('Mine')).toBe('Could Not Capture View');
      service.failing.add('AddPbiBookmark');
      expect(await views.save('Mine')).toBe('Your view could not be saved. Please try again.');
      expect(saved).toEqual([]);
      expect(applied).toEqual([]);
    });
  });
});
