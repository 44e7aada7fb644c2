import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { isolatedTabs } from '../testing/fakeApi';
import { renderWithClient } from '../testing/renderWithClient';
import { ReportView } from './ReportView';
import { ReportToolbar } from './ReportToolbar';
import { embedAnswer, embedRoute, fakeReportsApi, unlicensedAnswer } from './testing/fakeReports';
import { emulatorFramesInJsdom } from './testing/emulatorFrames';
import type { ReportDefinition } from '#testing/definition';
import { fakeAccessToken } from '#testing/state';
import { reportDe as deReport } from '#core/i18n/de/reportMessages';

const clients: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  vi.useRealTimers();
});

async function renderReport(
  routes: Parameters<typeof fakeReportsApi>[0],
  props: Partial<Parameters<typeof ReportView>[0]> = {},
  messages?: typeof deReport,
) {
  const fetch = fakeReportsApi(routes);
  const view = renderWithClient(<ReportView reportId="billing-overview" {...props} />, {
    fetch,
    storage: {},
    navigate: () => {},
    crossTab: isolatedTabs,
    messages,
  });
  clients.push(view.client);
  await act(async () => {
    await view.client.start();
  });
  return { ...view, fetch };
}

describe('ReportView', () => {
  it("given a report the tenant is not licensed for, then the 'Unlicensed feature' card shows the description and 'Action: Please contact your partner.'", async () => {
    await renderReport({ [embedRoute('billing-overview')]: { json: unlicensedAnswer() } });
    const card = await screen.findByRole('status', { name: 'Unlicensed feature' });
    expect(card).toHaveTextContent('Microsoft 365 licences and their use.');
    expect(card).toHaveTextContent('Action: Please contact your partner.');
    expect(screen.queryByRole('toolbar')).toBeNull();
    await expectNoAxeViolations();
  });

  it("given the server's error message, then the card's action is that message", async () => {
    await renderReport({
      [embedRoute('billing-overview')]: {
        json: unlicensedAnswer({ errorMessage: 'Ask Fabrikam to add the M365 module.' }),
      },
    });
    expect(await screen.findByRole('status', { name: 'Unlicensed feature' })).toHaveTextContent(
      'Action: Ask Fabrikam to add the M365 module.',
    );
  });

  it("given the client's catalogue in German, then the 'Unlicensed feature' card reads in German, the server's description as it came, and cp-report-error's message too", async () => {
    const errors: string[] = [];
    await renderReport(
      { [embedRoute('billing-overview')]: { json: unlicensedAnswer() } },
      { onStore: (store) => void store.on('error', (e) => errors.push(e.message)) },
      deReport,
    );
    const card = await screen.findByRole('status', { name: 'Nicht lizenzierte Funktion' });
    expect(card).toHaveTextContent('Microsoft 365 licences and their use.');
    expect(card).toHaveTextContent('Maßnahme: Bitte wenden Sie sich an Ihren Partner.');
    expect(card).not.toHaveTextContent('Unlicensed feature');
    expect(errors).toEqual(['Nicht lizenzierte Funktion - Maßnahme: Bitte wenden Sie sich an Ihren Partner.']);
  });

  it('given the embed token fails, then the marketing image links to the sales e-mail', async () => {
    await renderReport(
      {
        [embedRoute('billing-overview')]: {
          status: 502,
          json: { error: 'Bad Gateway', message: 'The report service did not answer.' },
        },
      },
      { marketing: 'office' },
    );
    const link = await screen.findByRole('link', { name: /Contact sales@cloudportal\.example/ });
    expect(link).toHaveAttribute('href', 'mailto:sales@cloudportal.example');
    expect(within(link).getByRole('img')).toHaveAttribute('src', '/assets/marketing-office.svg');
    await expectNoAxeViolations();
  });

  it('given a Microsoft 365 report whose embed token fails, then the Office marketing image shows without being told (the failure names the module)', async () => {
    await renderReport({
      [embedRoute('billing-overview')]: {
        status: 502,
        json: { error: 'Bad Gateway', message: 'The report service did not answer.', module: 'm365' },
      },
    });
    const link = await screen.findByRole('link', { name: /Contact sales@cloudportal\.example/ });
    expect(within(link).getByRole('img')).toHaveAttribute('src', '/assets/marketing-office.svg');
  });

  it('given an Azure report (or one whose failure names no module) whose embed token fails, then the Azure marketing image', async () => {
    await renderReport({
      [embedRoute('billing-overview')]: {
        status: 502,
        json: { error: 'Bad Gateway', message: 'The report service did not answer.', module: null },
      },
    });
    const link = await screen.findByRole('link', { name: /Contact sales@cloudportal\.example/ });
    expect(within(link).getByRole('img')).toHaveAttribute('src', '/assets/marketing-azure.svg');
  });

  it('while the embed answer loads, then a progress bar shows', async () => {
    await renderReport({ [embedRoute('billing-overview')]: { json: embedAnswer(), delayMs: 3_600_000 } });
    expect(screen.getByRole('progressbar', { name: 'Loading the report' })).toBeVisible();
  });

  it('is as high as the viewport minus 105 px, or minus a given reduction', async () => {
    const { container } = await renderReport(
      { [embedRoute('billing-overview')]: { json: unlicensedAnswer() } },
      { heightReduction: 200 },
    );
    expect((container.querySelector('.cp-report') as HTMLElement).style.height).toBe(`${window.innerHeight - 200}px`);
  });
});

