import { DEFAULT_CURRENCY } from '@cloudportal/core/rules';
import {
  BUILTIN_MODEL_NAME,
  DEFAULT_ASSISTANT_TIMEOUT_MS,
  DEFAULT_POWERBI_API_URL,
  DEFAULT_POWERBI_AUTHORITY_HOST,
  DEFAULT_SHUTDOWN_DRAIN_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
} from './config';
import { MAX_DEMO_SCALE } from './seed/scale';

/**
 * Every environment variable of the project, once: what the server reads (`loadConfig` in config.ts,
 * `demoScale` in seed/scale.ts) and what the tests, the dev server and the benches read. It is the
 * source of the tables of docs/configuration.md (`npm run docs:config`, tests/tools/config-table.mjs);
 * configVariables.test.ts fails when the server reads a variable this list lacks, when a server
 * variable listed here is read nowhere, when a documented default is not what loadConfig answers,
 * and when docs/configuration.md is not what `configurationDoc` writes.
 */

/** The groups of docs/configuration.md, in order. */
export const CONFIG_GROUPS = [
  { id: 'server', title: 'The server' },
  { id: 'storage', title: 'Storage and demo data' },
  { id: 'signIn', title: 'Sign-in and tokens' },
  { id: 'assistant', title: 'The assistant' },
  { id: 'powerBi', title: 'Power BI' },
  {
    id: 'development',
    title: 'Tests, development and benchmarks',
    intro: 'Read by the tests, `npm run dev`, `npm run test:pack` and the benches, not by the server.',
  },
] as const;

/** A group of docs/configuration.md. */
export type ConfigGroup = (typeof CONFIG_GROUPS)[number]['id'];

/** One environment variable. */
export interface ConfigVariable {
  name: string;
  group: ConfigGroup;
  /** The default as a reader should see it, in Markdown; '—' for none. */
  default: string;
  /** Who reads it: `server`, or the tool, test layer or script that does (shown in the description). */
  usedBy: 'server' | string;
  /** What it does, in Markdown (links relative to docs/). */
  description: string;
  /** A credential: keep it in the deployment's secret store. */
  secret?: boolean;
}

const code = (value: string | number) => `\`${value}\``;
const NONE = '—';

