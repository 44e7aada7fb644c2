import { describe, expect, it } from 'vitest';
import { BUILTIN_MODEL_NAME, loadConfig, repoRoot } from './config';

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

  describe('assistant settings (spec §7 "Chatbot service")', () => {
    it('defaults to Cloud Assistant on the built-in engine, 0.002 per 1,000 characters, in USD', () => {
      expect(loadConfig({}).assistant).toEqual({ name: 'Cloud Assistant', modelName: BUILTIN_MODEL_NAME, pricePer1kChars: 0.002, currency: 'USD' });
      expect(loadConfig({ ASSISTANT_NAME: '', ASSISTANT_PRICE_PER_1K_CHARS: '', ASSISTANT_CURRENCY: '' }).assistant).toEqual(loadConfig({}).assistant);
    });

    it('reads ASSISTANT_NAME, ASSISTANT_MODEL, ASSISTANT_PRICE_PER_1K_CHARS and ASSISTANT_CURRENCY', () => {
      const config = loadConfig({ ASSISTANT_NAME: ' Contoso Copilot ', ASSISTANT_MODEL: 'gpt-4o-mini', ASSISTANT_PRICE_PER_1K_CHARS: '0.015', ASSISTANT_CURRENCY: 'EUR' });
      expect(config.assistant).toEqual({ name: 'Contoso Copilot', modelName: 'gpt-4o-mini', pricePer1kChars: 0.015, currency: 'EUR' });
      expect(loadConfig({ ASSISTANT_PRICE_PER_1K_CHARS: '0' }).assistant.pricePer1kChars).toBe(0);
      expect(loadConfig({ ASSISTANT_PRICE_PER_1K_CHARS: '1000' }).assistant.pricePer1kChars).toBe(1000);
    });

    it.each(['-1', 'abc', '1e3', '0.0000001', '1000.5', '1,5', ' 1'])('refuses ASSISTANT_PRICE_PER_1K_CHARS=%j with a message naming it', (price) => {
      expect(() => loadConfig({ ASSISTANT_PRICE_PER_1K_CHARS: price })).toThrow(`ASSISTANT_PRICE_PER_1K_CHARS must be a number from 0 to 1000 with at most 6 decimals, got "${price}"`);
    });

    it.each(['usd', 'US', 'EURO', '$'])('refuses ASSISTANT_CURRENCY=%j with a message naming it', (currency) => {
      expect(() => loadConfig({ ASSISTANT_CURRENCY: currency })).toThrow(`ASSISTANT_CURRENCY must be a three-letter ISO 4217 code such as USD, got "${currency}"`);
    });

    it('refuses a blank, too long or markup assistant name or model', () => {
      expect(() => loadConfig({ ASSISTANT_NAME: '   ' })).toThrow('ASSISTANT_NAME must be 1 to 60 printable characters without < or >, got "   "');
      expect(() => loadConfig({ ASSISTANT_NAME: 'x'.repeat(61) })).toThrow(/ASSISTANT_NAME must be 1 to 60/);
      expect(() => loadConfig({ ASSISTANT_MODEL: '<img src=x>' })).toThrow(/ASSISTANT_MODEL must be 1 to 60/);
      expect(() => loadConfig({ ASSISTANT_MODEL: 'line\nbreak' })).toThrow(/ASSISTANT_MODEL must be 1 to 60/);
    });
  });
});
