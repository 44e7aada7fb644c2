/**
 * The Power BI embed emulator's frame in jsdom, for the report view's stories in the stories test.
 *
 * In Storybook (a browser) the report's iframe loads the emulator's page, which Storybook serves at
 * /powerbi-emulator/, and nothing here runs. jsdom loads no frame documents and its `postMessage`
 * carries no `source`, so the real powerbi-client could never reach the frame. There, this puts the
 * emulator's built frame script (packages/testing/dist/emulator/report-embed.js) in each emulator
 * iframe's window and passes the messages both ways with their source and origin, as a browser
 * does: the same powerbi-client ↔ emulator exchange then happens, and a story can play against a
 * loaded report (its pages, filters and saved-view states). The frame's definition requests are
 * answered with the fixture reports, as Storybook's static files answer them.
 */
import type { ReportDefinition } from '#testing/definition';
import { FIXTURE_REPORTS } from '#testing/fixtures';

/** The emulator page the report's frame points at (the stories' `entityUrl`). */
const EMULATOR_PAGE = '/powerbi-emulator/report-embed.html';
/** Where the frame asks for its report's definition, beside the page. */
const DEFINITION = /\/powerbi-emulator\/api\/reports\/([^/?]+)$/;

// Lazy: only jsdom reads the built script, so Storybook's bundle does not carry it. An empty glob
// (the packages not built) leaves the frames unloaded, as in jsdom without this bridge.
const scripts = import.meta.glob<string>('../../../../testing/dist/emulator/report-embed.js', {
  query: '?raw',
  import: 'default',
});

type FrameWindow = Window & typeof globalThis;

const inJsdom = () => typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');

/**
 * Serves emulator frames added to the document from now on; returns the function that stops.
 * Does nothing outside jsdom. For a story's `beforeEach` (Storybook calls the returned cleanup).
 */
export function emulatorFramesInJsdom(reports: readonly ReportDefinition[] = FIXTURE_REPORTS): () => void {
  const load = Object.values(scripts)[0];
  if (!inJsdom() || !load) return () => {};
  const served = new WeakSet<HTMLIFrameElement>();
  const serveNew = () => {
    // The test's document may be gone by the time a last mutation is told.
    if (typeof document === 'undefined') return;
    for (const iframe of document.querySelectorAll<HTMLIFrameElement>('iframe')) {
      if (served.has(iframe) || !new URL(iframe.src, location.href).pathname.endsWith(EMULATOR_PAGE)) continue;
      served.add(iframe);
      void load().then((script) => serve(iframe, script, reports));
    }
  };
  const observer = new MutationObserver(serveNew);
  observer.observe(document, { childList: true, subtree: true });
  serveNew();
  return () => observer.disconnect();
}

/** What a browser gives a message: a copy of its data, where it came from and from whom. */
function deliver(to: Window, data: unknown, origin: string, source: unknown): void {
  const copy = structuredClone(data);
  setTimeout(
    () =>
      to.dispatchEvent(
        new (to as FrameWindow).MessageEvent('message', { data: copy, origin, source: source as Window }),
      ),
    0,
  );
}

function serve(iframe: HTMLIFrameElement, script: string, reports: readonly ReportDefinition[]): void {
  const frame = iframe.contentWindow as FrameWindow | null;
  const doc = iframe.contentDocument;
  if (!frame || !doc || !iframe.isConnected) return;
  const host = window;

  // The frame's parent as the frame sees it: what it posts reaches the host from the frame.
  const parent = { postMessage: (data: unknown) => deliver(host, data, frame.location.origin, frame) };
  Object.defineProperty(frame, 'parent', { configurable: true, get: () => parent });
  frame.postMessage = ((data: unknown) => deliver(frame, data, host.location.origin, parent)) as Window['postMessage'];

  // What jsdom's frame window lacks that the emulator uses: fetch (its report's definition) and ResizeObserver.
  frame.fetch = async (input: RequestInfo | URL) => {
    const id = DEFINITION.exec(
      new URL(String(input instanceof Request ? input.url : input), frame.location.href).pathname,
    )?.[1];
    const report = reports.find((r) => r.id === decodeURIComponent(id ?? ''));
    return report
      ? new Response(JSON.stringify(report), { headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ message: 'Report not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
  };
  frame.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // jsdom has no canvas: the charts draw into a context that keeps nothing (their values are in their accessible names).
  frame.HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    return blankContext(this);
  } as unknown as HTMLCanvasElement['getContext'];

  // The emulator's page: its root, then its classic script, then the frame's load (powerbi-client posts /report/load on it).
  if (!doc.documentElement) doc.append(doc.createElement('html'));
  const html = doc.documentElement!;
  if (!doc.head) html.append(doc.createElement('head'));
  if (!doc.body) html.append(doc.createElement('body'));
  const root = doc.createElement('div');
  root.id = 'pbi-root';
  doc.body!.append(root);
  const tag = doc.createElement('script');
  tag.textContent = script;
  doc.head!.append(tag);
  doc.dispatchEvent(new frame.Event('DOMContentLoaded'));
  iframe.dispatchEvent(new Event('load'));
}

/** A 2D context that accepts every call and setting and draws nothing; text measures 0 px. */
function blankContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<PropertyKey, unknown> = { canvas };
  return new Proxy(state, {
    get: (target, key) =>
      key in target
        ? target[key]
        : key === 'measureText'
          ? () => ({ width: 0 })
          : key === 'getLineDash'
            ? () => []
            : () => undefined,
  }) as unknown as CanvasRenderingContext2D;
}