/** The server README's sections, from docs/. */
const serverReadme = '../packages/server/README.md';

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  // The server
  {
    name: 'PORT',
    group: 'server',
    default: code(4173),
    usedBy: 'server',
    description: 'port of the portal, API, partner page and SDK bundle',
  },
  { name: 'HOST', group: 'server', default: code('0.0.0.0'), usedBy: 'server', description: 'interface to listen on' },
  {
    name: 'LOG_LEVEL',
    group: 'server',
    default: code('info'),
    usedBy: 'server',
    description: 'Fastify log level (`silent`, `warn`, `debug` adds one line per request, …)',
  },
  {
    name: 'SHUTDOWN_GRACE_MS',
    group: 'server',
    default: code(DEFAULT_SHUTDOWN_GRACE_MS),
    usedBy: 'server',
    description: `on SIGTERM or SIGINT, how long requests in flight may take to finish (0–600000 ms) before their connections are cut; see [Running several instances](${serverReadme}#running-several-instances)`,
  },
  {
    name: 'SHUTDOWN_DRAIN_MS',
    group: 'server',
    default: code(DEFAULT_SHUTDOWN_DRAIN_MS),
    usedBy: 'server',
    description: `on SIGTERM, how long the server keeps accepting and answering (0–600000 ms) before it closes its listener: \`/readyz\` answers 503 at once and every answer closes its connection, so a load balancer's health check takes the instance out before anything is refused (SIGINT does not wait); see [Running several instances](${serverReadme}#running-several-instances)`,
  },
  {
    name: 'METRICS_TOKEN',
    group: 'server',
    default: NONE,
    usedBy: 'server',
    secret: true,
    description:
      'turns on `GET /metrics` (Prometheus text format), which then requires `Authorization: Bearer <METRICS_TOKEN>` (16–500 printable ASCII characters, no spaces; never logged); unset: `/metrics` answers 404',
  },
  {
    name: 'NODE_ENV',
    group: 'server',
    default: 'unset (development)',
    usedBy: 'server',
    description:
      '`production` turns development mode off: a connected site may then list `https://` origins only (in development also `http://localhost` and `http://127.0.0.1`)',
  },
  {
    name: 'SITE_RATE_LIMIT',
    group: 'server',
    default: '`600`',
    usedBy: 'server',
    description:
      "requests a minute that one connected site's visitors together may send to one instance (429 with `Retry-After` beyond), besides the assistant's per-user limit",
  },
  {
    name: 'GUIDANCE_VIDEO_ORIGINS',
    group: 'server',
    default: NONE,
    usedBy: 'server',
    description:
      "comma-separated https origins of the video hosts a deployment's guidance videos (`assistanceSrc`) are on, e.g. `https://www.youtube-nocookie.com,https://*.sharepoint.com` (no path; a leading `*.` for any subdomain); added to the portal's CSP `frame-src`. The demo's videos are the server's own (`/videos/embed/{id}`) and need none",
  },
  {
    name: 'SDK_RELEASES_DIR',
    group: 'server',
    default: "the build's `packages/elements/releases`",
    usedBy: 'server',
    description:
      "the deployment's folder of SDK releases, served at `/sdk/{version}/` (immutable) and `/sdk/{major}/` (the newest of that major): keep it on storage that outlives a deployment, shared by every instance; each instance adds its build's release at start (`{version}/` with its `integrity.json`), never changes a release already there (one of the same version with other files is logged as an error), and the releases of earlier deployments stay served, so a partner's page pinned to one keeps working ([partners.md](partners.md#pin-a-release))",
  },
  {
    name: 'SDK_RELEASES_KEEP',
    group: 'server',
    default: code(0),
    usedBy: 'server',
    description:
      "how many of the newest releases `SDK_RELEASES_DIR` keeps (the running build's own always stays); `0` keeps every one. Pages pinned to a release that was removed no longer load: keep as many as your partners may pin",
  },
  {
    name: 'FAULTS',
    group: 'server',
    default: code('off'),
    usedBy: 'server',
    description:
      '`on` enables `/api/test/faults` (fault injection for e2e tests) and `/api/test/rate-limits`; never on in production',
  },
  // Storage and demo data
  {
    name: 'DATABASE_URL',
    group: 'storage',
    default: NONE,
    usedBy: 'server',
    description: `a PostgreSQL URL; when unset the server uses embedded PGlite in \`DATA_DIR\` (same migrations, same SQL). Several instances may share one database: see [Running it for real](${serverReadme}#running-it-for-real) (load balancing, PgBouncer, sizing, Citus, \`/readyz\`, metrics, shutdown)`,
  },
  {
    name: 'DATABASE_PREPARED_STATEMENTS',
    group: 'storage',
    default: code('on'),
    usedBy: 'server',
    description: `\`off\` sends every statement unnamed: for a pooler in transaction mode that keeps no named statements across transactions (PgBouncer before 1.21, such as Debian 12's 1.18); \`on\` prepares the hot reads once per connection under a name. See [Running it for real](${serverReadme}#running-it-for-real)`,
  },
  {
    name: 'DATA_DIR',
    group: 'storage',
    default: code('.data/'),
    usedBy: 'server',
    description: 'where embedded PGlite keeps its files (relative to the repository root by default)',
  },
  {
    name: 'DEMO_DATA',
    group: 'storage',
    default: code('full'),
    usedBy: 'server',
    description:
      "how much demo data a first start seeds: `full` (the hand-written rows plus the generated long tail at realistic scale, about a minute on embedded PGlite) or `anchors` (only the hand-written rows the assistant's answers are written around: seconds, a few rows per dataset page)",
  },
  {
    name: 'DEMO_SCALE',
    group: 'storage',
    default: code(1),
    usedBy: 'server',
    description: `an integer from 1 to ${MAX_DEMO_SCALE}: the demo seed makes Contoso that many times larger (subscriptions, resources, users, devices, and so cost, usage, licence and alert rows), deterministically; read on the first start only (a seeded database keeps its size). 20 is about 2.5 million cost rows — see [the server README](${serverReadme}#demo_scale)`,
  },
  // Sign-in and tokens
  {
    name: 'APP_TOKEN_SECRET',
    group: 'signIn',
    default: 'generated (PGlite only)',
    usedBy: 'server',
    secret: true,
    description:
      'HS256 secret of app tokens (≥ 32 characters). **Required with `DATABASE_URL`**, the same for every instance (the server refuses to start without it); with PGlite, when unset, one is generated on first start and kept in the database',
  },
  {
    name: 'APP_TOKEN_TTL',
    group: 'signIn',
    default: code(900),
    usedBy: 'server',
    description: 'app token lifetime in seconds (tests use a few seconds to watch refreshes)',
  },
  {
    name: 'REFRESH_TOKEN_TTL',
    group: 'signIn',
    default: code(7 * 24 * 3600),
    usedBy: 'server',
    description: 'lifetime of the refresh cookie in seconds (7 days)',
  },
  {
    name: 'DEV_SIGN_IN',
    group: 'signIn',
    default: '`on` unless `ENTRA_CLIENT_ID` is set',
    usedBy: 'server',
    description: 'the dev identity issuer of the demo accounts (`/api/dev/*`); `off` makes those routes 404',
  },
  {
    name: 'ENTRA_CLIENT_ID',
    group: 'signIn',
    default: NONE,
    usedBy: 'server',
    description:
      "Entra ID app registration: identity tokens with this audience are accepted, and the portal offers 'Sign in with Microsoft'",
  },
  {
    name: 'ENTRA_AUTHORITY',
    group: 'signIn',
    default: code('https://login.microsoftonline.com/organizations'),
    usedBy: 'server',
    description: 'the authority the portal signs in with (reported by `GET /api/auth/config`)',
  },
  {
    name: 'ENTRA_JWKS_URL',
    group: 'signIn',
    default: code('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
    usedBy: 'server',
    description: 'keys that verify Entra ID identity tokens',
  },
  // The assistant
  {
    name: 'ASSISTANT_NAME',
    group: 'assistant',
    default: code('Cloud Assistant'),
    usedBy: 'server',
    description: "the assistant's name shown in the chat header",
  },
  {
    name: 'ASSISTANT_MODEL',
    group: 'assistant',
    default: code(BUILTIN_MODEL_NAME),
    usedBy: 'server',
    description:
      'the model shown in the chat header; with `ASSISTANT_PROVIDER=openai` also the model asked, and then required',
  },
  {
    name: 'ASSISTANT_PRICE_PER_1K_CHARS',
    group: 'assistant',
    default: code(0.002),
    usedBy: 'server',
    description:
      'the chat cost: (question + answer characters) / 1000 × price, in `ASSISTANT_CURRENCY` (0 to 1000, at most 6 decimals)',
  },
  {
    name: 'ASSISTANT_CURRENCY',
    group: 'assistant',
    default: code(DEFAULT_CURRENCY),
    usedBy: 'server',
    description: 'the currency of the chat cost, a three-letter ISO 4217 code',
  },
  {
    name: 'ASSISTANT_PROVIDER',
    group: 'assistant',
    default: code('builtin'),
    usedBy: 'server',
    description:
      '`builtin` (embedded, deterministic, no network) or `openai` (an OpenAI-compatible chat-completions API with the same data queries offered as tools)',
  },
  {
    name: 'ASSISTANT_BASE_URL',
    group: 'assistant',
    default: NONE,
    usedBy: 'server',
    description: 'with `openai`: the API base (e.g. `https://api.openai.com/v1`); required',
  },
  {
    name: 'ASSISTANT_API_KEY',
    group: 'assistant',
    default: NONE,
    usedBy: 'server',
    secret: true,
    description: 'with `openai`: the API key (required; never logged or answered)',
  },
  {
    name: 'ASSISTANT_TIMEOUT_MS',
    group: 'assistant',
    default: code(DEFAULT_ASSISTANT_TIMEOUT_MS),
    usedBy: 'server',
    description: 'with `openai`: the time limit of a whole answer (100 to 600000 ms)',
  },
  // Power BI
  {
    name: 'POWERBI_TENANT_ID',
    group: 'powerBi',
    default: NONE,
    usedBy: 'server',
    description:
      'the Entra ID tenant of the app registration, a GUID or a domain such as `contoso.onmicrosoft.com`. The four `POWERBI_*` ids and secret go together: all four or none (a partial set stops the server, naming what is missing); none = the demo reports. See [Connect a real Power BI workspace](#connect-a-real-power-bi-workspace)',
  },
  {
    name: 'POWERBI_CLIENT_ID',
    group: 'powerBi',
    default: NONE,
    usedBy: 'server',
    description: "the app registration's application (client) id (a GUID)",
  },
  {
    name: 'POWERBI_CLIENT_SECRET',
    group: 'powerBi',
    default: NONE,
    usedBy: 'server',
    secret: true,
    description: "the app registration's client secret (never logged or answered)",
  },
  {
    name: 'POWERBI_WORKSPACE_ID',
    group: 'powerBi',
    default: NONE,
    usedBy: 'server',
    description:
      "the workspace (group) id of the product's reports (a tenant's custom reports are looked up in their row's own workspace)",
  },
  {
    name: 'POWERBI_EMULATOR_SITE',
    group: 'powerBi',
    default: code('twin'),
    usedBy: 'server',
    description:
      "where the demo reports' frame (the Power BI embed emulator, used while no workspace is configured) is served: `twin`, on the other loopback name of the address the portal was opened on (`http://localhost:4173` → `http://127.0.0.1:4173`), a site of its own as Power BI's frame is, so the browser runs the report in a process of its own, off the portal's main thread; on the portal's own origin for any other address. `own`: always on the portal's own origin",
  },
  {
    name: 'POWERBI_API_URL',
    group: 'powerBi',
    default: code(DEFAULT_POWERBI_API_URL),
    usedBy: 'server',
    description:
      'the REST API origin (https; `http://127.0.0.1` or `http://localhost` only, for tests against a local fake)',
  },
  {
    name: 'POWERBI_AUTHORITY_HOST',
    group: 'powerBi',
    default: code(DEFAULT_POWERBI_AUTHORITY_HOST),
    usedBy: 'server',
    description: 'the Entra ID host the app-only token is asked from (same URL rules)',
  },
  // Tests, development and benchmarks
  {
    name: 'TEST_DATABASE_URL',
    group: 'development',
    default: NONE,
    usedBy: 'tests',
    description:
      "also run the server suite against this PostgreSQL (its role must be allowed to create databases); as root, `npm test` installs and starts Debian's `postgresql` itself",
  },
  {
    name: 'CHROMIUM_PATH',
    group: 'development',
    default: NONE,
    usedBy: 'tests',
    description:
      "Chromium for the e2e layer, the pack test and the browser benches (else Debian's headless shell for the tests and full Chromium for the benches, installed as root)",
  },
  {
    name: 'E2E_PORT',
    group: 'development',
    default: code(4179),
    usedBy: 'tests',
    description:
      "port of worker 0's demo server in the e2e layer (the fake Entra ID's key server takes the next port, the live Power BI mode's server and its fake Power BI the two after, and worker n ≥ 1's demo server `E2E_PORT+3+n`)",
  },
  {
    name: 'E2E_WORKERS',
    group: 'development',
    default: 'half the cores (1 on 2 cores)',
    usedBy: 'tests',
    description:
      "Playwright workers in the e2e layer; each has a demo server and database of its own, so no test sees another worker's writes, faults or rate limits",
  },
  {
    name: 'E2E_TRACE',
    group: 'development',
    default: code('off'),
    usedBy: 'tests',
    description:
      "Playwright's trace of each e2e test (`retain-on-failure`, `on`): off by default, since recording costs every test about a third of its time; a failure still leaves its screenshot and page snapshot in `test-results/`",
  },
  {
    name: 'CI',
    group: 'development',
    default: NONE,
    usedBy: 'tests',
    description: 'set by `.ci/run`: one Playwright worker, `test.only` forbidden',
  },
  {
    name: 'KEEP_PACK',
    group: 'development',
    default: NONE,
    usedBy: '`npm run test:pack`',
    description: "`1` keeps the pack test's temporary folder (the packed packages and the apps built from them)",
  },
  {
    name: 'PARTNER_SITE_PORT',
    group: 'development',
    default: code(4180),
    usedBy: '`npm start`',
    description:
      "the demo connected site (a partner's website with its own token-signing back end, host-example/connected-site) on `http://127.0.0.1:<port>`; `off` starts none. The seeded demo site lists `http://127.0.0.1:4180`: another port needs its origin added in Settings, Connected sites",
  },
  {
    name: 'PORTAL_URL',
    group: 'development',
    default: '`http://localhost:<PORT>`',
    usedBy: '`npm start`',
    description: "the portal's origin as the demo connected site's page reaches it (its SDK script and API)",
  },
  {
    name: 'PARTNER_SITE_ID',
    group: 'development',
    default: code('site_contoso_demo'),
    usedBy: 'the demo connected site',
    description: 'the connected site its back end signs tokens for (`iss`): the seeded demo site by default',
  },
  {
    name: 'PARTNER_SITE_KEY_ID',
    group: 'development',
    default: code('key_contoso_demo'),
    usedBy: 'the demo connected site',
    description: "the id of the site's signing secret it signs with (the token header's `kid`)",
  },
  {
    name: 'PARTNER_SITE_SECRET',
    group: 'development',
    default: 'the seeded demo secret',
    usedBy: 'the demo connected site',
    secret: true,
    description: "the site's signing secret, as Settings, Connected sites showed it once",
  },
  {
    name: 'API_PORT',
    group: 'development',
    default: code(4174),
    usedBy: '`npm run dev`',
    description: 'port of the reference server the dev server proxies to',
  },
  {
    name: 'DEV_PORT',
    group: 'development',
    default: code(5173),
    usedBy: '`npm run dev`',
    description: 'port of the Vite dev server',
  },
  {
    name: 'BENCH_SECONDS',
    group: 'development',
    default: code(5),
    usedBy: '`npm run bench:server`',
    description: 'duration of each route',
  },
  {
    name: 'BENCH_CONNECTIONS',
    group: 'development',
    default: code(10),
    usedBy: '`npm run bench:server`',
    description: 'connections per route',
  },
  {
    name: 'BENCH_DATABASE_URL',
    group: 'development',
    default: NONE,
    usedBy: '`npm run bench:server`, `bench:data`, `bench:load`, `bench:ready`',
    description:
      'a PostgreSQL (whose role may create databases) instead of PGlite (`bench:server`), or instead of the one `tests/tools/postgres.mjs` finds (`bench:data`, `bench:load`, `bench:ready`)',
  },
  {
    name: 'BENCH_PGLITE',
    group: 'development',
    default: NONE,
    usedBy: '`npm run bench:ready`',
    description:
      "`1`: the bench's server on the embedded PGlite of `npm start` instead of PostgreSQL (which it uses when there is one, as a partner's portal does)",
  },
  {
    name: 'BENCH_RUNS',
    group: 'development',
    default: '`25` (`bench:chat`), `15` (`bench:nav`), `10` (`bench:grid`), `50` (`bench:data`), `5` (`bench:ready`)',
    usedBy: '`npm run bench:chat`, `bench:nav`, `bench:grid`, `bench:data`, `bench:ready`',
    description:
      'measured rounds (after 3 warm-up rounds; `bench:data`: requests per read after one; `bench:ready`: cold loads per element and CPU rate)',
  },
  {
    name: 'BENCH_STEPWISE_RUNS',
    group: 'development',
    default: code(3),
    usedBy: '`npm run bench:nav`',
    description: 'rounds that also open every parent of the menu click by click',
  },
  {
    name: 'BENCH_ONLY',
    group: 'development',
    default: 'both',
    usedBy: '`npm run bench:data`',
    description: '`pglite` or `pg`: only the embedded PGlite run, or only the PostgreSQL runs',
  },
  {
    name: 'BENCH_SCALES',
    group: 'development',
    default: code('1,20'),
    usedBy: '`npm run bench:data`',
    description: 'the `DEMO_SCALE`s of the PostgreSQL runs (their databases are kept between runs)',
  },
  {
    name: 'LOAD_USERS',
    group: 'development',
    default: code(8),
    usedBy: '`npm run bench:load`',
    description: 'virtual users',
  },
  {
    name: 'LOAD_SECONDS',
    group: 'development',
    default: code(60),
    usedBy: '`npm run bench:load`',
    description: 'duration of the load (the first instance is killed half-way)',
  },
  {
    name: 'BENCH_REPORT',
    group: 'development',
    default: 'on',
    usedBy: 'every `npm run bench:*`',
    description:
      '`0`: the bench does not write its figures to [benchmarks.md](benchmarks.md) (a check run, `bench:size --check`, never does)',
  },
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The tables of docs/configuration.md: one per group (variable, default, what it does). */
export function configurationTables(variables: readonly ConfigVariable[] = CONFIG_VARIABLES): string {
  return CONFIG_GROUPS.map((group) => {
    const rows = variables
      .filter((v) => v.group === group.id)
      .map((v) => {
        const name = `\`${v.name}\`${v.secret ? ' (secret)' : ''}`;
        const what = v.usedBy === 'server' ? v.description : `${v.usedBy}: ${v.description}`;
        return `| ${name} | ${cell(v.default)} | ${cell(what)} |`;
      });
    const intro = 'intro' in group ? `${group.intro}\n\n` : '';
    return `### ${group.title}\n\n${intro}| variable | default | what it does |\n|---|---|---|\n${rows.join('\n')}`;
  }).join('\n\n');
}

const START =
  '<!-- config-table:start (generated from packages/server/src/configVariables.ts: npm run docs:config) -->';
const END = '<!-- config-table:end -->';

/**
 * docs/configuration.md with its generated part (between the config-table markers) rewritten from
 * the list; the prose around it is kept. A page without the markers gets them (with the tables) at
 * its end.
 */
export function configurationDoc(doc: string, variables: readonly ConfigVariable[] = CONFIG_VARIABLES): string {
  const generated = `${START}\n${configurationTables(variables)}\n${END}`;
  const start = doc.indexOf('<!-- config-table:start');
  const end = doc.indexOf(END);
  if (start >= 0 && end > start) return doc.slice(0, start) + generated + doc.slice(end + END.length);
  if (start >= 0 || end >= 0) throw new Error('docs/configuration.md: the config-table markers are not a pair');
  return `${doc.trimEnd()}\n\n${generated}\n`;
}
