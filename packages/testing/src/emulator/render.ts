import type { ECharts } from 'echarts/core';
import type { EmulatorError, EmulatorFilter, PageDefinition, ReportDefinition, VisualDefinition } from '../definition';
import { describeFilter } from '../filters';
import { drawChart } from './charts';
import { chartSummary, formatValue, kpiValue, seriesData, tableData, visualRows } from './data';

/** What the frame shows: the report, its active page, the filters and which panes are open. */
export interface ReportView {
  report: ReportDefinition;
  active: PageDefinition;
  filters: readonly EmulatorFilter[];
  pageFilters: readonly EmulatorFilter[];
  filterPaneVisible: boolean;
  pageNavigationVisible: boolean;
  /** A line above the page, e.g. that the access token expired. */
  notice?: string;
}

let charts: ECharts[] = [];
let observer: ResizeObserver | undefined;
/** Charts not drawn yet: each is drawn in a task of its own, after the page's text has painted. */
let pendingCharts: ReturnType<typeof setTimeout>[] = [];

/**
 * Draws a chart in a task of its own: a page of several charts never blocks the frame's (and, on the
 * same origin, the portal's) main thread for all of them at once — as Power BI's own frame, a page
 * of another site, never blocks the portal's.
 */
function drawLater(draw: () => ECharts): void {
  const timer = setTimeout(() => {
    pendingCharts = pendingCharts.filter((t) => t !== timer);
    charts.push(draw());
    if (pendingCharts.length === 0) for (const done of chartsDrawn.splice(0)) done();
  }, 0);
  pendingCharts.push(timer);
}
const chartsDrawn: (() => void)[] = [];

/** Calls `then` once the page's charts are drawn and the browser has painted them (Power BI's `rendered`). */
export function afterChartsPainted(then: () => void): void {
  const painted = () => requestAnimationFrame(() => requestAnimationFrame(then));
  if (pendingCharts.length === 0) painted();
  else chartsDrawn.push(painted);
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; attrs?: Record<string, string> } = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function reset(root: HTMLElement) {
  for (const t of pendingCharts) clearTimeout(t);
  pendingCharts = [];
  // A page drawn over this one raises its own `rendered`; this one's never comes.
  chartsDrawn.length = 0;
  for (const c of charts) c.dispose();
  charts = [];
  observer?.disconnect();
  root.replaceChildren();
}

