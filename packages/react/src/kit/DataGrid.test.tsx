import {
  createDataGridStore,
  createFeatureDataApi,
  createPortalClient,
  type DataGridStore,
  type DataRow,
  type PortalClient,
} from '@cloudportal/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { PortalProvider } from '../provider/PortalProvider';
import { Toaster } from '../toasts/Toaster';
import { DataGrid } from './DataGrid';
import { fakeDataFetch, recommendationRows, type FakeDataOptions } from './testing/fakeData';

function setup(options: FakeDataOptions = {}, locale?: string, onRowActivate?: (row: DataRow) => void) {
  const fetch = fakeDataFetch(options);
  const client: PortalClient = createPortalClient({ fetch, storage: {}, navigate: () => {}, locale });
  const store: DataGridStore = createDataGridStore(createFeatureDataApi(client.http), 'recommendations', {
    debounceMs: 0,
  });
  const view = render(
    <PortalProvider client={client}>
      <DataGrid store={store} label="Azure recommendations" height={400} onRowActivate={onRowActivate} />
      <Toaster />
    </PortalProvider>,
  );
  return { ...view, fetch, client, store, user: userEvent.setup() };
}

const grid = () => screen.getByRole('grid', { name: 'Azure recommendations' });
const dataRows = () => within(grid()).getAllByRole('row').slice(1);
const firstCells = () => dataRows().map((r) => within(r).getAllByRole('gridcell')[0]?.textContent);

