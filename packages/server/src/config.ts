import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CURRENCY } from '@cloudportal/core/rules';

/** The server's configuration, read from the environment once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; when unset the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string;
  /**
   * Whether hot statements are prepared on PostgreSQL under a name, once per connection
   * (DATABASE_PREPARED_STATEMENTS=on|off). Off for a connection pooler in transaction mode that
   * does not keep named statements across transactions (PgBouncer before 1.21): every statement is
   * then sent unnamed. @default true
   */
  preparedStatements: boolean;
  /** Folder of the embedded database, or `memory://` for an in-memory one (tests). */
  dataDir: string;
  /** The built reference host (index.html and assets). */
  hostDist: string;
  /** The plain partner page, served at /partner/. */
  partnerDir: string;
  /** The built elements package; its standalone bundle is served at /sdk/ (the latest build). */
  sdkDir: string;
  /** This build's releases of the standalone bundle (`{version}/` folders with their integrity.json). */
  sdkBuildReleases: string;
  /**
   * The deployment's folder of releases, served at /sdk/{version}/ (SDK_RELEASES_DIR): this build's
   * release is added at start, earlier deployments' stay. @default the build's own releases
   */
  sdkReleasesDir: string;
  /** How many of the newest releases the folder keeps (SDK_RELEASES_KEEP); 0 keeps every one. @default 0 */
  sdkReleasesKeep: number;
  /** The demo guidance videos and their catalogue (`videos.json`), served at /videos/. */
  videosDir: string;
  /**
   * Origins of the external video hosts a deployment's guidance videos (`assistanceSrc`) are on
   * (GUIDANCE_VIDEO_ORIGINS), added to the portal's `frame-src`. @default none: the demo's videos are the server's own
   */
  guidanceVideoOrigins: string[];
  logLevel: string;
  /** App token lifetime in seconds (APP_TOKEN_TTL). */
  appTokenTtl: number;
  /**
   * Shared app-token secret (APP_TOKEN_SECRET). Required with DATABASE_URL (every instance over one
   * PostgreSQL must sign with the same secret); with PGlite, when unset, one is generated and kept in the database.
   */
  appTokenSecret?: string;
  /** Refresh credential lifetime in seconds (REFRESH_TOKEN_TTL). */
  refreshTokenTtl: number;
  /** Whether the dev identity issuer (demo accounts) is on: DEV_SIGN_IN, off when Entra ID is configured. */
  devSignIn: boolean;
  /** Entra ID sign-in (MSAL): the app's client id, authority and the JWKS that verifies its tokens. */
  entra?: { clientId: string; authority: string; jwksUrl: string };
  /**
   * Fault injection for end-to-end tests (FAULTS=on): `/api/test/faults` makes chosen routes answer
   * a chosen status or delay. Off unless asked for; never on in production.
   */
  faults: boolean;
  /**
   * Where the demo reports' frame (the Power BI embed emulator) is served (POWERBI_EMULATOR_SITE):
   * `twin`, on the other loopback name of the origin the portal was opened on (`localhost` ↔
   * `127.0.0.1`, same port) — a site of its own, as Power BI's frame is, so the browser runs it in a
   * process of its own — and on the portal's origin for any other address; `own`, always on the
   * portal's origin. @default 'twin'
   */
  emulatorSite: 'twin' | 'own';
  /**
   * How much demo data `npm start` seeds (DEMO_DATA): `full`, the anchors plus the generated long
   * tail at realistic scale (a minute on embedded PGlite); `anchors`, only the hand-written rows the
   * assistant's answers are written around (seconds; each dataset page shows a few rows). @default 'full'
   */
  demoData: 'full' | 'anchors';
  /** The assistant of the chatbot service (spec §7 "Chatbot service"). */
  assistant: AssistantConfig;
  /**
   * A real Power BI workspace (the POWERBI_* variables): reports are embedded with Power BI's own
   * embed URLs and embed tokens. @default undefined: the demo reports, embedded in the server's own
   * Power BI embed emulator with self-signed tokens
   */
  powerBi?: PowerBiConfig;
  /**
   * How long a stopping server (SIGTERM, SIGINT) lets in-flight requests finish before it cuts them,
   * in milliseconds (SHUTDOWN_GRACE_MS). @default 10000
   */
  shutdownGraceMs: number;
  /**
   * How long a server told to stop by SIGTERM keeps accepting and answering before it closes its
   * listener, in milliseconds (SHUTDOWN_DRAIN_MS): its /readyz answers 503 at once, every answer
   * closes its connection, and a load balancer's health check has this long to take the instance out
   * before anything is refused. SIGINT (Ctrl-C) does not wait. @default 5000
   */
  shutdownDrainMs: number;
  /**
   * The bearer token `GET /metrics` requires (METRICS_TOKEN). @default undefined: /metrics answers 404
   */
  metricsToken?: string;
  /**
   * Development mode (NODE_ENV is not `production`): a connected site may list `http://localhost`
   * and `http://127.0.0.1` origins (issue 38 §1). @default true unless NODE_ENV=production
   */
  development: boolean;
  /**
   * Requests a minute each connected site's visitors may send to one server instance, all visitors
   * together (SITE_RATE_LIMIT), besides the assistant's per-user limit. @default 600
   */
  siteRateLimitPerMinute: number;
}

