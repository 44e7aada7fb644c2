import type { MenuNode, RelatedLink } from '@cloudportal/core';
import { breadcrumbOf, filterMenu, menuMap } from '@cloudportal/core/rules';
import type { Database } from '../db/database';
import { loadCatalog } from '../portal/catalog';

/** Turns menu item names into related links (spec §3 "Related link") the viewer can open. */
export type LinkResolver = (pageNames: readonly string[], features: readonly string[]) => Promise<RelatedLink[]>;

/**
 * Related links point at real menu pages: `url` is the item's route below the content prefix (its
 * name, which for every page the assistant links is also its page id), `path` its place in the
 * menu ('Azure / Cost Analysis'), `name` and `description` its own. A page the viewer's features
 * hide (spec §6) is left out, and so is a name the menu does not hold; each page once, in order.
 */
export function menuLinkResolver(db: Database): LinkResolver {
  return async (pageNames, features) => {
    const tree = filterMenu((await loadCatalog(db)).tree as MenuNode[], { features, personas: [], preview: false });
    const byName = menuMap(tree);
    const links: RelatedLink[] = [];
    for (const name of new Set(pageNames)) {
      const trail = breadcrumbOf(tree, name);
      const item = trail?.[trail.length - 1];
      if (!trail || !item || item.name !== name || !item.url) continue;
      links.push({
        url: item.name,
        path: trail.map((step) => step.displayName).join(' / '),
        name: item.displayName,
        description: byName.get(name)?.description ?? '',
      });
    }
    return links;
  };
}