describe('ReportToolbar', () => {
  it('given its handle, when arrows, Home and End are pressed or the pointer drags it past 5 px, then it moves within its boundary', async () => {
    const user = userEvent.setup();
    renderWithClient(
      <div style={{ width: 600 }}>
        <ReportToolbar>
          <button type="button">Views</button>
        </ReportToolbar>
      </div>,
      { storage: {}, navigate: () => {}, crossTab: isolatedTabs },
    );
    const bar = screen.getByRole('toolbar', { name: 'Report tools' });
    // jsdom lays nothing out: give the boundary and the toolbar their sizes.
    Object.defineProperty(bar.parentElement!, 'clientWidth', { value: 600 });
    Object.defineProperty(bar, 'offsetWidth', { value: 200 });
    const handle = screen.getByRole('button', { name: 'Drag left/right to change position' });
    handle.focus();
    await user.keyboard('{ArrowRight}');
    expect(bar).toHaveAttribute('data-offset', '16');
    await user.keyboard('{End}');
    expect(bar).toHaveAttribute('data-offset', '400');
    await user.keyboard('{ArrowRight}');
    expect(bar).toHaveAttribute('data-offset', '400');
    await user.keyboard('{Home}');
    expect(bar).toHaveAttribute('data-offset', '0');
    await user.keyboard('{ArrowLeft}');
    expect(bar).toHaveAttribute('data-offset', '0');

    // Spec §9 "Drag": a pointer that moves 5 px has not started a drag; past that the bar follows it.
    fireEvent.pointerDown(handle, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 105, pointerId: 1 });
    expect(bar).toHaveAttribute('data-offset', '0');
    fireEvent.pointerMove(handle, { clientX: 130, pointerId: 1 });
    expect(bar).toHaveAttribute('data-offset', '30');
    fireEvent.pointerUp(handle, { clientX: 130, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 200, pointerId: 1 });
    expect(bar).toHaveAttribute('data-offset', '30');
  });
});

/**
 * A report at the Power BI frame's edge (the embed emulator, as the stories use it): its first page has
 * no filters, its second a filter card.
 */
const PAGED: ReportDefinition = {
  id: '0c5a1e5f-0000-4000-8000-0000000f11e7',
  name: 'Filters per page (test)',
  datasets: {
    Costs: {
      columns: ['Service', 'Cost'],
      rows: [
        ['Storage', 10],
        ['Compute', 20],
      ],
    },
  },
  pages: [
    {
      name: 'ReportSectionOverview',
      displayName: 'Overview',
      visuals: [{ type: 'kpi', title: 'Cost', dataset: 'Costs', y: 'Cost' }],
    },
    {
      name: 'ReportSectionByService',
      displayName: 'By service',
      filters: [
        {
          $schema: 'http://powerbi.com/product/schema#basic',
          target: { table: 'Costs', column: 'Service' },
          filterType: 1,
          operator: 'All',
          values: [],
        },
      ],
      visuals: [{ type: 'bar', title: 'Cost by service', dataset: 'Costs', x: 'Service', y: 'Cost' }],
    },
  ],
};

