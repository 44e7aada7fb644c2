import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Makes the worker's demo server (FAULTS=on) answer the next `times` requests to `path` (a `*`
 * suffix: a prefix) with `status`: spec §8's errors, reached as a server answer would cause them.
 * Each worker has a server of its own (support/servers.ts), so a rule meets only its own test's calls.
 */
export async function fault(
  request: APIRequestContext,
  rule: { method?: string; path: string; status: number; times?: number; headers?: Record<string, string> },
) {
  const answer = await request.put('/api/test/faults', { data: { times: 1, ...rule } });
  expect(answer.status()).toBe(201);
}

/**
 * Gives back the assistant questions every account of the worker's server asked this minute
 * (FAULTS=on): spec §9's limit of 2 a minute still holds from here, and a test that asks starts
 * from a clean minute instead of waiting for one.
 */
export async function giveBackQuestions(request: APIRequestContext) {
  const answer = await request.delete('/api/test/rate-limits');
  expect(answer.status()).toBe(204);
}

/** A toast in the notifications region (a danger toast is an alert, the others a status). */
export const toast = (page: Page, title: string) => {
  const region = page.getByRole('region', { name: 'Notifications' });
  return region.getByRole('status').or(region.getByRole('alert')).filter({ hasText: title });
};
