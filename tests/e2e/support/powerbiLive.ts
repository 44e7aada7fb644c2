/**
 * The e2e run's live mode (tests/playwright.config.ts, tests/e2e/powerbi-live.spec.ts,
 * assistant-streaming.spec.ts): a second portal server with the POWERBI_* and ASSISTANT_* variables
 * set, pointed at a fake Power BI REST API and Entra ID token endpoint and a fake OpenAI-compatible
 * model (tests/e2e/support/fake-powerbi-server.mjs over tests/fixtures/fakePowerBi.ts and the
 * server's chatbot/test-openai.ts).
 * Ports follow E2E_PORT (support/servers.ts): worker 0's demo portal on E2E_PORT, the fake Entra keys
 * on +1, the live portal on +2, the fake Power BI on +3, other workers' demo portals after.
 */

import { demoPortalUrl, E2E_PORT } from './servers';

/** The portal server in live Power BI mode. */
export const LIVE_PORTAL_PORT = E2E_PORT + 2;
/** The fake Power BI REST API and token endpoint. */
export const FAKE_POWERBI_PORT = E2E_PORT + 3;

/** Worker 0's demo server: every run has it. */
export const DEMO_PORTAL_URL = demoPortalUrl(0);
export const LIVE_PORTAL_URL = `http://localhost:${LIVE_PORTAL_PORT}`;
export const FAKE_POWERBI_URL = `http://127.0.0.1:${FAKE_POWERBI_PORT}`;

/** The app registration the live server signs in with, and the fake accepts (made up). */
export const POWERBI_APP = {
  tenantId: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
  clientId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  clientSecret: 'e2e~Fake.secret_42',
} as const;

/** POWERBI_WORKSPACE_ID: not the seed's demo workspace, so a call there would be a 404 at the fake. */
export const LIVE_WORKSPACE_ID = 'c0ffee00-0000-4000-8000-0000000e2e01';

/**
 * The lifetime of the fake's embed tokens, in seconds: 4 minutes instead of the 10 the server asks
 * for (Power BI shortens a token when the app's Entra token expires sooner). A cached token with
 * less than 5 minutes left is renewed on `POST {tokenUrl}`, so every refresh in the browser is a new
 * GenerateToken call; an embed answer still reuses a token with more than 2 minutes left.
 */
export const FAKE_EMBED_TOKEN_SECONDS = 240;

/** The environment of the live portal server. */
export const livePortalEnv = (dataDir: string): Record<string, string> => ({
  PORT: String(LIVE_PORTAL_PORT),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DEV_SIGN_IN: 'on',
  // Its two tests embed a report: the hand-written demo rows suffice, and seed in seconds instead of
  // the full data's minute of CPU beside the first tests.
  DEMO_DATA: 'anchors',
  POWERBI_TENANT_ID: POWERBI_APP.tenantId,
  POWERBI_CLIENT_ID: POWERBI_APP.clientId,
  POWERBI_CLIENT_SECRET: POWERBI_APP.clientSecret,
  POWERBI_WORKSPACE_ID: LIVE_WORKSPACE_ID,
  POWERBI_API_URL: FAKE_POWERBI_URL,
  POWERBI_AUTHORITY_HOST: FAKE_POWERBI_URL,
  // Its assistant is an OpenAI-compatible model: the fake one beside the fake Power BI, scripted by
  // assistant-streaming.spec.ts.
  ASSISTANT_PROVIDER: 'openai',
  ASSISTANT_BASE_URL: `${FAKE_POWERBI_URL}/v1`,
  ASSISTANT_API_KEY: 'e2e-model-key',
  ASSISTANT_MODEL: 'gpt-test',
  ASSISTANT_TIMEOUT_MS: '60000',
  ASSISTANT_PRICE_PER_1K_CHARS: '0.5',
});

/** What the fake model received (GET /__e2e/model/requests): streamed or not, closed early (a Stop) or not. */
export type FakeModelLog = { stream: boolean; closedEarly: boolean }[];

/** The environment of the fake Power BI process. */
export const fakePowerBiEnv = (): Record<string, string> => ({
  FAKE_POWERBI_PORT: String(FAKE_POWERBI_PORT),
  FAKE_POWERBI_TENANT_ID: POWERBI_APP.tenantId,
  FAKE_POWERBI_CLIENT_ID: POWERBI_APP.clientId,
  FAKE_POWERBI_CLIENT_SECRET: POWERBI_APP.clientSecret,
  FAKE_POWERBI_WORKSPACE_ID: LIVE_WORKSPACE_ID,
  FAKE_POWERBI_EMBED_TOKEN_SECONDS: String(FAKE_EMBED_TOKEN_SECONDS),
});

/** One call the fake received, as `GET {fake}/__e2e/calls` lists it (no secret, no bearer token). */
export interface FakePowerBiCallSummary {
  kind: 'token' | 'report' | 'pages' | 'generateToken' | 'unknown';
  method: string;
  path: string;
  /** Token calls: the form without `client_secret`; GenerateToken: the JSON body. */
  body?: unknown;
  /** Whether the call carried `Authorization: Bearer {an access token the fake issued}`. */
  bearerIssuedHere?: boolean;
}

/** What the fake answers at `GET /__e2e/calls`. */
export interface FakePowerBiLog {
  calls: FakePowerBiCallSummary[];
  /** The embed tokens GenerateToken issued, in order. */
  embedTokens: string[];
}
