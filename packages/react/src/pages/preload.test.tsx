import type { PageDescription } from '@cloudportal/core';
import { describe, expect, it, vi } from 'vitest';
import { page as portalPage, tab } from '../shell/testing/fakePortal';
import { firstComponentOf, preloadPortalPage } from './preload';

const loaded = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('./loaders', () => ({
  portalPageLoaders: () =>
    new Map(
      ['azure-subscriptions', 'azure-budgets', 'release-notes'].map((name) => [
        name,
        () => {
          loaded.names.push(name);
          return Promise.reject(new Error('offline'));
        },
      ]),
    ),
}));

const page = (over: Partial<PageDescription>) => portalPage('p', over);
const tabbed = page({
  type: 'tabbed',
  contents: [tab('Overview', { type: 'report', reportId: 'r1' }), tab('Budgets', { componentClass: 'azure-budgets' })],
});

describe('the feature page a route shows first (issue 42 §2, spec §2 "Dynamic page")', () => {
  it('given a ui page, then its component', () => {
    expect(firstComponentOf(page({ componentClass: 'azure-subscriptions' }))).toBe('azure-subscriptions');
  });

  it('given a tabbed page, then the component of the tab ?tab= names (any case), else of the first tab when it shows one', () => {
    expect(firstComponentOf(tabbed, 'budgets')).toBe('azure-budgets');
    expect(firstComponentOf(tabbed, null)).toBeNull();
    expect(firstComponentOf(tabbed, 'Nowhere')).toBeNull();
    expect(firstComponentOf(page({ type: 'tabbed', contents: [] }))).toBeNull();
  });

  it('given a report or an error page, then none', () => {
    expect(firstComponentOf(page({ type: 'pbiReport', reportId: 'r1' }))).toBeNull();
    expect(firstComponentOf(page({ type: 'error', error: 'Page not found' }))).toBeNull();
  });
});

describe("asking a page's code before the portal has rendered (issue 42 §2)", () => {
  it('given a portal feature page, then its loader is called and a failed download is not an error here', async () => {
    loaded.names.length = 0;
    expect(preloadPortalPage(page({ componentClass: 'azure-subscriptions' }))).toBe(true);
    expect(preloadPortalPage(tabbed, 'Budgets')).toBe(true);
    await Promise.resolve();
    expect(loaded.names).toEqual(['azure-subscriptions', 'azure-budgets']);
  });

  it('given a component no portal page has, or a page without one, then nothing is asked', () => {
    loaded.names.length = 0;
    expect(preloadPortalPage(page({ componentClass: 'partner-widget' }))).toBe(false);
    expect(preloadPortalPage(tabbed)).toBe(false);
    expect(loaded.names).toEqual([]);
  });
});