function visualView(
  report: ReportDefinition,
  visual: VisualDefinition,
  index: number,
  filters: readonly EmulatorFilter[],
): HTMLElement {
  const name = visual.name ?? `visual${index + 1}`;
  const headingId = `pbi-visual-${name}`;
  const section = el(
    'section',
    { className: `pbi-visual pbi-visual-${visual.type}`, attrs: { 'aria-labelledby': headingId, 'data-visual': name } },
    el('h3', { text: visual.title, attrs: { id: headingId } }),
  );
  const currency = report.currency ?? 'USD';
  try {
    const rows = visualRows(report, visual, filters);
    if (visual.type === 'kpi') {
      const { value, format } = kpiValue(report, visual, rows);
      section.append(
        el('p', { className: 'pbi-kpi', text: value === null ? '(Blank)' : formatValue(value, format, currency) }),
      );
    } else if (visual.type === 'table') {
      const data = tableData(report, visual, rows);
      const head = el(
        'tr',
        {},
        ...data.headers.map((h, i) =>
          el('th', { text: h, attrs: { scope: 'col', ...(data.numeric[i] ? { class: 'pbi-num' } : {}) } }),
        ),
      );
      const body = data.rows.length
        ? data.rows.map((r) =>
            el('tr', {}, ...r.map((c, i) => el('td', { text: c, attrs: data.numeric[i] ? { class: 'pbi-num' } : {} }))),
          )
        : [el('tr', {}, el('td', { text: 'No data', attrs: { colspan: String(data.headers.length) } }))];
      // Scrollable, so focusable for keyboard users; the table is named by the visual's heading.
      section.append(
        el(
          'div',
          { className: 'pbi-table-wrap', attrs: { tabindex: '0' } },
          el('table', { attrs: { 'aria-labelledby': headingId } }, el('thead', {}, head), el('tbody', {}, ...body)),
        ),
      );
    } else {
      const data = seriesData(report, visual, rows);
      const summary = chartSummary(visual.type, visual.title, data, currency);
      const canvasHost = el('div', { className: 'pbi-chart', attrs: { role: 'img', 'aria-label': summary } });
      section.append(canvasHost);
      if (data.categories.length === 0)
        canvasHost.append(el('p', { className: 'pbi-empty', text: 'No data', attrs: { 'aria-hidden': 'true' } }));
      else
        drawLater(() => drawChart(canvasHost, visual.type as 'bar' | 'line' | 'donut', data, currency, visual.stacked));
    }
  } catch (error) {
    section.append(
      el('p', {
        className: 'pbi-visual-error',
        text: `This visual can't be shown: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  }
  return section;
}

function filterList(id: string, title: string, filters: readonly EmulatorFilter[]): HTMLElement {
  const section = el('section', { attrs: { 'aria-labelledby': id } }, el('h3', { text: title, attrs: { id } }));
  if (filters.length === 0) section.append(el('p', { className: 'pbi-muted', text: 'No filters' }));
  else
    section.append(
      el(
        'ul',
        {},
        ...filters.map((f) => {
          const { field, condition } = describeFilter(f);
          return el('li', {}, el('strong', { text: field }), document.createTextNode(` ${condition}`));
        }),
      ),
    );
  return section;
}

/** Draws the report's active page, its filter pane and its page tabs; `onPage` is called when a tab is chosen. */
export function renderReport(root: HTMLElement, view: ReportView, onPage: (name: string) => void): void {
  reset(root);
  root.removeAttribute('aria-busy');
  const { report, active } = view;
  const filters = [...view.pageFilters, ...view.filters];
  const page = el(
    'main',
    { className: 'pbi-page', attrs: { 'aria-labelledby': 'pbi-page-title', 'data-page': active.name } },
    el('h2', { text: active.displayName, attrs: { id: 'pbi-page-title' } }),
    el('div', { className: 'pbi-visuals' }, ...active.visuals.map((v, i) => visualView(report, v, i, filters))),
  );
  const pane = el(
    'aside',
    { className: 'pbi-filters', attrs: { 'aria-label': 'Filters' } },
    el('h2', { text: 'Filters' }),
    filterList('pbi-filters-page', 'Filters on this page', view.pageFilters),
    filterList('pbi-filters-report', 'Filters on all pages', view.filters),
  );
  pane.hidden = !view.filterPaneVisible;
  const body = el('div', { className: 'pbi-body' }, page, pane);
  root.append(el('header', { className: 'pbi-header' }, el('h1', { text: report.name })));
  if (view.notice) root.append(el('p', { className: 'pbi-notice', text: view.notice, attrs: { role: 'status' } }));
  root.append(body);
  if (view.pageNavigationVisible) {
    const tabs = report.pages
      .filter((p) => (p.visibility ?? 0) === 0)
      .map((p) => {
        const button = el('button', {
          text: p.displayName,
          attrs: { type: 'button', ...(p.name === active.name ? { 'aria-current': 'page' } : {}) },
        });
        button.addEventListener('click', () => onPage(p.name));
        return el('li', {}, button);
      });
    root.append(el('nav', { className: 'pbi-pages', attrs: { 'aria-label': 'Pages' } }, el('ul', {}, ...tabs)));
  }
  observer = new ResizeObserver(() => charts.forEach((c) => c.resize()));
  observer.observe(root);
}

/** Replaces the frame's content with an error a person can read (never a blank frame). */
export function renderError(root: HTMLElement, error: EmulatorError): void {
  reset(root);
  root.removeAttribute('aria-busy');
  root.append(
    el(
      'div',
      { className: 'pbi-error', attrs: { role: 'alert' } },
      el('h1', { text: "This report can't be shown" }),
      el('p', { text: error.message }),
      ...(error.detailedMessage ? [el('p', { className: 'pbi-muted', text: error.detailedMessage })] : []),
      ...(error.errorCode ? [el('p', { className: 'pbi-muted', text: `Error code: ${error.errorCode}` })] : []),
    ),
  );
}

/** The token expired (or came back): a status line above the page, leaving the visuals as they are. */
export function setNotice(root: HTMLElement, notice: string | undefined): void {
  root.querySelector('.pbi-notice')?.remove();
  if (!notice) return;
  const line = el('p', { className: 'pbi-notice', text: notice, attrs: { role: 'status' } });
  root.querySelector('.pbi-header')?.after(line);
}
