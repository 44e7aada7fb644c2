import { describe, expect, it } from 'vitest';
import { webStorageStrategy } from '../storage/webStorage';
import { createLayoutStore } from './layout';

const memory = () => webStorageStrategy('local', undefined);

describe('layout actions (spec §4)', () => {
  it('opens, closes and toggles the main, settings and video sidenavs', () => {
    const layout = createLayoutStore();
    layout.close('main');
    expect(layout.$layout.get().isSidenavOpen).toBe(false);
    layout.toggle('main');
    expect(layout.$layout.get().isSidenavOpen).toBe(true);
    layout.open('settings');
    expect(layout.$layout.get().isSettingsSidenavOpen).toBe(true);
    layout.toggle('settings');
    expect(layout.$layout.get().isSettingsSidenavOpen).toBe(false);
    layout.close('video');
    expect(layout.$layout.get().isVideoSidenavOpen).toBe(false);
    layout.toggle('video');
    expect(layout.$layout.get().isVideoSidenavOpen).toBe(true);
  });

  it('docks the sidenav and the video sidenav, and sets inner navigation', () => {
    const layout = createLayoutStore();
    layout.dockSidenav(true);
    layout.dockVideoSidenav(true);
    layout.setInnerNavigation(true);
    layout.setVideoMobile(true);
    expect(layout.$layout.get()).toMatchObject({
      isSidenavDocked: true,
      isVideoSidenavDocked: true,
      innerNavigationOpened: true,
      isVideoMobile: true,
    });
  });

  it('given a desktop layout, when it becomes mobile, then the overlay starts closed; back on desktop the sidenav shows', () => {
    const layout = createLayoutStore();
    layout.setMobile(true);
    expect(layout.$layout.get()).toMatchObject({ isMobile: true, isSidenavOpen: false });
    layout.open('main');
    layout.setMobile(false);
    expect(layout.$layout.get()).toMatchObject({ isMobile: false, isSidenavOpen: true });
  });

  it('takes a snapshot and restores it, which clears the snapshot', () => {
    const layout = createLayoutStore();
    layout.dockSidenav(true);
    layout.takeSnapshot();
    expect(layout.$layout.get().layoutStateSnapshot).toMatchObject({ isSidenavDocked: true, isSidenavOpen: true });
    layout.dockSidenav(false);
    layout.close('main');
    layout.restoreSnapshot();
    expect(layout.$layout.get()).toMatchObject({
      isSidenavDocked: true,
      isSidenavOpen: true,
      layoutStateSnapshot: null,
    });
  });

  it('restoring without a snapshot changes nothing', () => {
    const layout = createLayoutStore();
    layout.close('main');
    layout.restoreSnapshot();
    expect(layout.$layout.get().isSidenavOpen).toBe(false);
  });

  it('sets dark mode', () => {
    const layout = createLayoutStore();
    layout.setDarkMode(true);
    expect(layout.$layout.get().darkModeOn).toBe(true);
  });
});

describe('layout persistence (spec §9 web storage)', () => {
  it('given a user who docked the sidenav and chose dark mode, when the page reloads, then both are kept', () => {
    const storage = memory();
    const first = createLayoutStore({}, storage);
    first.dockSidenav(true);
    first.setDarkMode(true);
    first.open('settings');
    const reloaded = createLayoutStore({}, storage);
    expect(reloaded.$layout.get()).toMatchObject({
      isSidenavDocked: true,
      darkModeOn: true,
      isSettingsSidenavOpen: false,
    });
  });

  it('the stored choice wins over the host initial layout', () => {
    const storage = memory();
    storage.set('layout', { darkModeOn: false });
    expect(createLayoutStore({ darkModeOn: true }, storage).$layout.get().darkModeOn).toBe(false);
  });

  it('ignores a stored value it cannot read', () => {
    const storage = memory();
    storage.set('layout', 'broken');
    expect(createLayoutStore({}, storage).$layout.get().isSidenavOpen).toBe(true);
  });
});
