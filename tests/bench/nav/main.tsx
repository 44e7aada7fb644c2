/**
 * The page `npm run bench:nav` loads in Chromium: the portal's `<SideNav>` (pinned open, in the
 * shell's frame and CSS as `<PortalShell>` renders it) over the fake portal service of the component
 * tests with the 5,000-item menu (`bigMenu`: 50 sections › 10 groups › 10 items, 5,550 rows), next
 * to the same rows as a plain flat list, built with React's profiling build so each commit's render
 * time can be read. `window.navBench` lets the runner time:
 *
 * - `flat()`: the 5,550 rows as `<ul><li><a href>` (parents as `<button>`, as SideNav has them) mounted and laid out;
 * - `oneCommit()`: SideNav's whole menu rendered expanded in one commit. SideNav keeps expanded parents
 *   in its own state and has no prop to start expanded, so this fixture puts the 50 sections under one
 *   root section, opens every parent below it once (setup), closes the root, and times the click that
 *   opens it again: one commit mounting 5,550 rows with every parent expanded;
 * - `stepwise()`: SideNav with `bigMenu` itself mounted, then every collapsed parent opened by its own
 *   toggle, one click (one commit) after another, as a user or the Right key would;
 * - `rerender()`: with that expanded menu on screen, an unrelated layout change (the settings drawer's
 *   flag in the layout store), which must not re-render the menu (SideNav reads only the mode);
 * - `keys()`: focus moved by a key in the expanded menu (keydown dispatched, focus moved, laid out).
 */
import { createPortalClient, menuItemPath, portalShell, type MenuNode, type PortalClient } from '@cloudportal/core';
import { PortalProvider } from '@cloudportal/react/provider';
import { SideNav } from '@cloudportal/react/shell';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { bigMenu, fakePortal, node } from '../../../packages/react/src/shell/testing/fakePortal';
import { isolatedTabs } from '../../../packages/react/src/testing/fakeApi';

/** One timed step: React's render time over its commits, the forced layout, and wall times. */
export interface Timing {
  /** Profiler `actualDuration`, summed over the step's commits. */
  renderMs: number;
  commits: number;
  /** From the start of the step to its rows laid out (a forced layout at the end). */
  wallMs: number;
  /** The forced style and layout at the end of the step. */
  layoutMs: number;
  /** From the start of the step to the end of the next frame (rendering included; a frame is ~16.7 ms). */
  frameMs: number;
  /** Menu rows in the document afterwards. */
  rows: number;
  /** Parents opened by a click (stepwise only). */
  clicks: number;
  /** Mounting SideNav before the clicks (stepwise only): render ms and wall ms. */
  mountRenderMs: number;
  mountWallMs: number;
}

/** One key press timed in the page. */
export interface KeyTiming {
  /** keydown dispatched on the focused item → focus moved → style and layout done. */
  ms: number;
  moved: boolean;
}

/** What the runner calls (through `page.evaluate`). */
export interface NavBench {
  /** Resolves once both portal clients are signed in and hold their menus. */
  ready(): Promise<{ rows: number; parents: number }>;
  flat(): Promise<Timing>;
  oneCommit(): Promise<Timing>;
  stepwise(): Promise<Timing>;
  rerender(): Promise<Timing>;
  /** Unmounts what a step left (untimed). */
  clear(): Promise<void>;
  /** Leaves only the stepwise SideNav on the page, fully expanded, its expand animations over. */
  keyboardSetup(): Promise<void>;
  /** Focuses the menu item labelled `label`. */
  focus(label: string): Promise<void>;
  /** Presses `key` `count` times (dispatched in the page), `gapMs` and then a frame apart. */
  keys(key: string, count: number, gapMs: number): Promise<KeyTiming[]>;
  /** Index and label of the focused menu item. */
  position(): { index: number; label: string };
  /** Resolves after the next frame has been rendered. */
  nextFrame(): Promise<void>;
}

declare global {
  interface Window {
    navBench: NavBench;
    gc?: () => void;
  }
}

const LOCATION = { pathname: '/billing/item-0-0-0', search: '' };
const MENU = bigMenu(5000);
/** The same sections under one root section, so the whole expanded menu can mount in one commit. */
const ROOTED_MENU = [node('all-sections', 'All sections', { url: null, icon: 'apps', children: bigMenu(5000) })];

function makeClient(menu: MenuNode[]): PortalClient {
  const client = createPortalClient({
    fetch: fakePortal({ menu }),
    storage: {},
    navigate: () => {},
    crossTab: isolatedTabs,
  });
  portalShell(client).navigation.setLocation(LOCATION);
  return client;
}
const stepClient = makeClient(MENU);
const oneClient = makeClient(ROOTED_MENU);

