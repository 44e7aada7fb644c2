import { map, type MapStore } from 'nanostores';

/** Spec §3 "Layout state", with the spec's defaults. */
export interface LayoutState {
  isSidenavOpen: boolean;
  isSidenavDocked: boolean;
  isMobile: boolean;
  isVideoSidenavOpen: boolean;
  isVideoSidenavDocked: boolean;
  isVideoMobile: boolean;
  isSettingsSidenavOpen: boolean;
  innerNavigationOpened: boolean;
  /** Switches the `--cp-*` theme tokens between their light and dark values. */
  darkModeOn: boolean;
}

/** Spec §3 defaults: sidenav open, video sidenav open, settings closed, dark mode off. */
export const DEFAULT_LAYOUT: Readonly<LayoutState> = Object.freeze({
  isSidenavOpen: true,
  isSidenavDocked: false,
  isMobile: false,
  isVideoSidenavOpen: true,
  isVideoSidenavDocked: false,
  isVideoMobile: false,
  isSettingsSidenavOpen: false,
  innerNavigationOpened: false,
  darkModeOn: false,
});

/** The layout of one portal client. */
export interface LayoutStore {
  readonly $layout: MapStore<LayoutState>;
  /** Spec §4 "Layout actions": set dark mode. */
  setDarkMode(on: boolean): void;
}

export function createLayoutStore(initial: Partial<LayoutState> = {}): LayoutStore {
  const $layout = map<LayoutState>({ ...DEFAULT_LAYOUT, ...initial });
  return {
    $layout,
    setDarkMode: (on) => $layout.setKey('darkModeOn', on),
  };
}
