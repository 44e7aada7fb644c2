import {
  DRAG,
  LOGO_MAX_WIDTH_PX,
  MENU_EXPAND_ANIMATION_MS,
  SIDENAV_WIDTH_UNITS,
  SLIDE_ANIMATION_MS,
  TAB_ANIMATION_MS,
} from './constants';

// spec §2 "Layout", "Side navigation", §3 "Layout state", §4 "Layout actions"
/**
 * Rules of the layout: how the side navigation shows, what of the layout survives a reload, and menu
 * indentation.
 */

// spec §3 "Layout state"
/**
 * The state of the portal's layout: which side navigations and drawers are open, docked or in their
 * phone-sized form, a snapshot to restore, and dark mode.
 * @public
 */
export interface LayoutState {
  /** Whether the main side navigation is open. */
  isSidenavOpen: boolean;
  /** Whether it is docked: narrow, expanding on hover, rather than pinned. */
  isSidenavDocked: boolean;
  /** Whether the screen is phone-sized: the side navigation is then an overlay. */
  isMobile: boolean;
  /** Whether the video side navigation is open. */
  isVideoSidenavOpen: boolean;
  /** Whether it is docked rather than pinned. */
  isVideoSidenavDocked: boolean;
  /** Whether the video side navigation is in its phone-sized form. */
  isVideoMobile: boolean;
  /** Whether the settings drawer is open. */
  isSettingsSidenavOpen: boolean;
  /** Whether a page's own inner navigation is open. */
  innerNavigationOpened: boolean;
  // spec §4 "Take a snapshot of the layout state; restoring it later clears the snapshot."
  /** The layout as it was when a snapshot was taken, to restore later; restoring it sets this back to `null`. */
  layoutStateSnapshot: LayoutSnapshot | null;
  /** Switches the `--cp-*` theme tokens between their light and dark values. */
  darkModeOn: boolean;
}

/**
 * A snapshot of the layout state (without a snapshot of its own).
 * @public
 */
export type LayoutSnapshot = Readonly<Omit<LayoutState, 'layoutStateSnapshot'>>;

// spec §3
/** Defaults: sidenav open, video sidenav open, settings closed, dark mode off. */
export const DEFAULT_LAYOUT: Readonly<LayoutState> = Object.freeze({
  isSidenavOpen: true,
  isSidenavDocked: false,
  isMobile: false,
  isVideoSidenavOpen: true,
  isVideoSidenavDocked: false,
  isVideoMobile: false,
  isSettingsSidenavOpen: false,
  innerNavigationOpened: false,
  layoutStateSnapshot: null,
  darkModeOn: false,
});

// spec §2 "Side navigation"
/**
 * How the side navigation shows:
 * - `overlay-open` / `overlay-closed`: mobile, an overlay plus a slide-in panel;
 * - `pinned`: desktop, open at full width;
 * - `docked`: desktop, narrow, expanding on hover and keyboard focus;
 * - `closed`: desktop, icons only.
 * @public
 */
export type SidenavMode = 'overlay-open' | 'overlay-closed' | 'pinned' | 'docked' | 'closed';

// spec §2
/**
 * The side navigation's mode for a layout state.
 * @public
 */
export function sidenavMode(state: Pick<LayoutState, 'isMobile' | 'isSidenavOpen' | 'isSidenavDocked'>): SidenavMode {
  if (state.isMobile) return state.isSidenavOpen ? 'overlay-open' : 'overlay-closed';
  if (!state.isSidenavOpen) return 'closed';
  return state.isSidenavDocked ? 'docked' : 'pinned';
}

// spec §9 "Web storage"
/** The Web Storage key under which the layout a user keeps across reloads is stored. */
export const LAYOUT_STORAGE_KEY = 'layout';

/**
 * What of the layout survives a reload: docked or pinned, open or closed, and dark mode.
 * @public
 */
export type PersistedLayout = Pick<LayoutState, 'isSidenavOpen' | 'isSidenavDocked' | 'darkModeOn'>;

const PERSISTED_KEYS = ['isSidenavOpen', 'isSidenavDocked', 'darkModeOn'] as const;

/**
 * The part of `state` that is persisted.
 * @public
 */
export function persistedLayout(state: LayoutState): PersistedLayout {
  return { isSidenavOpen: state.isSidenavOpen, isSidenavDocked: state.isSidenavDocked, darkModeOn: state.darkModeOn };
}

/**
 * Reads a stored layout back: only boolean fields it knows are kept (storage may hold anything).
 * @public
 */