/**
 * A real Power BI workspace, reached as an app-only service principal ("app owns data"): an Entra
 * ID app registration's client credentials, and the workspace holding the product's reports.
 */
export interface PowerBiConfig {
  /** The Entra ID tenant of the app registration: a GUID or a domain such as contoso.onmicrosoft.com (POWERBI_TENANT_ID). */
  tenantId: string;
  /** The app registration's application (client) id, a GUID (POWERBI_CLIENT_ID). */
  clientId: string;
  /**
   * The app registration's client secret (POWERBI_CLIENT_SECRET). Not enumerable, so printing or
   * serialising the configuration never shows it; read it by name.
   */
  readonly clientSecret: string;
  /** The workspace (group) id of the product's reports, a GUID (POWERBI_WORKSPACE_ID); also custom reports' default. */
  workspaceId: string;
  /** The Power BI REST API origin (POWERBI_API_URL). @default 'https://api.powerbi.com' */
  apiUrl: string;
  /** The Entra ID authority host the token is asked from (POWERBI_AUTHORITY_HOST). @default 'https://login.microsoftonline.com' */
  authorityHost: string;
}

/** The four variables that connect a real Power BI workspace: all of them, or none. */
export const POWERBI_REQUIRED_VARIABLES = [
  'POWERBI_TENANT_ID',
  'POWERBI_CLIENT_ID',
  'POWERBI_CLIENT_SECRET',
  'POWERBI_WORKSPACE_ID',
] as const;
/** The default of POWERBI_API_URL. */
export const DEFAULT_POWERBI_API_URL = 'https://api.powerbi.com';
/** The default of POWERBI_AUTHORITY_HOST. */
export const DEFAULT_POWERBI_AUTHORITY_HOST = 'https://login.microsoftonline.com';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An Entra tenant: its GUID or one of its verified domains. */
const TENANT_DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * Reads an origin-only URL variable of the Power BI connection: https, or http to this machine
 * (127.0.0.1, localhost, [::1]) so tests can point it at a local fake; no credentials, path, query or
 * fragment. The value is not echoed (a URL may carry credentials).
 */
function powerBiOrigin(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() ?? '';
  if (!raw) return fallback;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const local = !!url && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (
    !url ||
    !(url.protocol === 'https:' || local) ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    raw.endsWith('?') ||
    raw.endsWith('#')
  ) {
    throw new Error(
      `${name} must be an https:// origin without path, such as ${fallback} (http:// only for 127.0.0.1 or localhost)`,
    );
  }
  return url.origin;
}

/**
 * Reads the POWERBI_* variables: undefined when none is set (the demo reports); otherwise the four of
 * POWERBI_REQUIRED_VARIABLES must all be set, and a partial set throws an error naming the missing
 * ones. A bad value throws an error naming the variable; the secret is never echoed.
 */
