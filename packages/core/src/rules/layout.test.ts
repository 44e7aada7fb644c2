import { describe, expect, it } from 'vitest';
import {
  DRAG,
  LOGO_MAX_WIDTH_PX,
  MENU_EXPAND_ANIMATION_MS,
  SCROLLBAR,
  SIDENAV_WIDTH_UNITS,
  TAB_ANIMATION_MS,
} from './constants';
import {
  DEFAULT_LAYOUT,
  dragAutoScrollStep,
  dragHasStarted,
  isDarkTheme,
  menuIndentLevel,
  parseTheme,
  persistedLayout,
  readPersistedLayout,
  shellCustomProperties,
  sidenavMode,
} from './layout';

describe('layout state (spec §3)', () => {
  it('has the spec defaults: sidenav open, video sidenav open, settings closed, dark mode off, no snapshot', () => {
    expect(DEFAULT_LAYOUT).toEqual({
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
  });
});

describe('sidenavMode (spec §2 "Side navigation")', () => {
  it.each([
    [{ isMobile: true, isSidenavOpen: true, isSidenavDocked: false }, 'overlay-open'],
    [{ isMobile: true, isSidenavOpen: false, isSidenavDocked: true }, 'overlay-closed'],
    [{ isMobile: false, isSidenavOpen: true, isSidenavDocked: false }, 'pinned'],
    [{ isMobile: false, isSidenavOpen: true, isSidenavDocked: true }, 'docked'],
    [{ isMobile: false, isSidenavOpen: false, isSidenavDocked: false }, 'closed'],
    [{ isMobile: false, isSidenavOpen: false, isSidenavDocked: true }, 'closed'],
  ] as const)('given %o, the sidenav is %s', (state, mode) => {
    expect(sidenavMode(state)).toBe(mode);
  });
});

describe('persisted layout', () => {
  it('keeps docked or pinned, open or closed, and dark mode — nothing else', () => {
    expect(
      persistedLayout({
        ...DEFAULT_LAYOUT,
        isSidenavDocked: true,
        darkModeOn: true,
        isMobile: true,
        isSettingsSidenavOpen: true,
      }),
    ).toEqual({
      isSidenavOpen: true,
      isSidenavDocked: true,
      darkModeOn: true,
    });
  });

  it('reads back only the boolean fields it knows', () => {
    expect(readPersistedLayout({ isSidenavDocked: true, darkModeOn: 'yes', isMobile: true, extra: 1 })).toEqual({
      isSidenavDocked: true,
    });
    expect(readPersistedLayout(null)).toEqual({});
    expect(readPersistedLayout('dark')).toEqual({});
  });
});

describe('menuIndentLevel (spec §2 "Left padding grows with depth (0 to 4 and over)")', () => {
  it.each([
    [0, 0],
    [1, 1],
    [3, 3],
    [4, 4],
    [7, 4],
    [-1, 0],
  ])('depth %i indents at level %i', (depth, level) => {
    expect(menuIndentLevel(depth)).toBe(level);
  });
});

describe("an element's theme is the host page's choice, not the portal's stored preference", () => {
  it.each([
    ['light', { portalDark: true, prefersDark: true }, false],
    ['dark', { portalDark: false, prefersDark: false }, true],
    ['auto', { portalDark: false, prefersDark: true }, true],
    ['auto', { portalDark: true, prefersDark: false }, false],
    ['portal', { portalDark: true, prefersDark: false }, true],
    ['portal', { portalDark: false, prefersDark: true }, false],
  ] as const)('given theme %s and %o, then dark is %s', (theme, context, dark) => {
    expect(isDarkTheme(theme, context)).toBe(dark);
  });

  it('reads an attribute case-insensitively and falls back on anything else', () => {
    expect(parseTheme(' Dark ', 'light')).toBe('dark');
    expect(parseTheme('AUTO', 'light')).toBe('auto');
    expect(parseTheme('blue', 'light')).toBe('light');
    expect(parseTheme(undefined, 'portal')).toBe('portal');
    expect(parseTheme(null, 'light')).toBe('light');
  });
});

describe('spec §9 constants the shell draws with', () => {
  it('gives the sidenav widths in 4 px units (64 open, 16 collapsed), the logo widths and the animation durations', () => {
    expect(SIDENAV_WIDTH_UNITS).toEqual({ open: 64, collapsed: 16 });
    expect(shellCustomProperties()).toEqual({
      '--cp-sidenav-width': '256px',
      '--cp-sidenav-collapsed-width': '64px',
      '--cp-logo-max-width': `${LOGO_MAX_WIDTH_PX.logo}px`,
      '--cp-logo-short-max-width': `${LOGO_MAX_WIDTH_PX.short}px`,
      '--cp-slide-duration': '400ms',
      '--cp-menu-expand-duration': `${MENU_EXPAND_ANIMATION_MS.duration}ms`,
      '--cp-menu-expand-delay': '200ms',
      '--cp-menu-arrow-duration': '225ms',
      '--cp-tab-duration': `${TAB_ANIMATION_MS}ms`,
    });
  });

  it('hides the scrollbar 1300 ms after the last scroll, with dark handles', () => {
    expect(SCROLLBAR).toEqual({ autoHideMs: 1300, theme: 'os-theme-dark' });
  });
});

describe('drag (spec §9 "Drag: start threshold 5 px, auto-scroll edge 5%, scroll step 2")', () => {
  it('starts a drag only past 5 px either way', () => {
    expect(DRAG.startThresholdPx).toBe(5);
    expect(dragHasStarted(0)).toBe(false);
    expect(dragHasStarted(5)).toBe(false);
    expect(dragHasStarted(-5)).toBe(false);
    expect(dragHasStarted(6)).toBe(true);
    expect(dragHasStarted(-6)).toBe(true);
  });

  it('scrolls 2 px a frame toward the edge the pointer is within 5 % of, and not in between', () => {
    // A box from x = 100, 1,000 px wide: its edge zones are 100–150 and 1,050–1,100.
    expect(dragAutoScrollStep(120, 100, 1000)).toBe(-2);
    expect(dragAutoScrollStep(149, 100, 1000)).toBe(-2);
    expect(dragAutoScrollStep(150, 100, 1000)).toBe(0);
    expect(dragAutoScrollStep(600, 100, 1000)).toBe(0);
    expect(dragAutoScrollStep(1050, 100, 1000)).toBe(0);
    expect(dragAutoScrollStep(1080, 100, 1000)).toBe(2);
    expect(dragAutoScrollStep(1080, 100, 0)).toBe(0);
  });
});