export function readPersistedLayout(stored: unknown): Partial<PersistedLayout> {
  if (!stored || typeof stored !== 'object') return {};
  const out: Partial<PersistedLayout> = {};
  for (const key of PERSISTED_KEYS) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}

// spec §2 "Left padding grows with depth (0 to 4 and over)"
/**
 * The indentation level of a menu item at `depth` (0 = top level).
 * @public
 */
export function menuIndentLevel(depth: number): 0 | 1 | 2 | 3 | 4 {
  return Math.min(4, Math.max(0, Math.floor(depth))) as 0 | 1 | 2 | 3 | 4;
}

// spec §3 `darkModeOn`
/**
 * Whose light or dark a piece follows. The portal's dark mode is stored per
 * site, so an element on a partner's page would carry a visitor's portal preference onto the
 * partner's own light (or dark) design; there the partner chooses:
 * - `light`, `dark`: always that;
 * - `auto`: the visitor's `prefers-color-scheme`;
 * - `portal`: the portal's stored dark mode (what the portal itself, and `<cp-shell>`, follow).
 * @public
 */
export const THEMES = ['light', 'dark', 'auto', 'portal'] as const;
/**
 * One of {@link THEMES}.
 * @public
 */
export type Theme = (typeof THEMES)[number];

/**
 * A theme as written in an attribute (`theme="Dark"`), or `fallback` when it is none of {@link THEMES}.
 * @public
 */
export function parseTheme(value: unknown, fallback: Theme): Theme {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (THEMES as readonly string[]).includes(text) ? (text as Theme) : fallback;
}

/**
 * Whether `theme` draws dark, given the portal's stored dark mode and the visitor's colour-scheme preference.
 * @public
 */
export function isDarkTheme(theme: Theme, context: { portalDark: boolean; prefersDark: boolean }): boolean {
  if (theme === 'dark') return true;
  if (theme === 'auto') return context.prefersDark;
  if (theme === 'portal') return context.portalDark;
  return false;
}

// spec §9 "Sidenav widths"
/** The size in px of one unit of the side navigation's widths (`SIDENAV_WIDTH_UNITS`). */
export const SIDENAV_UNIT_PX = 4;

// spec §9 constants: "Sidenav widths", "Logo max widths", animations
/**
 * The shell's `--cp-*` sizes and durations, taken from the shared constants so the style sheet says
 * none of them twice: sidenav widths (64 and 16 units of 4 px), logo max widths, the slide,
 * menu expand (with its delay and the arrow's rotation) and tab animations.
 * @public
 */
export function shellCustomProperties(): Record<`--cp-${string}`, string> {
  return {
    '--cp-sidenav-width': `${SIDENAV_WIDTH_UNITS.open * SIDENAV_UNIT_PX}px`,
    '--cp-sidenav-collapsed-width': `${SIDENAV_WIDTH_UNITS.collapsed * SIDENAV_UNIT_PX}px`,
    '--cp-logo-max-width': `${LOGO_MAX_WIDTH_PX.logo}px`,
    '--cp-logo-short-max-width': `${LOGO_MAX_WIDTH_PX.short}px`,
    '--cp-slide-duration': `${SLIDE_ANIMATION_MS}ms`,
    '--cp-menu-expand-duration': `${MENU_EXPAND_ANIMATION_MS.duration}ms`,
    '--cp-menu-expand-delay': `${MENU_EXPAND_ANIMATION_MS.delay}ms`,
    '--cp-menu-arrow-duration': `${MENU_EXPAND_ANIMATION_MS.arrow}ms`,
    '--cp-tab-duration': `${TAB_ANIMATION_MS}ms`,
  };
}

// spec §9 "Drag"
/**
 * Whether a pointer that moved `dx` px since it was pressed has started a drag (past 5 px).
 * @public
 */
export function dragHasStarted(dx: number): boolean {
  return Math.abs(dx) > DRAG.startThresholdPx;
}

// spec §9 "Drag"
/**
 * How far to scroll a box of `size` px (starting at `start`) in one frame while the
 * pointer is at `pointer`: -2 within 5 % of its start edge, +2 within 5 % of its end edge, else 0.
 * @public
 */
export function dragAutoScrollStep(pointer: number, start: number, size: number): number {
  if (size <= 0) return 0;
  const edge = size * DRAG.autoScrollEdge;
  if (pointer < start + edge) return -DRAG.scrollStep;
  if (pointer > start + size - edge) return DRAG.scrollStep;
  return 0;
}
