import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Route } from '@playwright/test';
import { importJWK, SignJWT, type JWK } from 'jose';

/**
 * A fake Microsoft Entra ID at the network edge (TOOLCHAIN.md "Microsoft Entra ID"): the real
 * @azure/msal-browser runs in the page, and every request it makes to login.microsoftonline.com is
 * answered here through `context.route` (popups and iframes included). Identity tokens are signed
 * with the test key whose public half the e2e server trusts (ENTRA_JWKS_URL).
 */

/** The client id and tenant the e2e server is configured with (tests/playwright.config.ts). */
export const ENTRA_CLIENT_ID = '3f4e5d6c-7b8a-4c9d-8e1f-2a3b4c5d6e7f';
export const CONTOSO_TID = '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01';
/** ada@contoso.example's object id (packages/server/src/seed/tenants.ts). */
const ADA = { oid: '0b7e5c1a-0000-4000-8000-00000000a0a1', upn: 'ada@contoso.example', name: 'Ada Lovelace' };

const key: JWK = JSON.parse(readFileSync(new URL('./fake-entra-test-key.json', import.meta.url), 'utf8'));
const signingKey = importJWK(key, 'RS256');
const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** What the fake saw and how it behaves; a test flips the switches to reach each flow. */
export interface FakeEntra {
  /** Every request, as `METHOD path?prompt=…` (prompt only when present) or `POST token grant_type`. */
  readonly log: string[];
  /** Whether the user has a session at the identity provider (a cookie at Entra ID, in life). */
  session: boolean;
  /** Refresh-token grants answer `invalid_grant` (the refresh token expired or was revoked). */
  refuseRefresh: boolean;
  /** `prompt=none` answers `interaction_required` even with a session (e.g. new consent needed). */
  requireInteraction: boolean;
}

async function idToken(nonce: string | undefined): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    tid: CONTOSO_TID,
    oid: ADA.oid,
    preferred_username: ADA.upn,
    name: ADA.name,
    ver: '2.0',
    ...(nonce ? { nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(`https://login.microsoftonline.com/${CONTOSO_TID}/v2.0`)
    .setAudience(ENTRA_CLIENT_ID)
    .setSubject(`sub-${ADA.oid}`)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + 3600)
    .sign(await signingKey);
}

/**
 * Ada's identity token as MSAL would hand it over after signing in with the fake (for a partner's
 * page, issue 38 §2, whose token provider passes it on: `{ idToken }`).
 */
export const entraIdToken = (): Promise<string> => idToken(undefined);

/** Routes https://login.microsoftonline.com/** of the context to the fake; returns its state. */
export async function fakeEntra(context: BrowserContext): Promise<FakeEntra> {
  const state: FakeEntra = { log: [], session: false, refuseRefresh: false, requireInteraction: false };
  const codes = new Map<string, { nonce?: string; challenge: string }>();
  const clientInfo = b64url(JSON.stringify({ uid: ADA.oid, utid: CONTOSO_TID }));

  const redirect = (route: Route, to: string) =>
    route.fulfill({ status: 302, headers: { location: to, 'cache-control': 'no-store' } });

  await context.route('https://login.microsoftonline.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;

    if (path.endsWith('/oauth2/v2.0/authorize')) {
      const q = url.searchParams;
      const prompt = q.get('prompt');
      state.log.push(`GET authorize${prompt ? `?prompt=${prompt}` : ''}`);
      const back = new URL(q.get('redirect_uri')!);
      const answer = new URLSearchParams({ state: q.get('state')! });
      if (prompt === 'none' && (!state.session || state.requireInteraction)) {
        answer.set('error', state.requireInteraction ? 'interaction_required' : 'login_required');
        answer.set(
          'error_description',
          state.requireInteraction ? 'AADSTS50076: interaction is required.' : 'AADSTS50058: no user is signed in.',
        );
      } else {
        // An interactive request signs ada in at once (the fake has no password page).
        state.session = true;
        state.requireInteraction = false;
        const code = randomUUID();
        codes.set(code, { nonce: q.get('nonce') ?? undefined, challenge: q.get('code_challenge') ?? '' });
        answer.set('code', code);
        answer.set('client_info', clientInfo);
        answer.set('session_state', randomUUID());
      }
      return redirect(route, `${back.origin}${back.pathname}#${answer.toString()}`);
    }

    if (path.endsWith('/oauth2/v2.0/token')) {
      const form = new URLSearchParams(request.postData() ?? '');
      const grant = form.get('grant_type');
      state.log.push(`POST token ${grant}`);
      const cors = {
        'access-control-allow-origin': request.headers()['origin'] ?? '*',
        'content-type': 'application/json',
      };
      let nonce: string | undefined;
      if (grant === 'authorization_code') {
        const issued = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!issued || b64url(createHash('sha256').update(verifier).digest()) !== issued.challenge) {
          return route.fulfill({
            status: 400,
            headers: cors,
            body: JSON.stringify({ error: 'invalid_grant', error_description: 'AADSTS70008: the code is invalid.' }),
          });
        }
        nonce = issued.nonce;
      } else if (grant === 'refresh_token' && state.refuseRefresh) {
        return route.fulfill({
          status: 400,
          headers: cors,
          body: JSON.stringify({
            error: 'invalid_grant',
            error_description: 'AADSTS700082: the refresh token has expired.',
            suberror: 'bad_token',
          }),
        });
      }
      return route.fulfill({
        status: 200,
        headers: cors,
        body: JSON.stringify({
          token_type: 'Bearer',
          scope: 'openid profile email',
          expires_in: 3600,
          ext_expires_in: 3600,
          access_token: b64url(randomUUID()),
          refresh_token: b64url(randomUUID()),
          id_token: await idToken(nonce),
          client_info: clientInfo,
        }),
      });
    }

    if (path.endsWith('/oauth2/v2.0/logout')) {
      state.log.push('GET logout');
      state.session = false;
      return redirect(route, url.searchParams.get('post_logout_redirect_uri')!);
    }

    state.log.push(`${request.method()} ${path} (unexpected)`);
    return route.fulfill({ status: 404, body: 'not part of the fake' });
  });
  return state;
}
