import {
  dataQueryParams,
  seriesQueryParams,
  type DataPage,
  type DataQuery,
  type DataRow,
  type DatasetId,
  type DataSeries,
  type DataSeriesQuery,
  type DataSummary,
} from '../rules/featureData';
import { SERVICE, type Http } from './http';

export type {
  DataCell,
  DataColumn,
  DataColumnType,
  DataFilter,
  DataFilterOp,
  DataKpi,
  DataPage,
  DataQuery,
  DataRow,
  DatasetDef,
  DatasetId,
  DataSeries,
  DataSeriesQuery,
  DataSort,
  DataSummary,
  SeriesGrain,
} from '../rules/featureData';

/**
 * What an action on a row sends.
 * @public
 */
export interface DataActionInput {
  /** Why (a dismissal asks for it), at most 500 characters. */
  reason?: string;
}

// spec §7 "cost-management calls" (the spec does not show their paths: these are our choice)
/**
 * The feature pages' data calls under the portal service:
 * `/services/api-portal-customer/api/data/{dataset}` (the paths are our choice). Every call is the
 * caller's tenant's data; a dataset of a module the tenant has no licence for answers 403.
 * @public
 */
export function createFeatureDataApi(http: Http) {
  const api = (dataset: DatasetId, path = '') => http.service(SERVICE.portal, `/api/data/${dataset}${path}`);
  return {
    /** GET /api/data/{dataset}?offset&limit&sort&q&f — one page of rows, sorted and filtered on the server. */
    page: (dataset: DatasetId, query: DataQuery = {}, signal?: AbortSignal) =>
      http.request<DataPage>('GET', api(dataset), { query: dataQueryParams({ ...query, columns: undefined }), signal }),
    /** GET /api/data/{dataset}/summary?f — the key figures of the tenant's rows that pass `filters` (a page's fixed filters). */
    summary: (dataset: DatasetId, filters: DataQuery['filters'] = [], signal?: AbortSignal) =>
      http.request<DataSummary>('GET', api(dataset, '/summary'), { query: dataQueryParams({ filters }), signal }),
    /** GET /api/data/{dataset}/series?x&y&grain&split&f — a chart's data: the sum of y per x (and per split), summed on the server. */
    series: (dataset: DatasetId, query: DataSeriesQuery, signal?: AbortSignal) =>
      http.request<DataSeries>('GET', api(dataset, '/series'), { query: seriesQueryParams(query), signal }),
    /** GET /api/data/{dataset}/export.csv?sort&q&f&columns — every matching row as CSV (streamed by the server). */
    exportCsv: (dataset: DatasetId, query: DataQuery = {}) =>
      http.request<Blob>('GET', api(dataset, '/export.csv'), {
        query: dataQueryParams({ ...query, offset: undefined, limit: undefined }),
        responseType: 'blob',
      }),
    /** POST /api/data/{dataset}/{id}/{verb} — acts on one row (dismiss, done, restore, acknowledge) and answers the row as it now is. */
    act: (dataset: DatasetId, id: string, verb: string, input: DataActionInput = {}) =>
      http.request<DataRow>('POST', api(dataset, `/${encodeURIComponent(id)}/${encodeURIComponent(verb)}`), {
        json: input,
      }),
  };
}

/**
 * The feature data client.
 * @public
 */
export type FeatureDataApi = ReturnType<typeof createFeatureDataApi>;
