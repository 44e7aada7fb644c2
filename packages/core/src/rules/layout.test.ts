import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, isDarkTheme, menuIndentLevel, parseTheme, persistedLayout, readPersistedLayout, sidenavMode } from './layout';

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
    expect(persistedLayout({ ...DEFAULT_LAYOUT, isSidenavDocked: true, darkModeOn: true, isMobile: true, isSettingsSidenavOpen: true })).toEqual({
      isSidenavOpen: true,
      isSidenavDocked: true,
      darkModeOn: true,
    });
  });

  it('reads back only the boolean fields it knows', () => {
    expect(readPersistedLayout({ isSidenavDocked: true, darkModeOn: 'yes', isMobile: true, extra: 1 })).toEqual({ isSidenavDocked: true });
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
