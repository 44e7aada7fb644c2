import type { ReportViewStore } from '@cloudportal/core/embed';
import { atom } from 'nanostores';

/** The report view store of each connected `<cp-report>`, so a `<cp-saved-views for>` can bind to it. */
export const $reportStores = atom<ReadonlyMap<HTMLElement, ReportViewStore>>(new Map());

/** Publishes `host`'s store (null: withdraws it). */
export function publishReportStore(host: HTMLElement, store: ReportViewStore | null): void {
  const next = new Map($reportStores.get());
  if (store) next.set(host, store);
  else next.delete(host);
  $reportStores.set(next);
}
