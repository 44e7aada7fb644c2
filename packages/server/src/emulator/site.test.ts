import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../app';
import { loadConfig } from '../config';
import { emulatorOriginFor, withEmulatorSite } from './site';

const CSP = contentSecurityPolicy({ entra: undefined, guidanceVideoOrigins: [] });
const at = (host: string, url = '/billing/overview', headers: Record<string, string> = {}) => ({
  protocol: 'http' as const,
  host,
  url,
  headers,
});

describe("where the demo reports' frame is served (POWERBI_EMULATOR_SITE)", () => {
  it('given the default, when the portal is opened on a loopback name, then the frame is on its twin, framed by the portal', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config.emulatorSite).toBe('twin');
    expect(emulatorOriginFor(config, at('localhost:4173'))).toBe('http://127.0.0.1:4173');
    expect(emulatorOriginFor(config, at('127.0.0.1:4173'))).toBe('http://localhost:4173');
    // A default port is not part of the origin a browser compares with.
    expect(emulatorOriginFor(config, at('localhost:80'))).toBe('http://127.0.0.1');
    // The portal's page may frame the twin …
    const page = withEmulatorSite(CSP, config, at('localhost:4173'));
    expect(page).toContain("frame-src 'self' http://127.0.0.1:4173 https://app.powerbi.com;");
    expect(page).toContain("frame-ancestors 'self'");
    expect(page).not.toContain("frame-ancestors 'self' http");
    // … and the frame page, served on the twin, may be framed by the portal.
    const frame = withEmulatorSite(CSP, config, at('127.0.0.1:4173', '/powerbi-emulator/reportEmbed?reportId=1'));
    expect(frame).toContain("frame-ancestors 'self' http://localhost:4173");
  });

  it('given a partner’s page on another origin asking, then the frame stays on the portal’s origin its CSP names', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    const embedCall = '/services/api-portal-customer/api/report/embed/token/report/billing-overview';
    expect(
      emulatorOriginFor(config, at('localhost:4173', embedCall, { origin: 'http://127.0.0.1:8080' })),
    ).toBeUndefined();
    // The portal's own page asking (an Origin of its own, as a POST would send) still gets the twin.
    expect(emulatorOriginFor(config, at('localhost:4173', embedCall, { origin: 'http://localhost:4173' }))).toBe(
      'http://127.0.0.1:4173',
    );
  });

  it('given any other address, then the frame stays on the portal’s own origin and the CSP is unchanged', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(emulatorOriginFor(config, at('portal.contoso.example'))).toBeUndefined();
    expect(withEmulatorSite(CSP, config, at('portal.contoso.example'))).toBe(CSP);
  });

  it('given POWERBI_EMULATOR_SITE=own, then the frame is always on the portal’s own origin', () => {
    const config = loadConfig({ DATA_DIR: 'memory://', POWERBI_EMULATOR_SITE: 'own' });
    expect(emulatorOriginFor(config, at('localhost:4173'))).toBeUndefined();
    expect(withEmulatorSite(CSP, config, at('localhost:4173'))).toBe(CSP);
  });

  it('given another value, then the server does not start, naming the choices', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', POWERBI_EMULATOR_SITE: 'elsewhere' })).toThrow(
      'POWERBI_EMULATOR_SITE must be "twin" or "own", got "elsewhere"',
    );
  });
});
