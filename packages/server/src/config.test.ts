import { describe, expect, it } from 'vitest';
import {
  BUILTIN_MODEL_NAME,
  DEFAULT_ASSISTANT_TIMEOUT_MS,
  loadConfig,
  POWERBI_REQUIRED_VARIABLES,
  repoRoot,
} from './config';

describe('server configuration', () => {
  it('defaults to port 4173 and embedded storage in .data/', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4173);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(`${repoRoot()}/.data`);
  });

  it('reads PORT, DATABASE_URL and DATA_DIR', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@localhost/db',
      APP_TOKEN_SECRET: 'x'.repeat(32),
      DATA_DIR: 'memory://',
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u:p@localhost/db', dataDir: 'memory://' });
  });

  it.each(['0', '70000', 'abc', '80.5', ''])('refuses PORT=%j with a message naming it', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(`PORT must be an integer between 1 and 65535, got "${port}"`);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, and an unknown LOG_LEVEL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
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

  it('seeds the full demo data unless DEMO_DATA=anchors; any other value is refused, naming it', () => {
    expect(loadConfig({}).demoData).toBe('full');
    expect(loadConfig({ DEMO_DATA: '' }).demoData).toBe('full');
    expect(loadConfig({ DEMO_DATA: 'anchors' }).demoData).toBe('anchors');
    expect(loadConfig({ DEMO_DATA: ' full ' }).demoData).toBe('full');
    expect(() => loadConfig({ DEMO_DATA: 'small' })).toThrow('DEMO_DATA must be "full" or "anchors", got "small"');
  });

  describe("GUIDANCE_VIDEO_ORIGINS (the video hosts a deployment's guidance videos are on)", () => {
    it("defaults to none: the demo menu's guidance videos are the server's own", () => {
      expect(loadConfig({}).guidanceVideoOrigins).toEqual([]);
      expect(loadConfig({ GUIDANCE_VIDEO_ORIGINS: '' }).guidanceVideoOrigins).toEqual([]);
      expect(loadConfig({ GUIDANCE_VIDEO_ORIGINS: '  ' }).guidanceVideoOrigins).toEqual([]);
    });

    it('reads a comma-separated list of https origins, lower-cased, each once; a *. subdomain wildcard and a port are allowed', () => {
      const value =
        ' https://www.youtube-nocookie.com, https://Player.Vimeo.com/ ,https://*.sharepoint.com,https://videos.example.com:8443,https://www.youtube-nocookie.com';
      expect(loadConfig({ GUIDANCE_VIDEO_ORIGINS: value }).guidanceVideoOrigins).toEqual([
        'https://www.youtube-nocookie.com',
        'https://player.vimeo.com',
        'https://*.sharepoint.com',
        'https://videos.example.com:8443',
      ]);
    });

    it.each([
      'http://player.vimeo.com',
      'player.vimeo.com',
      'https://player.vimeo.com/video/1',
      'https://player.vimeo.com?x=1',
      'https://player.vimeo.com#x',
      'https://',
      'https://*',
      'https://a.*.example.com',
      'https://player.vimeo.com:99999',
      "https://player.vimeo.com 'unsafe-inline'",
      'https://player.vimeo.com;script-src *',
      '*',
      "'self'",
    ])('refuses GUIDANCE_VIDEO_ORIGINS=%j with a message naming it', (value) => {
      expect(() => loadConfig({ GUIDANCE_VIDEO_ORIGINS: value })).toThrow(
        `GUIDANCE_VIDEO_ORIGINS must be a comma-separated list of https:// origins without path, such as https://www.youtube-nocookie.com,https://player.vimeo.com, got "${value}"`,
      );
    });

    it('names the bad entry of a list, an empty one included', () => {
      expect(() => loadConfig({ GUIDANCE_VIDEO_ORIGINS: 'https://player.vimeo.com, http://www.youtube.com' })).toThrow(
        /^GUIDANCE_VIDEO_ORIGINS must be .*, got "http:\/\/www.youtube.com"$/,
      );
      expect(() => loadConfig({ GUIDANCE_VIDEO_ORIGINS: 'https://player.vimeo.com,,https://www.youtube.com' })).toThrow(
        /^GUIDANCE_VIDEO_ORIGINS must be .*, got ""$/,
      );
    });

    it('does not echo an entry with credentials in it', () => {
      expect(() => loadConfig({ GUIDANCE_VIDEO_ORIGINS: 'https://user:secret@videos.example.com' })).toThrow(
        /^GUIDANCE_VIDEO_ORIGINS must be a comma-separated list of https:\/\/ origins without path, such as https:\/\/www.youtube-nocookie.com,https:\/\/player.vimeo.com$/,
      );
    });
  });

  describe('assistant settings (spec §7 "Chatbot service")', () => {
    it('defaults to Cloud Assistant on the built-in engine, 0.002 per 1,000 characters, in USD', () => {
      expect(loadConfig({}).assistant).toEqual({
        name: 'Cloud Assistant',
        modelName: BUILTIN_MODEL_NAME,
        pricePer1kChars: 0.002,
        currency: 'USD',
        provider: 'builtin',
      });
      expect(
        loadConfig({ ASSISTANT_NAME: '', ASSISTANT_PRICE_PER_1K_CHARS: '', ASSISTANT_CURRENCY: '' }).assistant,
      ).toEqual(loadConfig({}).assistant);
    });

    it('reads ASSISTANT_NAME, ASSISTANT_MODEL, ASSISTANT_PRICE_PER_1K_CHARS and ASSISTANT_CURRENCY', () => {
      const config = loadConfig({
        ASSISTANT_NAME: ' Contoso Copilot ',
        ASSISTANT_MODEL: 'gpt-4o-mini',
        ASSISTANT_PRICE_PER_1K_CHARS: '0.015',
        ASSISTANT_CURRENCY: 'EUR',
      });
      expect(config.assistant).toEqual({
        name: 'Contoso Copilot',
        modelName: 'gpt-4o-mini',
        pricePer1kChars: 0.015,
        currency: 'EUR',
        provider: 'builtin',
      });
      expect(loadConfig({ ASSISTANT_PRICE_PER_1K_CHARS: '0' }).assistant.pricePer1kChars).toBe(0);
      expect(loadConfig({ ASSISTANT_PRICE_PER_1K_CHARS: '1000' }).assistant.pricePer1kChars).toBe(1000);
    });

    it.each(['-1', 'abc', '1e3', '0.0000001', '1000.5', '1,5', ' 1'])(
      'refuses ASSISTANT_PRICE_PER_1K_CHARS=%j with a message naming it',
      (price) => {
        expect(() => loadConfig({ ASSISTANT_PRICE_PER_1K_CHARS: price })).toThrow(
          `ASSISTANT_PRICE_PER_1K_CHARS must be a number from 0 to 1000 with at most 6 decimals, got "${price}"`,
        );
      },
    );

    it.each(['usd', 'US', 'EURO', '$'])('refuses ASSISTANT_CURRENCY=%j with a message naming it', (currency) => {
      expect(() => loadConfig({ ASSISTANT_CURRENCY: currency })).toThrow(
        `ASSISTANT_CURRENCY must be a three-letter ISO 4217 code such as USD, got "${currency}"`,
      );
    });

    it('refuses a blank, too long or markup assistant name or model', () => {
      expect(() => loadConfig({ ASSISTANT_NAME: '   ' })).toThrow(
        'ASSISTANT_NAME must be 1 to 60 printable characters without < or >, got "   "',
      );
      expect(() => loadConfig({ ASSISTANT_NAME: 'x'.repeat(61) })).toThrow(/ASSISTANT_NAME must be 1 to 60/);
      expect(() => loadConfig({ ASSISTANT_MODEL: '<img src=x>' })).toThrow(/ASSISTANT_MODEL must be 1 to 60/);
      expect(() => loadConfig({ ASSISTANT_MODEL: 'line\nbreak' })).toThrow(/ASSISTANT_MODEL must be 1 to 60/);
    });

    describe('ASSISTANT_PROVIDER and the OpenAI-compatible provider', () => {
      const OPENAI = {
        ASSISTANT_PROVIDER: 'openai',
        ASSISTANT_BASE_URL: 'https://api.openai.com/v1',
        ASSISTANT_API_KEY: 'sk-test-123',
        ASSISTANT_MODEL: 'gpt-4o-mini',
      };

      it('defaults to the built-in engine, with or without an empty ASSISTANT_PROVIDER; the OpenAI variables are not read then', () => {
        expect(loadConfig({}).assistant.provider).toBe('builtin');
        expect(loadConfig({ ASSISTANT_PROVIDER: '' }).assistant.provider).toBe('builtin');
        const builtin = loadConfig({
          ASSISTANT_PROVIDER: 'builtin',
          ASSISTANT_BASE_URL: 'not a url',
          ASSISTANT_API_KEY: 'x y',
        }).assistant;
        expect(builtin.provider).toBe('builtin');
        expect(builtin.openai).toBeUndefined();
      });

      it.each(['OpenAI', 'azure', 'gpt', 'on'])(
        'refuses ASSISTANT_PROVIDER=%j with a message naming it',
        (provider) => {
          expect(() => loadConfig({ ASSISTANT_PROVIDER: provider })).toThrow(
            `ASSISTANT_PROVIDER must be "builtin" or "openai", got "${provider}"`,
          );
        },
      );

      it('reads ASSISTANT_BASE_URL (without a trailing slash), ASSISTANT_API_KEY, ASSISTANT_MODEL and the default time-out', () => {
        const assistant = loadConfig({ ...OPENAI, ASSISTANT_BASE_URL: 'https://api.openai.com/v1/' }).assistant;
        expect(assistant).toMatchObject({
          provider: 'openai',
          modelName: 'gpt-4o-mini',
          openai: { baseUrl: 'https://api.openai.com/v1', timeoutMs: DEFAULT_ASSISTANT_TIMEOUT_MS },
        });
        expect(assistant.openai?.apiKey).toBe('sk-test-123');
        expect(loadConfig({ ...OPENAI, ASSISTANT_BASE_URL: 'http://127.0.0.1:8080' }).assistant.openai?.baseUrl).toBe(
          'http://127.0.0.1:8080',
        );
        expect(loadConfig({ ...OPENAI, ASSISTANT_API_KEY: ' sk-trimmed\n' }).assistant.openai?.apiKey).toBe(
          'sk-trimmed',
        );
      });

      it('keeps the key out of anything that prints or serialises the configuration', () => {
        const config = loadConfig(OPENAI);
        expect(JSON.stringify(config)).not.toContain('sk-test-123');
        expect(Object.keys(config.assistant.openai!)).toEqual(['baseUrl', 'timeoutMs']);
      });

      it('refuses a missing ASSISTANT_BASE_URL, ASSISTANT_API_KEY or ASSISTANT_MODEL with messages naming them', () => {
        expect(() => loadConfig({ ...OPENAI, ASSISTANT_BASE_URL: '' })).toThrow(
          'ASSISTANT_BASE_URL is required when ASSISTANT_PROVIDER is openai (an OpenAI-compatible API base such as https://api.openai.com/v1)',
        );
        expect(() => loadConfig({ ...OPENAI, ASSISTANT_BASE_URL: undefined })).toThrow(
          /^ASSISTANT_BASE_URL is required/,
        );
        expect(() => loadConfig({ ...OPENAI, ASSISTANT_API_KEY: '  ' })).toThrow(
          'ASSISTANT_API_KEY is required when ASSISTANT_PROVIDER is openai',
        );
        expect(() => loadConfig({ ...OPENAI, ASSISTANT_API_KEY: undefined })).toThrow(
          'ASSISTANT_API_KEY is required when ASSISTANT_PROVIDER is openai',
        );
        expect(() => loadConfig({ ...OPENAI, ASSISTANT_MODEL: '' })).toThrow(
          'ASSISTANT_MODEL is required when ASSISTANT_PROVIDER is openai (the model to call, such as gpt-4o-mini)',
        );
      });

      it.each([
        'api.openai.com/v1',
        'ftp://example.com/v1',
        'https://user:secret@example.com/v1',
        'https://example.com/v1?key=1',
        'https://example.com/v1#x',
        'not a url',
      ])('refuses ASSISTANT_BASE_URL=%j without echoing it', (url) => {
        const message =
          'ASSISTANT_BASE_URL must be an http:// or https:// URL without credentials, query or fragment, such as https://api.openai.com/v1';
        expect(() => loadConfig({ ...OPENAI, ASSISTANT_BASE_URL: url })).toThrow(message);
      });

      it.each(['sk test', 'sk-\u00e9', 'x'.repeat(501), 'sk-\ttab'])(
        'refuses a malformed ASSISTANT_API_KEY without echoing it (%#)',
        (key) => {
          const error = (() => {
            try {
              loadConfig({ ...OPENAI, ASSISTANT_API_KEY: key });
            } catch (e) {
              return e as Error;
            }
            return undefined;
          })();
          expect(error?.message).toBe('ASSISTANT_API_KEY must be 1 to 500 printable ASCII characters without spaces');
        },
      );

      it('reads ASSISTANT_TIMEOUT_MS from 100 to 600000', () => {
        expect(loadConfig({ ...OPENAI, ASSISTANT_TIMEOUT_MS: '100' }).assistant.openai?.timeoutMs).toBe(100);
        expect(loadConfig({ ...OPENAI, ASSISTANT_TIMEOUT_MS: '600000' }).assistant.openai?.timeoutMs).toBe(600_000);
        expect(loadConfig({ ...OPENAI, ASSISTANT_TIMEOUT_MS: '' }).assistant.openai?.timeoutMs).toBe(
          DEFAULT_ASSISTANT_TIMEOUT_MS,
        );
      });

      it.each(['99', '600001', '0', '-5', '1.5', '30s', ' 500'])(
        'refuses ASSISTANT_TIMEOUT_MS=%j with a message naming it',
        (value) => {
          expect(() => loadConfig({ ...OPENAI, ASSISTANT_TIMEOUT_MS: value })).toThrow(
            `ASSISTANT_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${value}"`,
          );
        },
      );
    });
  });

  describe('POWERBI_* (a real Power BI workspace instead of the demo reports)', () => {
    const POWERBI = {
      POWERBI_TENANT_ID: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
      POWERBI_CLIENT_ID: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      POWERBI_CLIENT_SECRET: 'Xy7~abc.DEF_123-secret',
      POWERBI_WORKSPACE_ID: 'AB12CD34-5678-4ef0-9abc-def012345678',
    };
    /** The message a configuration of `env` is refused with. */
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return undefined;
    };

    it('is off (the demo reports) when none is set, also when all are empty', () => {
      expect(loadConfig({}).powerBi).toBeUndefined();
      expect(
        loadConfig({
          POWERBI_TENANT_ID: '',
          POWERBI_CLIENT_ID: ' ',
          POWERBI_CLIENT_SECRET: '',
          POWERBI_WORKSPACE_ID: '',
          POWERBI_API_URL: '',
          POWERBI_AUTHORITY_HOST: '',
        }).powerBi,
      ).toBeUndefined();
    });

    it("reads the four variables, ids lower-cased, with the public cloud's API and authority by default", () => {
      const powerBi = loadConfig(POWERBI).powerBi;
      expect(powerBi).toEqual({
        tenantId: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
        clientId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        workspaceId: 'ab12cd34-5678-4ef0-9abc-def012345678',
        apiUrl: 'https://api.powerbi.com',
        authorityHost: 'https://login.microsoftonline.com',
      });
      expect(powerBi?.clientSecret).toBe('Xy7~abc.DEF_123-secret');
      expect(loadConfig({ ...POWERBI, POWERBI_TENANT_ID: 'Contoso.onmicrosoft.com' }).powerBi?.tenantId).toBe(
        'contoso.onmicrosoft.com',
      );
    });

    it('keeps the client secret out of anything that prints or serialises the configuration', () => {
      const config = loadConfig(POWERBI);
      expect(JSON.stringify(config)).not.toContain(POWERBI.POWERBI_CLIENT_SECRET);
      expect(Object.keys(config.powerBi!)).not.toContain('clientSecret');
    });

    it.each([
      [['POWERBI_CLIENT_SECRET'], 'POWERBI_CLIENT_SECRET'],
      [['POWERBI_TENANT_ID', 'POWERBI_WORKSPACE_ID'], 'POWERBI_TENANT_ID, POWERBI_WORKSPACE_ID'],
      [
        ['POWERBI_TENANT_ID', 'POWERBI_CLIENT_ID', 'POWERBI_CLIENT_SECRET'],
        'POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET',
      ],
    ])('refuses a partial set (without %j), naming what is missing', (without, named) => {
      const env: NodeJS.ProcessEnv = { ...POWERBI };
      for (const name of without) env[name] = name === 'POWERBI_CLIENT_SECRET' ? '  ' : undefined;
      expect(refusal(env)).toBe(
        `Power BI needs all of POWERBI_TENANT_ID, POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET, POWERBI_WORKSPACE_ID (or none of them, for the demo reports); missing: ${named}`,
      );
    });

    it('counts POWERBI_API_URL or POWERBI_AUTHORITY_HOST alone as a partial set, and never echoes the secret of a partial one', () => {
      expect(refusal({ POWERBI_API_URL: 'https://api.powerbi.com' })).toMatch(
        new RegExp(`missing: ${POWERBI_REQUIRED_VARIABLES.join(', ')}$`),
      );
      expect(refusal({ POWERBI_AUTHORITY_HOST: 'https://login.microsoftonline.com' })).toMatch(
        /^Power BI needs all of/,
      );
      expect(refusal({ POWERBI_CLIENT_SECRET: POWERBI.POWERBI_CLIENT_SECRET })).not.toContain(
        POWERBI.POWERBI_CLIENT_SECRET,
      );
    });

    it('refuses ids that are not GUIDs (the tenant may also be a domain), naming the variable', () => {
      expect(refusal({ ...POWERBI, POWERBI_CLIENT_ID: 'my-app' })).toBe(
        'POWERBI_CLIENT_ID must be the app registration\'s application (client) id, a GUID, got "my-app"',
      );
      expect(refusal({ ...POWERBI, POWERBI_WORKSPACE_ID: 'Finance' })).toBe(
        'POWERBI_WORKSPACE_ID must be the Power BI workspace id, a GUID, got "Finance"',
      );
      expect(refusal({ ...POWERBI, POWERBI_TENANT_ID: 'contoso tenant' })).toMatch(
        /^POWERBI_TENANT_ID must be the Entra ID tenant's id \(a GUID\) or one of its domains/,
      );
      expect(refusal({ ...POWERBI, POWERBI_TENANT_ID: '../common' })).toMatch(/^POWERBI_TENANT_ID must be/);
    });

    it.each(['has space', 'sk-\u00e9', 'x'.repeat(501)])(
      'refuses a malformed POWERBI_CLIENT_SECRET without echoing it (%#)',
      (secret) => {
        expect(refusal({ ...POWERBI, POWERBI_CLIENT_SECRET: secret })).toBe(
          'POWERBI_CLIENT_SECRET must be 1 to 500 printable ASCII characters without spaces',
        );
      },
    );

    it('reads POWERBI_API_URL and POWERBI_AUTHORITY_HOST as origins (a trailing slash is dropped); http only for this machine', () => {
      const powerBi = loadConfig({
        ...POWERBI,
        POWERBI_API_URL: 'https://api.powerbigov.us/',
        POWERBI_AUTHORITY_HOST: 'https://login.microsoftonline.us',
      }).powerBi;
      expect(powerBi).toMatchObject({
        apiUrl: 'https://api.powerbigov.us',
        authorityHost: 'https://login.microsoftonline.us',
      });
      const local = loadConfig({
        ...POWERBI,
        POWERBI_API_URL: 'http://127.0.0.1:5123',
        POWERBI_AUTHORITY_HOST: 'http://localhost:5123/',
      }).powerBi;
      expect(local).toMatchObject({ apiUrl: 'http://127.0.0.1:5123', authorityHost: 'http://localhost:5123' });
    });

    it.each([
      ['POWERBI_API_URL', 'http://api.powerbi.com', 'https://api.powerbi.com'],
      ['POWERBI_API_URL', 'https://api.powerbi.com/v1.0/myorg', 'https://api.powerbi.com'],
      ['POWERBI_API_URL', 'https://user:pw@api.powerbi.com', 'https://api.powerbi.com'],
      ['POWERBI_API_URL', 'api.powerbi.com', 'https://api.powerbi.com'],
      ['POWERBI_AUTHORITY_HOST', 'https://login.microsoftonline.com/common', 'https://login.microsoftonline.com'],
      ['POWERBI_AUTHORITY_HOST', 'https://login.microsoftonline.com?x=1', 'https://login.microsoftonline.com'],
      ['POWERBI_AUTHORITY_HOST', 'http://10.0.0.5', 'https://login.microsoftonline.com'],
    ])('refuses %s=%j without echoing it', (name, value, example) => {
      expect(refusal({ ...POWERBI, [name]: value })).toBe(
        `${name} must be an https:// origin without path, such as ${example} (http:// only for 127.0.0.1 or localhost)`,
      );
    });
  });
});