describe('DataGrid (issue 13)', () => {
  // jsdom lays nothing out: it has no Element.scrollTo and every scrollHeight is 0. Do what a browser
  // does for the grid's scrolling area (its height and its rows' height from their styles), so keys
  // that scroll can be tested.
  const had = Object.hasOwn(Element.prototype, 'scrollTo');
  const px = (el: Element | null) => parseFloat((el as HTMLElement | null)?.style.height ?? '') || 0;
  const layout = {
    scrollHeight: (el: HTMLElement) =>
      px(el.querySelector('.cp-grid__head > [role="row"]')) + px(el.querySelector('.cp-grid__body')),
    clientHeight: (el: HTMLElement) => px(el),
  };
  beforeAll(() => {
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    } as Element['scrollTo'];
    for (const [name, get] of Object.entries(layout)) {
      const native = Object.getOwnPropertyDescriptor(Element.prototype, name);
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('cp-grid') ? get(this) : native?.get?.call(this);
        },
      });
    }
  });
  afterAll(() => {
    if (!had) delete (Element.prototype as Partial<Element>).scrollTo;
    for (const name of Object.keys(layout)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });

  it('given 250 rows, then it shows the first rows formatted by type, counts every row for assistive technology, and is axe clean', async () => {
    const { fetch } = setup();
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' });
    expect(grid()).toHaveAttribute('aria-rowcount', '251');
    expect(grid()).toHaveAttribute('aria-colcount', '8');
    const first = within(dataRows()[0]!)
      .getAllByRole('gridcell')
      .map((c) => c.textContent);
    expect(first.slice(0, 7)).toEqual([
      'Resize underused virtual machine 1',
      'Azure',
      'Cost',
      'High',
      'vm-00000',
      '$5,000.00',
      'Open',
    ]);
    expect(dataRows()[0]).toHaveAttribute('aria-rowindex', '2');
    // A window of rows, not 250: the virtualizer renders what 400 px show plus the overscan.
    expect(dataRows().length).toBeLessThan(30);
    expect(fetch.pages()).toHaveLength(1);
    expect(fetch.pages()[0]?.get('offset')).toBeNull();
    expect(fetch.pages()[0]?.get('limit')).toBe('100');
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by Savings a month, descending. 250 rows');
    expect(screen.getByRole('columnheader', { name: /Savings a month/ })).toHaveAttribute('aria-sort', 'descending');
    await expectNoAxeViolations();
  });

  it('given a German client (issue 24 §2), then cells, the sort and the row count are written in German', async () => {
    setup({}, 'de');
    await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' });
    await waitFor(() =>
      expect(within(dataRows()[0]!).getAllByRole('gridcell')[5]?.textContent).toBe('5.000,00\u00a0$'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Sortiert nach Einsparung pro Monat, absteigend. 250 Zeilen');
  });

  it('given more matching rows than the server counts, then it says "200+ rows" and leaves the row count to assistive technology unknown', async () => {
    setup({ countCap: 200 });
    await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' });
    expect(screen.getByRole('status')).toHaveTextContent('Sorted by Savings a month, descending. 200+ rows');
    expect(grid()).toHaveAttribute('aria-rowcount', '-1');
  });

  it('given a header press, then the server is asked for the new sort and the live region says it; Shift adds a secondary sort', async () => {
    const { fetch, user } = setup();
    await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' });
    await user.click(screen.getByRole('button', { name: 'Recommendation' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Sorted by Recommendation, ascending. 250 rows'),
    );
    expect(fetch.pages().at(-1)?.get('sort')).toBe('title:asc');
    expect(screen.getByRole('columnheader', { name: /Recommendation/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Savings a month/ })).toHaveAttribute('aria-sort', 'none');
    expect(firstCells()[0]).toBe('Buy reserved instance 105');

    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Impact' }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(fetch.pages().at(-1)?.get('sort')).toBe('title:asc,impact:asc'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Sorted by Recommendation, ascending, then by Impact, ascending. 250 rows',
      ),
    );
  });

  it('given the keyboard, then one cell is the tab stop and arrows, Home/End, PageDown and Ctrl+End move it, scrolling the rows', async () => {
    const { user } = setup();
    await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Recommendation' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('Resize underused virtual machine 1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveTextContent('Cost');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-colindex')).toBe('8');
    await user.keyboard('{Home}{PageDown}');
    expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '11');
    await user.keyboard('{Control>}{End}{/Control}');
    await waitFor(() =>
      expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '251'),
    );
    expect(document.activeElement?.getAttribute('aria-colindex')).toBe('8');
    await user.keyboard('{Control>}{Home}{/Control}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Resize underused virtual machine 1'));
    // Only one cell is in the tab order.
    expect(grid().querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('given a scroll far down, then the rows there are asked for by block and shown', async () => {
    const { fetch } = setup({ rows: { recommendations: recommendationRows(1000) } });
    await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' });
    const scroller = grid();
    act(() => {
      scroller.scrollTop = 40 * 700;
      fireEvent.scroll(scroller);
    });
    await screen.findByRole('gridcell', { name: 'vm-00700' });
    expect(fetch.pages().map((p) => p.get('offset'))).toEqual([null, '600', '700']);
  });

  it('given a dismissal, then a reason is asked in a dialog, sent, the row changes and a toast confirms', async () => {
    const { fetch, user } = setup();
    await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' });
    await user.click(screen.getByRole('button', { name: 'Dismiss Resize underused virtual machine 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss: Resize underused virtual machine 1' });
    const confirm = within(dialog).getByRole('button', { name: 'Dismiss' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Reserved for batch jobs');
    await user.click(confirm);
    await waitFor(() => expect(within(dataRows()[0]!).getAllByRole('gridcell')[6]).toHaveTextContent('Dismissed'));
    expect(fetch.requests.map((u) => u.pathname)).toContain(
      '/services/api-portal-customer/api/data/recommendations/rec-0/dismiss',
    );
    expect(await screen.findByText('Dismiss: Resize underused virtual machine 1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Restore Resize underused virtual machine 1' })).toBeVisible();
  });
});

describe('DataGrid: a row the visitor opens', () => {
  it('given onRowActivate, then Enter on a cell and a double click open that row; other keys do not', async () => {
    const opened = vi.fn();
    const { user } = setup({}, undefined, opened);
    const cell = await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, { timeout: 3000 });
    cell.focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0]![0]).toMatchObject({ title: 'Resize underused virtual machine 1' });
    const second = within(dataRows()[1]!).getAllByRole('gridcell')[0]!;
    await user.dblClick(second);
    expect(opened.mock.calls[1]![0]).toMatchObject({ title: second.textContent });
    expect(second.textContent).not.toBe('Resize underused virtual machine 1');
    await user.keyboard('{ArrowDown}');
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('given no onRowActivate, then Enter on a cell does nothing', async () => {
    const { user } = setup();
    const cell = await screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, { timeout: 3000 });
    cell.focus();
    await expect(user.keyboard('{Enter}')).resolves.toBeUndefined();
  });
});