export function loadPowerBiConfig(env: NodeJS.ProcessEnv): PowerBiConfig | undefined {
  const value = (name: string) => env[name]?.trim() ?? '';
  const all = [...POWERBI_REQUIRED_VARIABLES, 'POWERBI_API_URL', 'POWERBI_AUTHORITY_HOST'];
  if (all.every((name) => !value(name))) return undefined;
  const missing = POWERBI_REQUIRED_VARIABLES.filter((name) => !value(name));
  if (missing.length) {
    throw new Error(
      `Power BI needs all of ${POWERBI_REQUIRED_VARIABLES.join(', ')} (or none of them, for the demo reports); missing: ${missing.join(', ')}`,
    );
  }
  const tenantId = value('POWERBI_TENANT_ID');
  if (!GUID.test(tenantId) && !TENANT_DOMAIN.test(tenantId)) {
    throw new Error(
      `POWERBI_TENANT_ID must be the Entra ID tenant's id (a GUID) or one of its domains, such as contoso.onmicrosoft.com, got "${tenantId}"`,
    );
  }
  const clientId = value('POWERBI_CLIENT_ID');
  if (!GUID.test(clientId))
    throw new Error(
      `POWERBI_CLIENT_ID must be the app registration's application (client) id, a GUID, got "${clientId}"`,
    );
  const workspaceId = value('POWERBI_WORKSPACE_ID');
  if (!GUID.test(workspaceId))
    throw new Error(`POWERBI_WORKSPACE_ID must be the Power BI workspace id, a GUID, got "${workspaceId}"`);
  const clientSecret = value('POWERBI_CLIENT_SECRET');
  if (clientSecret.length > 500 || !/^[\x21-\x7e]+$/.test(clientSecret))
    throw new Error('POWERBI_CLIENT_SECRET must be 1 to 500 printable ASCII characters without spaces');
  const config = {
    tenantId: tenantId.toLowerCase(),
    clientId: clientId.toLowerCase(),
    workspaceId: workspaceId.toLowerCase(),
    apiUrl: powerBiOrigin(env, 'POWERBI_API_URL', DEFAULT_POWERBI_API_URL),
    authorityHost: powerBiOrigin(env, 'POWERBI_AUTHORITY_HOST', DEFAULT_POWERBI_AUTHORITY_HOST),
  } as PowerBiConfig;
  Object.defineProperty(config, 'clientSecret', { value: clientSecret, enumerable: false, writable: false });
  return config;
}

/** The assistant's settings (ASSISTANT_* variables). */
export interface AssistantConfig {
  /** Shown in the chat header (ASSISTANT_NAME). @default 'Cloud Assistant' */
  name: string;
  /** The model shown beside the name (ASSISTANT_MODEL). @default the built-in engine's model name */
  modelName: string;
  /**
   * What the assistant charges per 1,000 characters of question and answer
   * (ASSISTANT_PRICE_PER_1K_CHARS), in `currency`. @default 0.002
   */
  pricePer1kChars: number;
  /** ISO 4217 code of the chat cost (ASSISTANT_CURRENCY). @default 'USD' (spec §9 "Default currency") */
  currency: string;
  /**
   * Which engine answers (ASSISTANT_PROVIDER): the embedded, deterministic `builtin` one, or an
   * OpenAI-compatible chat completions API (`openai`, configured by `openai`). @default 'builtin'
   */
  provider: AssistantProvider;
  /** The OpenAI-compatible API; set exactly when `provider` is 'openai'. */
  openai?: OpenAiProviderConfig;
}

/** The engines ASSISTANT_PROVIDER chooses between. */
export const ASSISTANT_PROVIDERS = ['builtin', 'openai'] as const;
/** An assistant engine provider. */
export type AssistantProvider = (typeof ASSISTANT_PROVIDERS)[number];

/** An OpenAI-compatible chat completions API (ASSISTANT_BASE_URL, ASSISTANT_API_KEY, ASSISTANT_TIMEOUT_MS). */
export interface OpenAiProviderConfig {
  /** The API base without a trailing slash, e.g. 'https://api.openai.com/v1'; calls go to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  /**
   * The bearer key (ASSISTANT_API_KEY). Not enumerable, so printing or serialising the configuration
   * never shows it; read it by name.
   */
  readonly apiKey: string;
  /** How long one answer (every call to the model it takes) may take, in milliseconds (ASSISTANT_TIMEOUT_MS). @default 60000 */
  timeoutMs: number;
}