/** Every row of a menu, depth first, as the flat list shows them. */
interface FlatRow {
  key: string;
  label: string;
  href: string | null;
}
function flatRows(items: readonly MenuNode[], out: FlatRow[] = []): FlatRow[] {
  for (const item of items) {
    out.push({ key: item.uuid, label: item.displayName, href: menuItemPath(item) });
    flatRows(item.children, out);
  }
  return out;
}
const FLAT = flatRows(MENU);

let renderMs = 0;
let commits = 0;
const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
  renderMs += actualDuration;
  commits += 1;
};

function FlatList() {
  return (
    <div className="bench-flat">
      <ul>
        {FLAT.map((row) => (
          <li key={row.key}>
            {row.href ? <a href={row.href}>{row.label}</a> : <button type="button">{row.label}</button>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** SideNav as PortalShell renders it: in the shell's grid, inside its rail, beside the main column. */
function ShellSideNav({ client }: { client: PortalClient }) {
  return (
    <PortalProvider client={client}>
      <div className="cp-shell" data-mobile="false">
        <div className="cp-sidenav-rail" data-mode="pinned">
          <SideNav />
        </div>
        <div className="cp-shell__column">
          <main className="cp-shell__main" />
        </div>
      </div>
    </PortalProvider>
  );
}

const mount = (id: string) => {
  const container = document.getElementById(id)!;
  return { container, root: createRoot(container) };
};
const flat = mount('flat');
const stepwise = mount('stepwise');
const oneCommit = mount('one-commit');
const render = (root: Root, id: string, ui: ReactNode) =>
  flushSync(() =>
    root.render(
      <Profiler id={id} onRender={onRender}>
        {ui}
      </Profiler>,
    ),
  );

const nextFrame = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      // A task queued from rAF runs after the frame's style, layout and paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const menuRows = (container: Element) =>
  container.querySelectorAll('.cp-nav-tree [data-nav-row], .bench-flat li').length;

const toggleOf = (li: Element) => li.querySelector<HTMLElement>(':scope > [data-nav-row] button[aria-expanded]');
const isOpen = (toggle: Element) => toggle.getAttribute('aria-expanded') === 'true';
const click = (toggle: HTMLElement) => flushSync(() => toggle.click());

/** Opens every collapsed parent below `scope` (a menu list) by its toggle, depth first, each click its own commit. */
function openByClicks(scope: Element): number {
  let clicks = 0;
  for (const li of scope.querySelectorAll(':scope > li')) {
    const toggle = toggleOf(li);
    if (!toggle) continue;
    if (!isOpen(toggle)) {
      click(toggle);
      clicks += 1;
    }
    const group = li.querySelector(':scope > ul');
    if (!group) throw new Error(`${toggle.getAttribute('aria-label') ?? toggle.textContent} did not expand`);
    clicks += openByClicks(group);
  }
  return clicks;
}

/**
 * Setup only (untimed): opens every parent below the sections of `sections` (a menu list) about ten
 * times faster than {@link openByClicks}, since each click re-renders the whole menu shown: each
 * section is opened, its groups are opened, and it is closed again (SideNav remembers its groups),
 * so the menu stays short; then the sections are opened again.
 */
function openQuickly(sections: Element) {
  const lis = [...sections.querySelectorAll(':scope > li')];
  for (const li of lis) {
    const toggle = toggleOf(li)!;
    if (!isOpen(toggle)) click(toggle);
    openByClicks(li.querySelector(':scope > ul')!);
    click(toggle);
  }
  for (const li of lis) click(toggleOf(li)!);
}

const EMPTY: Pick<Timing, 'clicks' | 'mountRenderMs' | 'mountWallMs'> = { clicks: 0, mountRenderMs: 0, mountWallMs: 0 };

/** Times `run` from a painted, collected page: React's render time, the final forced layout, the next frame. */
async function timed(container: Element, run: () => Partial<Timing> | void): Promise<Timing> {
  window.gc?.();
  await nextFrame();
  renderMs = 0;
  commits = 0;
  const start = performance.now();
  const extra = run() ?? {};
  const layoutStart = performance.now();
  void document.body.offsetHeight;
  const end = performance.now();
  const timing = { ...EMPTY, ...extra, renderMs, commits, wallMs: end - start, layoutMs: end - layoutStart };
  await nextFrame();
  return { ...timing, frameMs: performance.now() - start, rows: menuRows(container) };
}

function until(done: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (done()) return resolve();
      if (performance.now() - started > timeoutMs) return reject(new Error(`Timed out waiting for ${what}`));
      setTimeout(check, 20);
    };
    check();
  });
}

const rootToggle = () =>
  oneCommit.container.querySelector<HTMLElement>('.cp-nav-tree > li > [data-nav-row] button[aria-expanded]')!;
let oneCommitReady = false;

/** The rooted SideNav mounted with every parent below the root open and the root closed (once). */
async function prepareOneCommit() {
  if (oneCommitReady) return;
  render(oneCommit.root, 'one-commit', <ShellSideNav client={oneClient} />);
  if (!isOpen(rootToggle())) click(rootToggle());
  openQuickly(oneCommit.container.querySelector('.cp-nav-tree > li > ul')!);
  if (menuRows(oneCommit.container) !== FLAT.length + 1)
    throw new Error(`The rooted menu shows ${menuRows(oneCommit.container)} rows`);
  click(rootToggle());
  oneCommitReady = true;
  await sleep(50);
}

function collapseOneCommit() {
  if (rootToggle().getAttribute('aria-expanded') === 'true') click(rootToggle());
}

const menuItems = () => [...stepwise.container.querySelectorAll<HTMLElement>('.cp-sidenav__menu [data-nav-focus]')];

window.navBench = {
  async ready() {
    await Promise.all([stepClient.start(), oneClient.start()]);
    const loaded = (c: PortalClient) => portalShell(c).navigation.$menu.get().status === 'loaded';
    await until(() => loaded(stepClient) && loaded(oneClient), 'the menus');
    return { rows: FLAT.length, parents: FLAT.filter((r) => r.href === null).length };
  },
  flat: () => timed(flat.container, () => render(flat.root, 'flat', <FlatList />)),
  async oneCommit() {
    await prepareOneCommit();
    return timed(oneCommit.container, () => click(rootToggle()));
  },
  async rerender() {
    await prepareOneCommit();
    if (rootToggle().getAttribute('aria-expanded') !== 'true') click(rootToggle());
    await sleep(450); // the groups' expand animation (400 ms) ends
    const timing = await timed(oneCommit.container, () => flushSync(() => oneClient.layout.open('settings')));
    flushSync(() => oneClient.layout.close('settings'));
    return timing;
  },
  stepwise: () =>
    timed(stepwise.container, () => {
      const start = performance.now();
      render(stepwise.root, 'stepwise', <ShellSideNav client={stepClient} />);
      const mounted = { mountRenderMs: renderMs, mountWallMs: performance.now() - start };
      const clicks = openByClicks(stepwise.container.querySelector('.cp-nav-tree')!);
      return { ...mounted, clicks };
    }),
  async clear() {
    flushSync(() => {
      flat.root.render(null);
      stepwise.root.render(null);
    });
    if (oneCommitReady) collapseOneCommit();
    window.gc?.();
    await sleep(30);
  },
  async keyboardSetup() {
    flushSync(() => {
      flat.root.render(null);
      oneCommit.root.render(null);
    });
    oneCommitReady = false;
    render(stepwise.root, 'stepwise', <ShellSideNav client={stepClient} />);
    openQuickly(stepwise.container.querySelector('.cp-nav-tree')!);
    if (menuRows(stepwise.container) !== FLAT.length)
      throw new Error(`The menu shows ${menuRows(stepwise.container)} rows`);
    await sleep(600); // the groups' expand animation (400 ms) ends
  },
  async focus(label) {
    const target = menuItems().find((el) => el.textContent?.trim() === label);
    if (!target) throw new Error(`No menu item ${label}`);
    target.focus();
    await nextFrame();
  },
  async keys(key, count, gapMs) {
    const out: KeyTiming[] = [];
    for (let i = 0; i < count; i++) {
      if (gapMs) await sleep(gapMs);
      // From a rendered frame (after an idle gap too, the first frame wakes the page's rendering up).
      await nextFrame();
      const before = document.activeElement;
      if (!(before instanceof HTMLElement)) throw new Error('Nothing is focused');
      const start = performance.now();
      before.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true }));
      const moved = document.activeElement !== before;
      void document.body.offsetHeight;
      out.push({ ms: performance.now() - start, moved });
    }
    return out;
  },
  position() {
    const items = menuItems();
    const index = items.findIndex((el) => el === document.activeElement);
    return { index, label: items[index]?.textContent?.trim() ?? '' };
  },
  nextFrame,
};