describe("ReportView 'Toggle Filter' (spec §2, §4)", () => {
  let stopFrames: () => void = () => {};
  afterEach(() => stopFrames());
  const embedded = (reportPage: string) => ({
    [embedRoute('billing-overview')]: {
      json: embedAnswer({
        id: 'billing-overview',
        name: PAGED.name,
        reportPage,
        token: fakeAccessToken(),
        entityId: PAGED.id,
        entityUrl: `/powerbi-emulator/report-embed.html?reportId=${PAGED.id}`,
      }),
    },
  });
  const LOAD = { timeout: 8000 };
  const frameDocument = () => (document.querySelector('iframe') as HTMLIFrameElement).contentDocument!;

  it('given a page without filters, when the user opens a page with filters, then Toggle Filter shows; back, it is gone', async () => {
    stopFrames = emulatorFramesInJsdom([PAGED]);
    await renderReport(embedded('Overview'));
    const tools = await screen.findByRole('toolbar', { name: 'Report tools' }, LOAD);
    await waitFor(() => expect(within(tools).getByRole('button', { name: 'Saved views' })).toBeEnabled(), LOAD);
    expect(within(tools).queryByRole('button', { name: 'Toggle Filter' })).toBeNull();
    within(frameDocument().body).getByRole('button', { name: 'By service' }).click();
    expect(await within(tools).findByRole('button', { name: 'Toggle Filter' }, LOAD)).toBeVisible();
    within(frameDocument().body).getByRole('button', { name: 'Overview' }).click();
    await waitFor(() => expect(within(tools).queryByRole('button', { name: 'Toggle Filter' })).toBeNull(), LOAD);
  }, 20_000);

  it("given a German visitor, then the report is embedded in German (Power BI's localeSettings) and writes its numbers the German way", async () => {
    // The same report with its costs in dollars and over a thousand.
    stopFrames = emulatorFramesInJsdom([
      {
        ...PAGED,
        datasets: {
          Costs: {
            columns: ['Service', 'Cost'],
            rows: [
              ['Storage', 1000],
              ['Compute', 234.5],
            ],
            formats: { Cost: 'currency' },
          },
        },
      },
    ]);
    const view = renderWithClient(<ReportView reportId="billing-overview" />, {
      fetch: fakeReportsApi(embedded('Overview')),
      storage: {},
      navigate: () => {},
      crossTab: isolatedTabs,
      locale: 'de',
    });
    clients.push(view.client);
    await act(async () => {
      await view.client.start();
    });
    await screen.findByRole('toolbar', { name: 'Berichtswerkzeuge' }, LOAD);
    // The KPI's sum written the German way: a dot between thousands, a comma before the cents, the sign after.
    await waitFor(() => expect(frameDocument().querySelector('.pbi-kpi')?.textContent).toBe('1.234,50\u00a0$'), LOAD);
  }, 20_000);

  it('given savedViews={false} on a page with filters, then Toggle Filter still shows, without the saved views', async () => {
    stopFrames = emulatorFramesInJsdom([PAGED]);
    await renderReport(embedded('By service'), { savedViews: false });
    const tools = await screen.findByRole('toolbar', { name: 'Report tools' }, LOAD);
    expect(await within(tools).findByRole('button', { name: 'Toggle Filter' }, LOAD)).toBeVisible();
    expect(within(tools).queryByRole('button', { name: 'Saved views' })).toBeNull();
  }, 20_000);
});

describe('ReportView of a pbiReport page (spec §2 "a multi-page report with a page-name filter")', () => {
  let stopFrames: () => void = () => {};
  afterEach(() => stopFrames());
  const LOAD = { timeout: 8000 };
  const THREE: ReportDefinition = {
    ...PAGED,
    pages: [...PAGED.pages, { name: 'ReportSectionLegacy', displayName: 'Legacy', visuals: [] }],
  };
  const embedded = () => ({
    [embedRoute('billing-overview')]: {
      json: embedAnswer({
        id: 'billing-overview',
        name: THREE.name,
        reportPage: null,
        token: fakeAccessToken(),
        entityId: THREE.id,
        entityUrl: `/powerbi-emulator/report-embed.html?reportId=${THREE.id}`,
      }),
    },
  });

  it('given a filter of two of its three pages, then the first opens and page buttons move between those two only', async () => {
    stopFrames = emulatorFramesInJsdom([THREE]);
    await renderReport(embedded(), { reportPage: ['By service', 'Overview'], savedViews: false });
    const pages = await screen.findByRole('group', { name: 'Report pages' }, LOAD);
    expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Overview', 'By service']);
    await waitFor(
      () => expect(within(pages).getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-pressed', 'true'),
      LOAD,
    );
    within(pages).getByRole('button', { name: 'By service' }).click();
    await waitFor(
      () => expect(within(pages).getByRole('button', { name: 'By service' })).toHaveAttribute('aria-pressed', 'true'),
      LOAD,
    );
    expect(within(pages).getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-pressed', 'false');
    // The page with filters is active now: its 'Toggle Filter' shows (spec §4).
    expect(await screen.findByRole('button', { name: 'Toggle Filter' }, LOAD)).toBeVisible();
  }, 20_000);

  it('given a filter of one page, then no page buttons show', async () => {
    stopFrames = emulatorFramesInJsdom([THREE]);
    await renderReport(embedded(), { reportPage: ['By service'] });
    const tools = await screen.findByRole('toolbar', { name: 'Report tools' }, LOAD);
    await waitFor(() => expect(within(tools).getByRole('button', { name: 'Toggle Filter' })).toBeVisible(), LOAD);
    expect(screen.queryByRole('group', { name: 'Report pages' })).toBeNull();
  }, 20_000);
});

describe("ReportView's cards from the catalogue (spec §2)", () => {
  let stopFrames: () => void = () => {};
  afterEach(() => stopFrames());

  it("given the client's catalogue in German and a configured page the report lacks, then the 'Configuration Error' card reads in German", async () => {
    stopFrames = emulatorFramesInJsdom([PAGED]);
    const embed = embedAnswer({
      id: 'billing-overview',
      name: PAGED.name,
      reportPage: 'Legacy Usage',
      token: fakeAccessToken(),
      entityId: PAGED.id,
      entityUrl: `/powerbi-emulator/report-embed.html?reportId=${PAGED.id}`,
    });
    await renderReport({ [embedRoute('billing-overview')]: { json: embed } }, {}, deReport);
    const card = await screen.findByRole('alert', { name: 'Konfigurationsfehler' }, { timeout: 8000 });
    expect(card).toHaveTextContent('Bitte wenden Sie sich an Ihren Administrator.');
  }, 20_000);
});
