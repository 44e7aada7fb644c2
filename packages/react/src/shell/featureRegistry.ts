import type { PageDescription, PageTab } from '@cloudportal/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * What a feature page receives from the dynamic page.
 * @public
 */
export interface FeatureComponentProps {
  // spec §2 "A loader opens feature pages by component name"
  /** The component name it was opened by. */
  name: string;
  /** The page description it is part of. */
  page: PageDescription;
  /** The tab it fills on a tabbed page; null on a `ui` page. */
  tab: PageTab | null;
}

/**
 * Loads a feature page's module; its default export is the page.
 * @public
 */
export type FeaturePageLoader = () => Promise<{ default: ComponentType<FeatureComponentProps> }>;

// The chat assistant page is the shell's own (spec §2 "the chat assistant"); every other name is the host's to register.
const loaders = new Map<string, FeaturePageLoader>([['chat-assistant', () => import('./ChatAssistantPage')]]);
const components = new Map<string, LazyExoticComponent<ComponentType<FeatureComponentProps>>>();

/**
 * Registers the page a component name opens, loaded lazily the first time it is shown:
 * `registerFeaturePage('subscriptions', () => import('./pages/Subscriptions'))`. Registering a name
 * again replaces its page.
 * @public
 */
export function registerFeaturePage(name: string, load: FeaturePageLoader): void {
  loaders.set(name, load);
  components.delete(name);
}

/**
 * Whether a page is registered for `name`.
 * @public
 */
export function hasFeaturePage(name: string): boolean {
  return loaders.has(name);
}

/**
 * The lazy component of `name` (one per name, so React keeps it mounted across renders), or null.
 * @public
 */
export function featurePageComponent(name: string): LazyExoticComponent<ComponentType<FeatureComponentProps>> | null {
  const load = loaders.get(name);
  if (!load) return null;
  let component = components.get(name);
  if (!component) components.set(name, (component = lazy(load)));
  return component;
}
