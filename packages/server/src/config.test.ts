import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from './config';

describe('server configuration', () => {
  it('defaults to port 4173 and embedded storage in .data/', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4173);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(`${repoRoot()}/.data`);
  });

  it('reads PORT, DATABASE_URL and DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@localhost/db', DATA_DIR: 'memory://' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u:p@localhost/db', dataDir: 'memory://' });
  });

  it.each(['0', '70000', 'abc', '80.5', ''])('refuses PORT=%j with a message naming it', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(`PORT must be an integer between 1 and 65535, got "${port}"`);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, and an unknown LOG_LEVEL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('keeps fault injection off unless FAULTS=on', () => {
    expect(loadConfig({}).faults).toBe(false);
    expect(loadConfig({ FAULTS: '' }).faults).toBe(false);
    expect(loadConfig({ FAULTS: 'off' }).faults).toBe(false);
    expect(loadConfig({ FAULTS: 'on' }).faults).toBe(true);
  });

  it.each(['true', '1', 'ON', 'yes'])('refuses FAULTS=%j with a message naming it', (value) => {
    expect(() => loadConfig({ FAULTS: value })).toThrow(`FAULTS must be "on" or "off", got "${value}"`);
  });
});
