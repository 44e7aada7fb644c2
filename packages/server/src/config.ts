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
  /** Folder of the embedded database, or `memory://` for an in-memory one (tests). */
  dataDir: string;
  /** The built reference host (index.html and assets). */
  hostDist: string;
  /** The plain partner page, served at /partner/. */
  partnerDir: string;
  /** The built elements package; its standalone bundle is served at /sdk/. */
  sdkDir: string;
  logLevel: string;
  /** App token lifetime in seconds (APP_TOKEN_TTL). */
  appTokenTtl: number;
  /** Shared app-token secret (APP_TOKEN_SECRET); when unset one is generated and kept in the database. */
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
  /** The assistant of the chatbot service (spec §7 "Chatbot service"). */
  assistant: AssistantConfig;
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
}

/** The built-in assistant engine's model name, the default of ASSISTANT_MODEL. */
export const BUILTIN_MODEL_NAME = 'cloudportal-builtin-1';

/** Reads and validates the ASSISTANT_* variables; a bad value throws an error that names the variable. */
export function loadAssistantConfig(env: NodeJS.ProcessEnv): AssistantConfig {
  const text = (name: string, fallback: string, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = raw.trim();
    if (!value || value.length > max || /[<>]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 32)) throw new Error(`${name} must be 1 to ${max} printable characters without < or >, got "${raw}"`);
    return value;
  };
  const rawPrice = env.ASSISTANT_PRICE_PER_1K_CHARS ?? '';
  if (rawPrice !== '' && (!/^\d{1,6}(\.\d{1,6})?$/.test(rawPrice) || Number(rawPrice) > 1000)) {
    throw new Error(`ASSISTANT_PRICE_PER_1K_CHARS must be a number from 0 to 1000 with at most 6 decimals, got "${rawPrice}"`);
  }
  const currency = env.ASSISTANT_CURRENCY || DEFAULT_CURRENCY;
  if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`ASSISTANT_CURRENCY must be a three-letter ISO 4217 code such as USD, got "${currency}"`);
  return {
    name: text('ASSISTANT_NAME', 'Cloud Assistant', 60),
    modelName: text('ASSISTANT_MODEL', BUILTIN_MODEL_NAME, 60),
    pricePer1kChars: rawPrice === '' ? 0.002 : Number(rawPrice),
    currency,
  };
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
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const seconds = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number of seconds, got "${raw}"`);
    return Number(raw);
  };
  const secret = env.APP_TOKEN_SECRET || undefined;
  if (secret && secret.length < 32) throw new Error('APP_TOKEN_SECRET must be at least 32 characters');
  const clientId = env.ENTRA_CLIENT_ID?.trim() || undefined;
  const devSignIn = env.DEV_SIGN_IN === 'on' || (!clientId && env.DEV_SIGN_IN !== 'off');
  const faults = env.FAULTS ?? '';
  if (!['', 'off', 'on'].includes(faults)) throw new Error(`FAULTS must be "on" or "off", got "${faults}"`);
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
    dataDir: env.DATA_DIR === 'memory://' ? 'memory://' : resolve(env.DATA_DIR ?? join(root, '.data')),
    hostDist: join(root, 'host-example', 'dist'),
    partnerDir: join(root, 'host-example', 'partner'),
    sdkDir: join(root, 'packages', 'elements', 'dist'),
    logLevel,
    faults: faults === 'on',
    assistant: loadAssistantConfig(env),
  };
}
