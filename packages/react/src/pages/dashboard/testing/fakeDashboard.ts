import { DATASETS, pseudoLocalize, type DatasetId } from '@cloudportal/core';
import { inRequestLocale, signedInRoutes, type FakeAnswer } from '../../../testing/fakeApi';

const PORTAL = '/services/api-portal-customer/api';

const visited = (
  name: string,
  displayName: string,
  count: number,
  minutesAgo: number,
  tabName: string | null = null,
) => ({
  uuid: `uuid-${name}`,
  name,
  displayName,
  description: '',
  icon: 'page',
  url: name,
  tabName,
  lastAccessed: new Date(Date.UTC(2026, 0, 5, 10, 0) - minutesAgo * 60_000).toISOString(),
  count,
});

/** Visited pages as the server answers them in the pseudo-locale. */
const pseudoPages = (json: unknown) =>
  (json as ReturnType<typeof visited>[]).map((p) => ({ ...p, displayName: pseudoLocalize(p.displayName) }));

/** Options of {@link dashboardRoutes}. */
export interface FakeDashboardOptions {
  /** Datasets the tenant is not licensed for (their summaries answer 403). @default none */
  unlicensed?: readonly DatasetId[];
  /** Every dashboard call answers this status instead. */
  failWith?: number;
}

/** The calls a dashboard makes, as the reference server answers them for Contoso's admin. */
export function dashboardRoutes(options: FakeDashboardOptions = {}): Record<string, FakeAnswer> {
  const routes: Record<string, FakeAnswer> = {
    // The pages' names in the request's locale, as the server answers them.
    [`GET ${PORTAL}/portal/menu/last-accessed`]: inRequestLocale(
      {
        json: [
          visited('azure-subscriptions', 'Subscriptions', 3, 5),
          visited('recommendations', 'Recommendations', 7, 30, 'Azure'),
        ],
      },
      pseudoPages,
    ),
    [`GET ${PORTAL}/portal/menu/top-accessed`]: inRequestLocale(
      {
        json: [
          visited('recommendations', 'Recommendations', 7, 30, 'Azure'),
          visited('azure-subscriptions', 'Subscriptions', 3, 5),
          visited('m365-users', 'Users', 1, 90),
        ],
      },
      pseudoPages,
    ),
    [`GET ${PORTAL}/dashboards/custom`]: {
      json: [
        {
          id: 'd1',
          name: 'Finance weekly',
          description: 'Spend, budgets and savings for the Monday review.',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    },
    [`GET ${PORTAL}/reports/custom`]: {
      json: [
        {
          id: 'r1',
          name: 'Cost by cost centre',
          description: 'Azure spend split by the cost-centre tag.',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    },
  };
  for (const dataset of Object.keys(DATASETS) as DatasetId[]) {
    routes[`GET ${PORTAL}/data/${dataset}/summary`] = options.unlicensed?.includes(dataset)
      ? { status: 403, json: { message: 'Your tenant is not licensed for this data.' } }
      : {
          json: {
            currency: 'USD',
            kpis: DATASETS[dataset].kpis.map((k, i) => ({
              ...k,
              value: k.type === 'percent' ? 0.125 : (i + 1) * 1234.5,
            })),
          },
        };
  }
  if (options.failWith)
    for (const key of Object.keys(routes))
      routes[key] = { status: options.failWith, json: { message: 'The service is unavailable.' } };
  return signedInRoutes(routes);
}
