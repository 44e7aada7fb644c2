import { ApiError } from './errors';
import { SERVICE, type Http } from './http';

/**
 * A GraphQL error as the server reports it.
 * @public
 */
export interface GraphQLErrorEntry {
  /** What went wrong. */
  message: string;
  /** Where in the answer, as GraphQL reports it. */
  path?: readonly (string | number)[];
}

/**
 * Thrown when the GraphQL answer carries top-level errors (bad query, unauthenticated…).
 * @public
 */
export class GraphQLError extends Error {
  /** Always `'GraphQLError'`. */
  override readonly name = 'GraphQLError';
  /** An error for the answer's `errors`; its message joins theirs. */
  constructor(
    /** The answer's errors. */
    readonly errors: readonly GraphQLErrorEntry[],
  ) {
    super(errors.map((e) => e.message).join('; ') || 'GraphQL error');
  }
}

/** The bookmarks GraphQL endpoint (issue: `POST /services/api-portal-customer/graphql`). */
export const GRAPHQL_PATH = '/graphql';

/**
 * One GraphQL operation over the http helper; returns `data` or throws. No client library needed.
 * @public
 */
export async function graphql<T>(
  http: Http,
  query: string,
  variables: Readonly<Record<string, unknown>> = {},
): Promise<T> {
  const answer = await http.request<{ data?: T | null; errors?: GraphQLErrorEntry[] }>(
    'POST',
    http.service(SERVICE.portal, GRAPHQL_PATH),
    {
      json: { query, variables },
    },
  );
  if (answer?.errors?.length) throw new GraphQLError(answer.errors);
  if (answer?.data == null) throw new ApiError(200, answer);
  return answer.data;
}
