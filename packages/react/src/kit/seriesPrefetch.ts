import {
  createFeatureDataApi,
  seriesQueryParams,
  type DatasetId,
  type DataSeries,
  type DataSeriesQuery,
  type PortalClient,
} from '@cloudportal/core';

// The sums a dataset page's charts show, asked for by the page as it shows: the charts' code loads
// lazily, and their data need not wait for it — it arrives together with the key figures and rows.
const started = new WeakMap<PortalClient, Map<string, Promise<DataSeries>>>();

const keyOf = (dataset: DatasetId, query: DataSeriesQuery) => JSON.stringify([dataset, seriesQueryParams(query)]);

/**
 * Asks for a chart's sums ahead of the chart (once per client, dataset and query while unclaimed),
 * and answers a function that forgets the request when the page goes before its chart claims it.
 * @internal
 */
export function prefetchSeries(client: PortalClient, dataset: DatasetId, query: DataSeriesQuery): () => void {
  const pending = started.get(client) ?? new Map<string, Promise<DataSeries>>();
  started.set(client, pending);
  const key = keyOf(dataset, query);
  if (!pending.has(key)) {
    const request = createFeatureDataApi(client.http).series(dataset, query);
    request.catch(() => undefined); // claimed by the chart, which shows the failure and Retry
    pending.set(key, request);
  }
  return () => pending.delete(key);
}

/**
 * The request {@link prefetchSeries} started for this query, taken once (a Retry asks again), or
 * `undefined` when none was.
 * @internal
 */
export function claimSeries(client: PortalClient, dataset: DatasetId, query: DataSeriesQuery) {
  const pending = started.get(client);
  const key = keyOf(dataset, query);
  const request = pending?.get(key);
  pending?.delete(key);
  return request;
}
