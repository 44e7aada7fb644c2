import type { SearchResult } from '@cloudportal/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { fakeApi, isolatedTabs, signedInRoutes, type FakeAnswer } from '../testing/fakeApi';
import { renderWithClient } from '../testing/renderWithClient';
import { SearchDialog } from './SearchDialog';

const INDEX = 'GET /services/api-portal-customer/api/portal/menu/index';
const result = (i: number, over: Partial<SearchResult> = {}): SearchResult => ({
  name: `page-${i}`,
  tabName: null,
  path: `Billing / Page ${i}`,
  displayName: `Page ${i}`,
  description: i % 2 ? `About page ${i}` : '',
  tags: i % 3 ? ['cost', 'azure'] : [],
  ...over,
});

const clients: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  vi.useRealTimers();
});

function Harness({ onChoose }: { onChoose: (r: SearchResult) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open search
      </button>
      <SearchDialog open={open} onClose={() => setOpen(false)} onChoose={onChoose} />
    </>
  );
}

/** Given a signed-in user whose search answers with `answer`, the dialog opened from a button. */
async function openSearch(answer: FakeAnswer) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const fetch = fakeApi(signedInRoutes({ [INDEX]: answer }));
  const onChoose = vi.fn();
  const view = renderWithClient(<Harness onChoose={onChoose} />, {
    fetch,
    storage: {},
    crossTab: isolatedTabs,
    navigate: vi.fn(),
  });
  clients.push(view.client);
  await act(async () => void (await view.client.start()));
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: 'Open search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  const input = within(dialog).getByRole('combobox', { name: 'What would you like to find?' });
  return { ...view, fetch, onChoose, user, dialog, input };
}

const searches = (fetch: { calls: string[] }) => fetch.calls.filter((c) => c === INDEX).length;

describe('SearchDialog (spec §2 "Search dialog", §5 "Search")', () => {
  it('given typing, then it searches once after a 1000 ms pause and shows the count and the rows', async () => {
    const { fetch, user, dialog, input } = await openSearch({ json: [result(1), result(3)] });
    expect(input).toHaveFocus();
    await user.type(input, 'cost');
    // Not while typing: after the pause (its exact 1000 ms are the search store's unit test).
    expect(searches(fetch)).toBe(0);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(await within(dialog).findByText('2 results')).toHaveAttribute('role', 'status');
    const options = within(dialog).getAllByRole('option');
    expect(searches(fetch)).toBe(1);
    expect(options[0]).toHaveTextContent('Billing / Page 1');
    expect(options[0]).toHaveTextContent('About page 1');
    expect(options[0]).toHaveTextContent('cost, azure');
    // No tags: '-'.
    expect(within(dialog).getAllByRole('option')[1]).toHaveTextContent('-');
    await expectNoAxeViolations();
  });

  it('given blank text, then nothing is searched', async () => {
    const { fetch, user, input } = await openSearch({ json: [result(1)] });
    await user.type(input, '   ');
    await act(async () => void (await vi.advanceTimersByTimeAsync(2000)));
    expect(searches(fetch)).toBe(0);
  });

  it.each([
    ['no match', { json: [] }],
    ['a failing search (spec §8)', { status: 502, json: { message: 'down' } }],
  ] as const)("given %s, then 'No results...'", async (_case, answer) => {
    const { user, dialog, input } = await openSearch(answer);
    await user.type(input, 'zzz');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(await within(dialog).findByText('No results...')).toBeVisible();
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
  });

  it('given a slow answer, then a progress bar shows while it loads', async () => {
    const { user, dialog, input } = await openSearch({ json: [result(1)], delayMs: 500 });
    await user.type(input, 'cost');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(within(dialog).getByRole('progressbar', { name: 'Searching' })).toBeInTheDocument();
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)));
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
  });

  it('given 23 results, then the grid pages by 10 and the pager moves between pages', async () => {
    const { user, dialog, input } = await openSearch({ json: Array.from({ length: 23 }, (_, i) => result(i + 1)) });
    await user.type(input, 'page');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(await within(dialog).findByText('23 results')).toBeVisible();
    expect(within(dialog).getAllByRole('option')).toHaveLength(10);
    expect(within(dialog).getByText('Page 1 of 3')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(within(dialog).getByText('Page 3 of 3')).toBeVisible();
    expect(within(dialog).getAllByRole('option')).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('given results, when the user presses ArrowDown then Enter, then the second result is chosen and the dialog closes', async () => {
    const tabbed = result(2, { name: 'overview', tabName: 'Licence Costs' });
    const { user, dialog, input, onChoose } = await openSearch({ json: [result(1), tabbed] });
    await user.type(input, 'cost');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    await within(dialog).findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', within(dialog).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith(tabbed);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();
  });

  it('given text from the server with markup, then it shows as text', async () => {
    const { user, dialog, input } = await openSearch({
      json: [result(1, { path: '<img src=x onerror=alert(1)>', description: '<b>bold</b>' })],
    });
    await user.type(input, 'x');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    const option = await within(dialog).findByRole('option');
    expect(option).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(option.querySelector('img, b')).toBeNull();
  });

  it('given the dialog, when Escape is pressed, then it closes and forgets the text', async () => {
    const { user, input } = await openSearch({ json: [result(1)] });
    await user.type(input, 'cost');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    expect(await screen.findByRole('combobox', { name: 'What would you like to find?' })).toHaveValue('');
  });
});
