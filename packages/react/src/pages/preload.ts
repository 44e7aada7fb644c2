import { activeTabIndex, type PageDescription } from '@cloudportal/core';
import { portalPageLoaders } from './loaders';

// spec §2 "Dynamic page"
/**
 * The component name a page shows first: a `ui` page's, or on a `tabbed` page the component of the
 * tab that opens (by `tab`, the `?tab=` name, else the first) when it is a
 * `ui` tab; null for a report or error page.
 * @public
 */
export function firstComponentOf(page: PageDescription, tab?: string | null): string | null {
  if (page.type === 'ui') return page.componentClass;
  if (page.type !== 'tabbed' || !page.contents.length) return null;
  const opened = page.contents[activeTabIndex(page.contents, { query: tab })];
  return opened?.type === 'ui' ? opened.componentClass : null;
}

/**
 * Asks the code of the portal feature page that `page` shows first (one wave of code for
 * the portal's routes), without rendering it: a page's first script calls it with the page
 * description its early refresh brought, so the page's chunks download beside the portal's own code
 * instead of after it has run. Free of React; the page later renders from the same modules. Answers
 * whether a page's code was asked. A failed download is not an error here: the page, when shown,
 * loads it again and says so if it cannot.
 * @public
 */
export function preloadPortalPage(page: PageDescription, tab?: string | null): boolean {
  const name = firstComponentOf(page, tab);
  const load = name ? portalPageLoaders().get(name) : undefined;
  if (!load) return false;
  load().catch(() => undefined);
  return true;
}
