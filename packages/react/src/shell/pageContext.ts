import { portalNavigation, type DataRow, type DatasetId } from '@cloudportal/core';
import { createContext, useContext } from 'react';
import { usePortalClient } from '../provider/PortalProvider';

/**
 * What a page tells the one embedding it (`<FeaturePage>`, `<cp-page>`): a grid page that it will
 * count its rows, then how many it has, so the page's `loaded` event carries them.
 * @public
 */
export interface PageSignals {
  /** The page has a grid: its `loaded` waits for the grid's first rows. Called as the page mounts. */
  expectRows(): void;
  /** The grid's first answer: `total` rows (null when it failed or was refused). */
  rows(total: number | null): void;
  /** The page's module has loaded and its first render is on screen. */
  shown(): void;
}

const PageSignalsContext = createContext<PageSignals | null>(null);

/** Provides {@link PageSignals} to the page below. */
export const PageSignalsProvider = PageSignalsContext.Provider;

/**
 * The signals of the page embedding this one, or null (the portal's own dynamic page).
 * @public
 */
export function usePageSignals(): PageSignals | null {
  return useContext(PageSignalsContext);
}

/**
 * A visitor opened a row of a page's grid (Enter on it, or a double click): the dataset and the row.
 * @public
 */
export interface RowActivatedDetail {
  /** The dataset the row is of. */
  dataset: DatasetId;
  /** The row, as the data service answered it. */
  row: DataRow;
}

/** What a grid row the visitor opens does: the embedding's handler, or nothing. */
const PageRowActivateContext = createContext<((detail: RowActivatedDetail) => void) | null>(null);

/** Provides what opening a grid row does in the page below (an embedded page raises an event). */
export const PageRowActivateProvider = PageRowActivateContext.Provider;

/** The embedding's handler of a grid row the visitor opens, or null (rows do not open). */
export function usePageRowActivate(): ((detail: RowActivatedDetail) => void) | null {
  return useContext(PageRowActivateContext);
}

/** Where a link inside a page goes: the embedding's handler, else the portal's router. */
const PageNavigateContext = createContext<((path: string) => void) | null>(null);

/** Provides the navigation of links inside the page below (an embedded page raises an event instead). */
export const PageNavigateProvider = PageNavigateContext.Provider;

/**
 * Opens a portal path from inside a page: the embedding's handler, else `client.navigate`.
 * @public
 */
export function usePageNavigate(): (path: string) => void {
  const client = usePortalClient();
  return useContext(PageNavigateContext) ?? ((path) => client.navigate(path));
}

/** The client's shared navigation (its menu and content prefix), without the rest of the shell. */
export function usePortalNavigation(): ReturnType<typeof portalNavigation> {
  return portalNavigation(usePortalClient());
}