/** The default of ASSISTANT_TIMEOUT_MS: a minute for a whole answer. */
export const DEFAULT_ASSISTANT_TIMEOUT_MS = 60_000;

/** Reads the OpenAI-compatible provider's variables; a missing or bad value throws an error naming the variable (never echoing the key). */
function loadOpenAiConfig(env: NodeJS.ProcessEnv): OpenAiProviderConfig {
  const rawUrl = env.ASSISTANT_BASE_URL?.trim() ?? '';
  if (!rawUrl)
    throw new Error(
      'ASSISTANT_BASE_URL is required when ASSISTANT_PROVIDER is openai (an OpenAI-compatible API base such as https://api.openai.com/v1)',
    );
  let url: URL | undefined;
  try {
    url = new URL(rawUrl);
  } catch {
    url = undefined;
  }
  // The value is not echoed: a URL with credentials in it would print them.
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new Error(
      'ASSISTANT_BASE_URL must be an http:// or https:// URL without credentials, query or fragment, such as https://api.openai.com/v1',
    );
  }
  const apiKey = env.ASSISTANT_API_KEY?.trim() ?? '';
  if (!apiKey) throw new Error('ASSISTANT_API_KEY is required when ASSISTANT_PROVIDER is openai');
  if (apiKey.length > 500 || !/^[\x21-\x7e]+$/.test(apiKey))
    throw new Error('ASSISTANT_API_KEY must be 1 to 500 printable ASCII characters without spaces');
  const rawTimeout = env.ASSISTANT_TIMEOUT_MS ?? '';
  if (
    rawTimeout !== '' &&
    (!/^\d{1,6}$/.test(rawTimeout) || Number(rawTimeout) < 100 || Number(rawTimeout) > 600_000)
  ) {
    throw new Error(
      `ASSISTANT_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${rawTimeout}"`,
    );
  }
  const config = {
    baseUrl: url.href.replace(/\/+$/, ''),
    timeoutMs: rawTimeout === '' ? DEFAULT_ASSISTANT_TIMEOUT_MS : Number(rawTimeout),
  } as OpenAiProviderConfig;
  Object.defineProperty(config, 'apiKey', { value: apiKey, enumerable: false, writable: false });
  return config;
}

/** The built-in assistant engine's model name, the default of ASSISTANT_MODEL. */
export const BUILTIN_MODEL_NAME = 'cloudportal-builtin-1';

/** Reads and validates the ASSISTANT_* variables; a bad value throws an error that names the variable. */
export function loadAssistantConfig(env: NodeJS.ProcessEnv): AssistantConfig {
  const text = (name: string, fallback: string, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = raw.trim();
    if (!value || value.length > max || /[<>]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 32))
      throw new Error(`${name} must be 1 to ${max} printable characters without < or >, got "${raw}"`);
    return value;
  };
  const rawPrice = env.ASSISTANT_PRICE_PER_1K_CHARS ?? '';
  if (rawPrice !== '' && (!/^\d{1,6}(\.\d{1,6})?$/.test(rawPrice) || Number(rawPrice) > 1000)) {
    throw new Error(
      `ASSISTANT_PRICE_PER_1K_CHARS must be a number from 0 to 1000 with at most 6 decimals, got "${rawPrice}"`,
    );
  }
  const currency = env.ASSISTANT_CURRENCY || DEFAULT_CURRENCY;
  if (!/^[A-Z]{3}$/.test(currency))
    throw new Error(`ASSISTANT_CURRENCY must be a three-letter ISO 4217 code such as USD, got "${currency}"`);
  const provider = env.ASSISTANT_PROVIDER || 'builtin';
  if (!(ASSISTANT_PROVIDERS as readonly string[]).includes(provider))
    throw new Error(`ASSISTANT_PROVIDER must be "builtin" or "openai", got "${provider}"`);
  // A model-backed provider needs a real model: the built-in engine's name means nothing to it.
  if (provider === 'openai' && !env.ASSISTANT_MODEL)
    throw new Error(
      'ASSISTANT_MODEL is required when ASSISTANT_PROVIDER is openai (the model to call, such as gpt-4o-mini)',
    );
  return {
    name: text('ASSISTANT_NAME', 'Cloud Assistant', 60),
    modelName: text('ASSISTANT_MODEL', BUILTIN_MODEL_NAME, 60),
    pricePer1kChars: rawPrice === '' ? 0.002 : Number(rawPrice),
    currency,
    provider: provider as AssistantProvider,
    ...(provider === 'openai' ? { openai: loadOpenAiConfig(env) } : {}),
  };
}

