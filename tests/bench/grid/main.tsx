/**
 * The page `npm run bench:grid` loads in Chromium: `<DataGrid>` over an in-memory data API of 100 or
 * of 100,000 recommendations (`memoryDataApi`: pages answered in a microtask, sorted outside React
 * with a precomputed index per sort, as the server sorts with its indexes — so what differs between
 * the two sizes is what the grid renders), built with React's profiling build. `window.gridBench`
 * lets the runner time, for either size:
 *
 * - `mount(n)`: a fresh store and grid mounted → the first data rows in the document → the next frame;
 * - `sort()`: a press on the Recommendation header → the re-sorted first rows shown → the next frame;
 * - `scroll(frames, px)`: the grid scrolled `px` per animation frame for `frames` frames: ms per frame;
 * - `jump()`: the grid scrolled to its middle row at once → that row's data shown → the next frame.
 */
import { createDataGridStore, createPortalClient, type DataGridStore } from '@cloudportal/core';
import { DataGrid } from '@cloudportal/react/kit';
import { PortalProvider } from '@cloudportal/react/provider';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { memoryDataApi, type MemoryDataApi } from '../../../packages/react/src/kit/testing/memoryData';

export interface Timing {
  /** From the start of the step to the end of the next frame after its rows were shown. */
  wallMs: number;
  /** Profiler `actualDuration` over the step's commits. */
  renderMs: number;
  commits: number;
  /** Data rows in the document afterwards (the virtual window). */
  rows: number;
}

declare global {
  interface Window {
    gridBench: {
      ready(): Promise<{ sizes: number[] }>;
      mount(n: number): Promise<Timing>;
      sort(): Promise<Timing>;
      scroll(
        frames: number,
        px: number,
      ): Promise<{ msPerFrame: number; p95: number; longFrames: number; skeletonFrames: number; rows: number }>;
      jump(): Promise<Timing>;
      clear(): void;
    };
    gc?: () => void;
  }
}

const HEIGHT = 480;
const client = createPortalClient({ storage: {}, navigate: () => {} });
const apis = new Map<number, MemoryDataApi>();
const container = document.getElementById('grid')!;
let root: Root | null = null;
let store: DataGridStore | null = null;
let profile = { renderMs: 0, commits: 0 };
const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
  profile.renderMs += actualDuration;
  profile.commits += 1;
};

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const grid = () => container.querySelector<HTMLElement>('[role="grid"]')!;
const dataRows = () => container.querySelectorAll('.cp-grid__body > [role="row"]');
const firstCell = () =>
  container.querySelector('.cp-grid__body > [role="row"][aria-rowindex="2"]:not([data-loading]) [role="gridcell"]')
    ?.textContent ?? null;

/** Resolves once `check` holds, looked at after each DOM change. */
function until(check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function timed(step: () => void, done: () => boolean): Promise<Timing> {
  window.gc?.();
  await nextFrame();
  profile = { renderMs: 0, commits: 0 };
  const start = performance.now();
  step();
  await until(done);
  await nextFrame();
  return { wallMs: performance.now() - start, ...profile, rows: dataRows().length };
}

window.gridBench = {
  async ready() {
    for (const n of [100, 100_000]) {
      const api = memoryDataApi(n);
      api.prepare(['title', 'monthlySavings']);
      apis.set(n, api);
    }
    return { sizes: [...apis.keys()] };
  },
  mount(n) {
    window.gridBench.clear();
    store = createDataGridStore(apis.get(n)!, 'recommendations');
    const mine = store;
    return timed(
      () => {
        root = createRoot(container);
        root.render(
          <PortalProvider client={client} themeTarget="none">
            <Profiler id="grid" onRender={onRender}>
              <DataGrid store={mine} label="Recommendations" height={HEIGHT} />
            </Profiler>
          </PortalProvider>,
        );
      },
      () => firstCell() !== null,
    );
  },
  sort() {
    const before = firstCell();
    const button = [...container.querySelectorAll<HTMLButtonElement>('.cp-grid__sort')].find((b) =>
      b.textContent?.startsWith('Recommendation'),
    )!;
    return timed(
      () => button.click(),
      () => firstCell() !== null && firstCell() !== before,
    );
  },
  async scroll(frames, px) {
    const el = grid();
    el.scrollTop = 0;
    await nextFrame();
    await nextFrame();
    const stamps: number[] = [];
    let skeletonFrames = 0;
    await new Promise<void>((resolve) => {
      const tick = (now: number) => {
        stamps.push(now);
        if (container.querySelector('.cp-grid__body > [data-loading]')) skeletonFrames += 1;
        if (stamps.length > frames) return resolve();
        el.scrollTop += px;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    const sorted = [...gaps].sort((a, b) => a - b);
    return {
      msPerFrame: (stamps.at(-1)! - stamps[0]!) / frames,
      p95: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!,
      longFrames: gaps.filter((g) => g > 20).length,
      skeletonFrames,
      rows: dataRows().length,
    };
  },
  jump() {
    const el = grid();
    const total = store!.$grid.get().total ?? 0;
    const middle = Math.floor(total / 2);
    return timed(
      () => {
        el.scrollTop = middle * 40;
      },
      () =>
        container.querySelector(`.cp-grid__body > [role="row"][aria-rowindex="${middle + 2}"]:not([data-loading])`) !==
        null,
    );
  },
  clear() {
    root?.unmount();
    root = null;
    store?.dispose();
    store = null;
  },
};
