import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAssistantConfig, loadConfig, loadPowerBiConfig, repoRoot } from './config';
import { CONFIG_GROUPS, CONFIG_VARIABLES, configurationDoc } from './configVariables';
import { demoScale } from './seed/scale';

const root = repoRoot();
const src = join(root, 'packages/server/src');
const page = join(root, 'docs/configuration.md');
const listed = new Map(CONFIG_VARIABLES.map((v) => [v.name, v]));

/** The server's own modules: not its tests, suites and test helpers, nor this list. */
function serverModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverModules(path);
    const testOnly = /\.(test|suite)\.ts$|^test-|^configVariables\.ts$/.test(entry.name);
    return entry.name.endsWith('.ts') && !testOnly ? [path] : [];
  });
}

/**
 * The variables a module reads: `env.NAME` (process.env too) and `env['NAME']`, and, in a module
 * that reads `env[name]` through a helper, the variable names it passes as string literals.
 */
function variablesRead(code: string): string[] {
  const names = [
    ...[...code.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
    ...[...code.matchAll(/\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g)].map((m) => m[1]),
  ];
  if (/\benv\[\s*[a-z]/.test(code))
    names.push(...[...code.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g)].map((m) => m[1]));
  return names.filter((name): name is string => !!name);
}

const reads = new Map<string, string[]>();
for (const file of serverModules(src))
  for (const name of new Set(variablesRead(readFileSync(file, 'utf8'))))
    reads.set(name, [...(reads.get(name) ?? []), relative(src, file)]);

describe('the list of environment variables (configVariables.ts, docs/configuration.md)', () => {
  it('lists every variable the server reads', () => {
    const missing = [...reads.keys()].filter((name) => !listed.has(name));
    expect(missing, `read by the server but not in CONFIG_VARIABLES: ${missing.join(', ')}`).toEqual([]);
  });

  it('lists as read by the server only what the server reads', () => {
    const unread = CONFIG_VARIABLES.filter((v) => v.usedBy === 'server' && !reads.has(v.name)).map((v) => v.name);
    expect(unread).toEqual([]);
    // The scan sees the helpers' reads too (config.ts reads these through `env[name]`).
    expect(reads.get('APP_TOKEN_TTL')).toEqual(['config.ts']);
    expect(reads.get('POWERBI_CLIENT_SECRET')).toEqual(['config.ts']);
    expect(reads.get('DEMO_SCALE')).toEqual(expect.arrayContaining(['seed/scale.ts']));
  });

  it('lists each variable once, in a known group, with a default and a description', () => {
    expect(listed.size).toBe(CONFIG_VARIABLES.length);
    const groups: readonly string[] = CONFIG_GROUPS.map((g) => g.id);
    for (const v of CONFIG_VARIABLES) {
      expect(v.name, v.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(groups, v.name).toContain(v.group);
      expect(v.default, v.name).not.toBe('');
      expect(v.description, v.name).not.toBe('');
    }
  });

  it('documents the defaults loadConfig answers when a variable is unset', () => {
    const config = loadConfig({});
    const entra = loadConfig({ ENTRA_CLIENT_ID: 'app' }).entra;
    const openai = loadAssistantConfig({
      ASSISTANT_PROVIDER: 'openai',
      ASSISTANT_MODEL: 'gpt',
      ASSISTANT_BASE_URL: 'https://api.example/v1',
      ASSISTANT_API_KEY: 'key',
    }).openai;
    const powerBi = loadPowerBiConfig({
      POWERBI_TENANT_ID: 'contoso.onmicrosoft.com',
      POWERBI_CLIENT_ID: '00000000-0000-0000-0000-000000000001',
      POWERBI_CLIENT_SECRET: 'secret',
      POWERBI_WORKSPACE_ID: '00000000-0000-0000-0000-000000000002',
    });
    const actual: Record<string, unknown> = {
      PORT: config.port,
      HOST: config.host,
      LOG_LEVEL: config.logLevel,
      SHUTDOWN_GRACE_MS: config.shutdownGraceMs,
      SHUTDOWN_DRAIN_MS: config.shutdownDrainMs,
      DATABASE_PREPARED_STATEMENTS: config.preparedStatements ? 'on' : 'off',
      SITE_RATE_LIMIT: config.siteRateLimitPerMinute,
      FAULTS: config.faults ? 'on' : 'off',
      DATA_DIR: relative(root, config.dataDir) + '/',
      DEMO_DATA: config.demoData,
      DEMO_SCALE: demoScale({}),
      APP_TOKEN_TTL: config.appTokenTtl,
      REFRESH_TOKEN_TTL: config.refreshTokenTtl,
      ENTRA_AUTHORITY: entra?.authority,
      ENTRA_JWKS_URL: entra?.jwksUrl,
      ASSISTANT_NAME: config.assistant.name,
      ASSISTANT_MODEL: config.assistant.modelName,
      ASSISTANT_PRICE_PER_1K_CHARS: config.assistant.pricePer1kChars,
      ASSISTANT_CURRENCY: config.assistant.currency,
      ASSISTANT_PROVIDER: config.assistant.provider,
      ASSISTANT_TIMEOUT_MS: openai?.timeoutMs,
      POWERBI_API_URL: powerBi?.apiUrl,
      POWERBI_AUTHORITY_HOST: powerBi?.authorityHost,
    };
    for (const [name, value] of Object.entries(actual)) expect(listed.get(name)?.default, name).toBe(`\`${value}\``);
    // The defaults that are no single value.
    expect(config.devSignIn).toBe(true);
    expect(loadConfig({ ENTRA_CLIENT_ID: 'app' }).devSignIn).toBe(false);
    expect(listed.get('DEV_SIGN_IN')?.default).toBe('`on` unless `ENTRA_CLIENT_ID` is set');
    expect(config.development).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).development).toBe(false);
    expect(listed.get('NODE_ENV')?.default).toBe('unset (development)');
    for (const name of ['DATABASE_URL', 'METRICS_TOKEN', 'GUIDANCE_VIDEO_ORIGINS', 'ENTRA_CLIENT_ID'])
      expect(listed.get(name)?.default, name).toBe('—');
    expect(config.databaseUrl ?? config.metricsToken ?? config.entra).toBeUndefined();
    expect(config.guidanceVideoOrigins).toEqual([]);
  });

  it('marks the credentials as secrets', () => {
    const secrets = CONFIG_VARIABLES.filter((v) => v.secret).map((v) => v.name);
    expect(secrets.sort()).toEqual([
      'APP_TOKEN_SECRET',
      'ASSISTANT_API_KEY',
      'METRICS_TOKEN',
      'PARTNER_SITE_SECRET',
      'POWERBI_CLIENT_SECRET',
    ]);
  });

  // UPDATE_DOCS=1 writes the page instead (npm run docs:config does the same from the command line).
  it('is the source of the tables of docs/configuration.md (npm run docs:config)', () => {
    const text = readFileSync(page, 'utf8');
    const expected = configurationDoc(text);
    if (process.env.UPDATE_DOCS === '1' && expected !== text) writeFileSync(page, expected);
    else expect(text, 'docs/configuration.md is out of date: run npm run docs:config').toBe(expected);
  });

  it('rewrites only what lies between the markers, and adds them to a page that has none', () => {
    const doc = configurationDoc('# Configuration\n\nIntro.\n');
    expect(doc.startsWith('# Configuration\n\nIntro.\n\n<!-- config-table:start')).toBe(true);
    const edited = doc.replace('Intro.', 'Intro, edited.') + '\nNotes kept by hand.\n';
    expect(configurationDoc(edited)).toBe(edited);
    const changed = configurationDoc(edited, [
      { name: 'ONLY', group: 'server', default: '—', usedBy: 'server', description: 'a | b' },
    ]);
    expect(changed).toContain('| `ONLY` | — | a \\| b |');
    expect(changed).toContain('Intro, edited.');
    expect(changed.endsWith('\nNotes kept by hand.\n')).toBe(true);
  });
});