/** Reads SDK_RELEASES_KEEP: how many releases the folder of releases keeps, 0 (every one) when unset. */
function sdkReleasesKeep(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return 0;
  if (!/^\d{1,4}$/.test(value))
    throw new Error(`SDK_RELEASES_KEEP must be a whole number of releases (0 keeps every one), got "${value}"`);
  return Number(value);
}

/** The repository root: the nearest folder above this module that holds `packages/server`. */
export function repoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'packages', 'server', 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the repository root above ${from}`);
    dir = parent;
  }
  return dir;
}

/** A CSP host of an https origin: a DNS name (its first label may be `*`, any subdomain) with an optional port. */
const ORIGIN_HOST = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?(:\d{1,5})?$/;

/**
 * Reads GUIDANCE_VIDEO_ORIGINS: a comma-separated list of https origins (`https://host` or
 * `https://*.host`, optional port, no path), answered as written in a CSP source list, once each.
 * A bad entry throws an error naming the variable.
 */
export function loadGuidanceVideoOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const origins = new Set<string>();
  for (const entry of raw.split(',').map((e) => e.trim())) {
    const match = /^https:\/\/([^/?#]+)\/?$/i.exec(entry);
    const host = match?.[1]?.toLowerCase();
    if (!host || !ORIGIN_HOST.test(host) || Number(/:(\d+)$/.exec(host)?.[1] ?? 443) > 65535) {
      // An entry with credentials in it is not echoed.
      const shown = entry.includes('@') ? '' : `, got "${entry}"`;
      throw new Error(
        `GUIDANCE_VIDEO_ORIGINS must be a comma-separated list of https:// origins without path, such as https://www.youtube-nocookie.com,https://player.vimeo.com${shown}`,
      );
    }
    origins.add(`https://${host}`);
  }
  return [...origins];
}

/** The default of SITE_RATE_LIMIT: requests a minute of one connected site's visitors, to one instance. */
export const DEFAULT_SITE_RATE_LIMIT = 600;

/** DATABASE_PREPARED_STATEMENTS: `on` (the default) or `off`; names the variable when the value is neither. */
export function databasePreparedStatements(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.DATABASE_PREPARED_STATEMENTS?.trim() ?? '';
  if (raw === '' || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`DATABASE_PREPARED_STATEMENTS must be on or off, got "${raw}"`);
}

/** A duration variable of 0–600000 ms; undefined when unset. Names the variable when the value is bad. */
function milliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name] ?? '';
  if (raw === '') return undefined;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) > 600_000)
    throw new Error(`${name} must be a whole number of milliseconds from 0 to 600000, got "${raw}"`);
  return Number(raw);
}

