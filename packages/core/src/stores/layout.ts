import { map, type MapStore } from 'nanostores';
import {
  DEFAULT_LAYOUT,
  LAYOUT_STORAGE_KEY,
  persistedLayout,
  readPersistedLayout,
  type LayoutState,
} from '../rules/layout';
import type { StorageStrategy } from '../storage/webStorage';

// spec §4 "Layout actions"
/**
 * The three sidenavs.
 * @public
 */
export type SidenavName = 'main' | 'settings' | 'video';

const OPEN_KEY = { main: 'isSidenavOpen', settings: 'isSettingsSidenavOpen', video: 'isVideoSidenavOpen' } as const;

// spec §3 "Layout state", §4 "Layout actions"
/**
 * The layout of one portal client.
 * @public
 */
export interface LayoutStore {
  /** The layout state. */
  readonly $layout: MapStore<LayoutState>;
  /** Opens the main, settings or video sidenav. */
  open(sidenav: SidenavName): void;
  /** Closes the main, settings or video sidenav. */
  close(sidenav: SidenavName): void;
  /** Toggles the main, settings or video sidenav. */
  toggle(sidenav: SidenavName): void;
  /** Docks (narrow, expanding on hover) or pins the main sidenav. */
  dockSidenav(docked: boolean): void;
  /** Docks or pins the video sidenav. */
  dockVideoSidenav(docked: boolean): void;
  /** Mobile state: on a phone-sized screen the sidenav is an overlay, closed until asked for. */
  setMobile(mobile: boolean): void;
  /** Mobile state of the video sidenav. */
  setVideoMobile(mobile: boolean): void;
  /** Whether an inner (page-level) navigation is open. */
  setInnerNavigation(opened: boolean): void;
  // spec §4
  /** Takes a snapshot of the layout state. */
  takeSnapshot(): void;
  // spec §4
  /** Restores the snapshot and clears it; does nothing without one. */
  restoreSnapshot(): void;
  // spec §4 "Layout actions"
  /** Set dark mode. */
  setDarkMode(on: boolean): void;
}

// spec §9 (web storage)
/**
 * Creates the layout store. With `storage`, what a user expects to survive a reload — docked or
 * pinned, open or closed, dark mode — is read from and written to it (the portal's web storage).
 * @public
 */
export function createLayoutStore(initial: Partial<LayoutState> = {}, storage?: StorageStrategy): LayoutStore {
  const $layout = map<LayoutState>({
    ...DEFAULT_LAYOUT,
    ...initial,
    ...readPersistedLayout(storage?.get(LAYOUT_STORAGE_KEY)),
  });
  const set = <K extends keyof LayoutState>(key: K, value: LayoutState[K]) =>
    $layout.set({ ...$layout.get(), [key]: value });
  if (storage) {
    let last = JSON.stringify(persistedLayout($layout.get()));
    $layout.listen((state) => {
      const next = JSON.stringify(persistedLayout(state));
      if (next !== last) storage.set(LAYOUT_STORAGE_KEY, persistedLayout(state));
      last = next;
    });
  }
  return {
    $layout,
    open: (sidenav) => set(OPEN_KEY[sidenav], true),
    close: (sidenav) => set(OPEN_KEY[sidenav], false),
    toggle: (sidenav) => set(OPEN_KEY[sidenav], !$layout.get()[OPEN_KEY[sidenav]]),
    dockSidenav: (docked) => set('isSidenavDocked', docked),
    dockVideoSidenav: (docked) => set('isVideoSidenavDocked', docked),
    setMobile(mobile) {
      if (mobile === $layout.get().isMobile) return;
      // Entering mobile closes the overlay; leaving it shows the desktop sidenav again.
      $layout.set({ ...$layout.get(), isMobile: mobile, isSidenavOpen: !mobile });
    },
    setVideoMobile: (mobile) => set('isVideoMobile', mobile),
    setInnerNavigation: (opened) => set('innerNavigationOpened', opened),
    takeSnapshot() {
      const { layoutStateSnapshot: _previous, ...current } = $layout.get();
      set('layoutStateSnapshot', current);
    },
    restoreSnapshot() {
      const snapshot = $layout.get().layoutStateSnapshot;
      if (snapshot) $layout.set({ ...snapshot, layoutStateSnapshot: null });
    },
    setDarkMode: (on) => set('darkModeOn', on),
  };
}
