import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { renderWithClient } from '../testing/renderWithClient';
import { Chart } from './Chart';
import { COST_BY_REGION, COST_BY_SERVICE, MONTHS_13 } from './testing/chartData';

// jsdom draws nothing: where a canvas exists (stubbed below) the drawing is this stand-in, loaded
// lazily as ECharts would be.
vi.mock('./EChart', () => ({
  default: () => <div className="cp-chart__plot" aria-hidden="true" data-testid="plot" />,
}));

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
const COST = [{ name: 'Cost', values: [410.5, 1250, 380, 402] }];

describe('Chart (issue 13)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('given no canvas, then it is a figure named by its title with the summary and the data table, and is axe clean', async () => {
    render(
      <Chart
        kind="line"
        title="Daily cost"
        categories={DAYS}
        series={COST}
        valueType="currency"
        currency="EUR"
        markers={[{ index: 1, label: 'Spike' }]}
        markersLabel="Anomalies"
        target={{ value: 1000, label: 'Daily budget' }}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Daily cost' });
    expect(
      within(figure).getByText(
        'Daily cost from Mar 1, 2026 to Mar 4, 2026: highest €1,250.00 on Mar 2, 2026, lowest €380.00 on Mar 3, 2026, total €2,442.50. Anomalies: Spike on Mar 2, 2026. Daily budget €1,000.00: exceeded at 1 of 4 points, first on Mar 2, 2026.',
      ),
    ).toBeVisible();
    const table = within(figure).getByRole('table', { name: 'Daily cost: data' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Cost', 'Anomalies']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[2]!).getByRole('rowheader', { name: 'Mar 2, 2026' })).toBeVisible();
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['€1,250.00', 'Spike']);
    // Nothing to toggle and nothing drawn: the table is the chart.
    expect(screen.queryByRole('button', { name: 'Show data table' })).toBeNull();
    expect(screen.queryByTestId('plot')).toBeNull();
    await expectNoAxeViolations();
  });

  it('given stacked bars, then the table has a column per series and the stack’s total', () => {
    render(
      <Chart
        kind="stackedBar"
        title="Cost by service"
        categories={MONTHS_13}
        series={COST_BY_SERVICE}
        valueType="currency"
      />,
    );
    const table = screen.getByRole('table', { name: 'Cost by service: data' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Virtual machines', 'Storage', 'SQL Database', 'Networking', 'Total']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Jun 2025');
    expect(within(first).getAllByRole('cell').at(-1)).toHaveTextContent('$25,200.00');
    expect(
      screen.getByText(/Combined: highest \$28,580\.00 on May 2026, lowest \$25,200\.00 on Jun 2025/),
    ).toBeVisible();
  });

  it('given a donut, then the summary gives the largest slices and the table their shares', () => {
    render(
      <Chart kind="donut" title="Cost by region" {...COST_BY_REGION} valueType="currency" categoryLabel="Region" />,
    );
    expect(
      screen.getByText(
        'Cost by region: total $100,000.00. West Europe $48,200.00 (48.2%), North Europe $21,700.00 (21.7%), East US $15,300.00 (15.3%), UK South $9,800.00 (9.8%), Southeast Asia $5,000.00 (5%).',
      ),
    ).toBeVisible();
    const row = screen.getByRole('row', { name: /UK South/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$9,800.00', '9.8%']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Region', 'Cost', 'Share']);
  });

  it('given no data, then it says so', () => {
    render(<Chart kind="bar" title="Daily cost" categories={[]} series={[]} />);
    expect(screen.getByRole('figure', { name: 'Daily cost' })).toHaveTextContent('Daily cost: no data.');
  });

  it('given a canvas, then a skeleton of its size shows while the drawing loads, the drawing is hidden from assistive technology, the summary is read but not shown, and the table is behind a toggle', async () => {
    vi.stubGlobal('CanvasRenderingContext2D', function CanvasRenderingContext2D() {});
    const user = userEvent.setup();
    render(<Chart kind="line" title="Daily cost" categories={DAYS} series={COST} valueType="currency" height={200} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading chart Daily cost');
    expect(await screen.findByTestId('plot')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/^Daily cost from Mar 1, 2026 to Mar 4, 2026/)).toHaveClass('cp-visually-hidden');
    expect(screen.queryByRole('table')).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Show data table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('table', { name: 'Daily cost: data' })).toBeVisible();
    expect(screen.getAllByRole('row')).toHaveLength(5);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Hide data table' }));
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Chart below the fold (issue 42 §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** An IntersectionObserver the test drives: `enter()` brings every observed element near the viewport. */
  function stubIntersection() {
    const observers: {
      callback: IntersectionObserverCallback;
      elements: Element[];
      options?: IntersectionObserverInit;
    }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private entry;
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.entry = { callback, elements: [] as Element[], options };
          observers.push(this.entry);
        }
        observe(element: Element) {
          this.entry.elements.push(element);
        }
        disconnect() {
          this.entry.elements = [];
        }
      },
    );
    return {
      observers,
      enter: () =>
        act(() => {
          for (const o of [...observers])
            o.callback(
              o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
              {} as IntersectionObserver,
            );
        }),
    };
  }

  it('given a chart not yet near the viewport, then its skeleton holds its place and ECharts is not drawn until it nears', async () => {
    vi.stubGlobal('CanvasRenderingContext2D', function CanvasRenderingContext2D() {});
    const viewport = stubIntersection();
    render(<Chart kind="line" title="Daily cost" categories={DAYS} series={COST} valueType="currency" height={200} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading chart Daily cost');
    // Watched from a margin before the viewport, so it is drawn by the time a person scrolls to it.
    expect(viewport.observers[0]?.options?.rootMargin).toBe('300px');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('plot')).toBeNull();
    // The summary is there for assistive technology all along.
    expect(screen.getByText(/^Daily cost from Mar 1, 2026 to Mar 4, 2026/)).toHaveClass('cp-visually-hidden');

    viewport.enter();
    expect(await screen.findByTestId('plot')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Chart in the active locale (issue 24 §2)', () => {
  it("given a German client, then the summary and the data table write the client's dates and amounts the German way", async () => {
    const { client } = renderWithClient(
      <Chart kind="line" title="Tageskosten" categories={DAYS} series={COST} valueType="currency" currency="EUR" />,
      { locale: 'de', storage: {} },
    );
    const table = await screen.findByRole('table', { name: 'Tageskosten: Daten' });
    const row = within(table).getByRole('rowheader', { name: '02.03.2026' }).closest('tr')!;
    expect(within(row).getByRole('cell').textContent).toBe('1.250,00\u00a0€');
    expect(screen.getByRole('figure', { name: 'Tageskosten' }).textContent).toContain('Höchstwert 1.250,00\u00a0€');
    client.dispose();
  });
});