/** The default of SHUTDOWN_GRACE_MS: ten seconds for in-flight requests. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/**
 * The default of SHUTDOWN_DRAIN_MS: five seconds — longer than two failed health checks at
 * HAProxy's default interval (2 s), and a usual pre-stop pause of an orchestrator.
 */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the configuration; a bad value throws an error that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = repoRoot();
  const rawPort = env.PORT ?? '4173';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
    throw new Error(`PORT must be an integer between 1 and 65535, got "${rawPort}"`);
  }
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const seconds = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1)
      throw new Error(`${name} must be a whole number of seconds, got "${raw}"`);
    return Number(raw);
  };
  const secret = env.APP_TOKEN_SECRET || undefined;
  if (secret && secret.length < 32) throw new Error('APP_TOKEN_SECRET must be at least 32 characters');
  const clientId = env.ENTRA_CLIENT_ID?.trim() || undefined;
  const devSignIn = env.DEV_SIGN_IN === 'on' || (!clientId && env.DEV_SIGN_IN !== 'off');
  // A secret generated per database would do, but a deployment of several instances keeps its secret out of the database.
  if (databaseUrl && !secret)
    throw new Error(
      'APP_TOKEN_SECRET must be set (at least 32 characters, the same for every instance) when DATABASE_URL is set',
    );
  const rawGrace = milliseconds(env, 'SHUTDOWN_GRACE_MS');
  const rawDrain = milliseconds(env, 'SHUTDOWN_DRAIN_MS');
  const metricsToken = env.METRICS_TOKEN || undefined;
  // Not echoed: it is a credential.
  if (metricsToken && !/^[\x21-\x7e]{16,500}$/.test(metricsToken))
    throw new Error('METRICS_TOKEN must be 16 to 500 printable ASCII characters without spaces');
  const emulatorSite = env.POWERBI_EMULATOR_SITE?.trim() || 'twin';
  if (emulatorSite !== 'twin' && emulatorSite !== 'own')
    throw new Error(`POWERBI_EMULATOR_SITE must be "twin" or "own", got "${emulatorSite}"`);
  const faults = env.FAULTS ?? '';
  if (!['', 'off', 'on'].includes(faults)) throw new Error(`FAULTS must be "on" or "off", got "${faults}"`);
  const rawSiteLimit = env.SITE_RATE_LIMIT ?? '';
  if (rawSiteLimit !== '' && (!/^\d{1,7}$/.test(rawSiteLimit) || Number(rawSiteLimit) < 1))
    throw new Error(`SITE_RATE_LIMIT must be a whole number of requests a minute from 1, got "${rawSiteLimit}"`);
  const demoData = env.DEMO_DATA?.trim() || 'full';
  if (demoData !== 'full' && demoData !== 'anchors')
    throw new Error(`DEMO_DATA must be "full" or "anchors", got "${demoData}"`);
  return {
    appTokenTtl: seconds('APP_TOKEN_TTL', 900),
    appTokenSecret: secret,
    refreshTokenTtl: seconds('REFRESH_TOKEN_TTL', 7 * 24 * 3600),
    devSignIn,
    entra: clientId
      ? {
          clientId,
          authority: env.ENTRA_AUTHORITY ?? 'https://login.microsoftonline.com/organizations',
          jwksUrl: env.ENTRA_JWKS_URL ?? 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
        }
      : undefined,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    preparedStatements: databasePreparedStatements(env),
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : resolve(env.DATA_DIR ?? join(root, '.data')),
    hostDist: join(root, 'host-example', 'dist'),
    partnerDir: join(root, 'host-example', 'partner'),
    sdkDir: join(root, 'packages', 'elements', 'dist'),
    sdkBuildReleases: join(root, 'packages', 'elements', 'releases'),
    sdkReleasesDir: env.SDK_RELEASES_DIR?.trim()
      ? resolve(env.SDK_RELEASES_DIR.trim())
      : join(root, 'packages', 'elements', 'releases'),
    sdkReleasesKeep: sdkReleasesKeep(env.SDK_RELEASES_KEEP),
    videosDir: join(root, 'packages', 'server', 'assets', 'videos'),
    guidanceVideoOrigins: loadGuidanceVideoOrigins(env.GUIDANCE_VIDEO_ORIGINS),
    logLevel,
    faults: faults === 'on',
    emulatorSite,
    demoData,
    assistant: loadAssistantConfig(env),
    powerBi: loadPowerBiConfig(env),
    shutdownGraceMs: rawGrace ?? DEFAULT_SHUTDOWN_GRACE_MS,
    shutdownDrainMs: rawDrain ?? DEFAULT_SHUTDOWN_DRAIN_MS,
    development: env.NODE_ENV !== 'production',
    siteRateLimitPerMinute: rawSiteLimit === '' ? DEFAULT_SITE_RATE_LIMIT : Number(rawSiteLimit),
    metricsToken,
  };
}
