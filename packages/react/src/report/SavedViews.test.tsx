import type { Messages } from '@cloudportal/core';
import { reportApis, createSavedViews } from '@cloudportal/core/embed';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { usePortalClient } from '../provider/PortalProvider';
import { isolatedTabs } from '../testing/fakeApi';
import { renderWithClient } from '../testing/renderWithClient';
import { Toaster } from '../toasts/Toaster';
import { AddViewDialog, SavedViewsPopup } from './SavedViews';
import { fakeBookmarkService, fakeReportsApi } from './testing/fakeReports';
import { reportDe as deReport } from '#core/i18n/de/reportMessages';

const clients: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

/** The report's frame at the edge: its view is a state string. */
const frame = {
  current: 'state:default',
  captureState: async () => frame.current,
  applyState: async (s: string) => void (frame.current = s),
};

function Harness({ which }: { which: 'views' | 'add' }) {
  const client = usePortalClient();
  const [store] = useState(() => {
    // As the report view wires it: the client's toasts, in the client's catalogue.
    const views = createSavedViews({
      bookmarks: reportApis(client).bookmarks,
      toast: client.toast,
      t: client.t,
      pageName: 'billing-overview',
    });
    void views.attach(frame);
    return views;
  });
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {which === 'views' ? (
        <SavedViewsPopup store={store} open={open} onClose={() => setOpen(false)} />
      ) : (
        <AddViewDialog store={store} open={open} onClose={() => setOpen(false)} />
      )}
      <Toaster />
    </>
  );
}

async function renderViews(
  which: 'views' | 'add',
  seed: Parameters<typeof fakeBookmarkService>[0] = [],
  messages?: Partial<Messages>,
) {
  frame.current = 'state:default';
  const service = fakeBookmarkService(seed);
  const view = renderWithClient(<Harness which={which} />, {
    fetch: fakeReportsApi(service.route),
    storage: {},
    navigate: () => {},
    crossTab: isolatedTabs,
    messages,
  });
  clients.push(view.client);
  await act(async () => {
    await view.client.start();
  });
  return { ...view, service };
}

describe('SavedViewsPopup', () => {
  it('lists the Default View and the saved views, the applied one marked; the filter narrows them by name', async () => {
    const user = userEvent.setup();
    await renderViews('views', [
      { name: 'Q1 costs', state: 'state:q1' },
      { name: 'Q2 costs', state: 'state:q2' },
      { name: 'Storage', state: 'state:s' },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Saved views' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Q1 costs' })).toHaveAttribute('aria-current', 'true'),
    );
    // Names only: the applied view's check mark is hidden from them.
    const names = within(within(dialog).getByRole('list', { name: 'Saved views' }))
      .getAllByRole('button')
      .filter((b) => !b.getAttribute('aria-label'));
    expect(names.map((b) => b.firstChild?.textContent)).toEqual(['Default View', 'Q1 costs', 'Q2 costs', 'Storage']);
    expect(within(dialog).getByRole('button', { name: 'Q1 costs' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Filter views by name' }), 'COSTS');
    expect(within(dialog).queryByRole('button', { name: 'Storage' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('when a view is chosen, then it is applied and the toast says "View Changed to \'{name}\'"', async () => {
    const user = userEvent.setup();
    const { client } = await renderViews('views', [
      { name: 'Q1 costs', state: 'state:q1' },
      { name: 'Q2 costs', state: 'state:q2' },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Saved views' });
    await user.click(await within(dialog).findByRole('button', { name: 'Q2 costs' }));
    await waitFor(() => expect(frame.current).toBe('state:q2'));
    expect(client.toasts.$toasts.get().at(-1)).toMatchObject({
      title: 'View Changed',
      text: "View Changed to 'Q2 costs'",
    });
  });

  it('given deletions queued, when the popup closes, then they are deleted and "{n} View(s) Deleted" shows; a queued one can be kept', async () => {
    const user = userEvent.setup();
    const { service, client } = await renderViews('views', [
      { name: 'Q1 costs', state: 'state:q1' },
      { name: 'Q2 costs', state: 'state:q2' },
      { name: 'Storage', state: 'state:s' },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Saved views' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Q2 costs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete Storage' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 view(s) will be deleted when you close this list.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Storage' }));
    expect(service.operations).not.toContain('DeletePbiBookmarks');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(service.rows.map((r) => r.name)).toEqual(['Q1 costs', 'Storage']));
    expect(client.toasts.$toasts.get().at(-1)).toMatchObject({ title: '1 View(s) Deleted' });
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent(
      '1 View(s) Deleted',
    );
  });
});

describe('AddViewDialog', () => {
  it('shows the rule a name breaks as it is typed and keeps Save disabled: too long, reserved, blank', async () => {
    const user = userEvent.setup();
    await renderViews('add');
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: 'View name' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(name, 'x'.repeat(41));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Maximum length is 40 characters.');
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'default VIEW');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Default View is reserved and cannot be added');
    await user.clear(name);
    await user.type(name, '   ');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name is required.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations();
  });

  it('when a valid name is saved, then the view is stored with the current state, "View Saved" shows and the dialog closes', async () => {
    const user = userEvent.setup();
    const { service, client } = await renderViews('add', [{ name: 'Mine', state: 'state:old' }]);
    frame.current = 'state:now';
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'View name' }), ' mine ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(service.rows[0]).toMatchObject({ name: 'mine (1)', state: 'state:now' });
    expect(client.toasts.$toasts.get().at(-1)).toMatchObject({ title: 'View Saved' });
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent(
      'View Saved',
    );
  });

  it("given the client's catalogue in German, then the name rules and the 'View Saved' toast read in German", async () => {
    const user = userEvent.setup();
    const { service } = await renderViews('add', [], deReport);
    const dialog = await screen.findByRole('dialog', { name: 'Ansicht speichern' });
    const name = within(dialog).getByRole('textbox', { name: 'Name der Ansicht' });
    await user.type(name, 'x'.repeat(41));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Die maximale Länge beträgt 40 Zeichen.');
    await user.clear(name);
    await user.type(name, 'Standard');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(service.rows.map((r) => r.name)).toEqual(['Standard']));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('status');
    expect(toast).toHaveTextContent('Ansicht gespeichert');
    expect(toast).not.toHaveTextContent('View Saved');
  });
});
