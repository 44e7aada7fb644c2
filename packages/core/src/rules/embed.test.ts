import { describe, expect, it } from 'vitest';
import { AUTO_AUTH_EMBED_URL, INVALID_EMBED_URL, embedUrlError, frameUrl, isPowerBiHost, loopbackTwin } from './embed';

describe('embed URL (spec §5 "Embed facility rules")', () => {
  it('accepts https URLs on Power BI, Fabric, internal analysis and sovereign-cloud hosts', () => {
    for (const url of [
      'https://app.powerbi.com/reportEmbed?reportId=1&groupId=2',
      'https://app.fabric.microsoft.com/reportEmbed',
      'https://x.analysis.windows-int.net/reportEmbed',
      'https://app.powerbigov.us/reportEmbed',
      'https://app.high.powerbigov.us/reportEmbed',
      'https://app.powerbi.cn/reportEmbed',
    ]) {
      expect(embedUrlError(url), url).toBeNull();
    }
    expect(isPowerBiHost('powerbi.com')).toBe(false);
  });

  it("refuses http, other hosts and unreadable URLs with the spec's message", () => {
    expect(embedUrlError('http://app.powerbi.com/reportEmbed')).toBe(INVALID_EMBED_URL);
    expect(embedUrlError('https://app.powerbi.com.evil.example/reportEmbed')).toBe(INVALID_EMBED_URL);
    expect(embedUrlError('https://localhost:4173/powerbi-emulator/reportEmbed')).toBe(INVALID_EMBED_URL);
    expect(embedUrlError('/powerbi-emulator/reportEmbed')).toBe(INVALID_EMBED_URL);
    expect(INVALID_EMBED_URL).toBe(
      'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL',
    );
  });

  it("refuses autoAuth=true with the spec's message", () => {
    expect(embedUrlError('https://app.powerbi.com/reportEmbed?reportId=1&autoAuth=true')).toBe(AUTO_AUTH_EMBED_URL);
    expect(AUTO_AUTH_EMBED_URL).toBe(
      'Embed URL is invalid for this scenario. Please use Power BI REST APIs to get the valid URL',
    );
  });

  it("accepts the emulator's own origin, http included, and only that origin", () => {
    expect(
      embedUrlError('http://localhost:4173/powerbi-emulator/reportEmbed?reportId=1', ['http://localhost:4173']),
    ).toBeNull();
    expect(embedUrlError('http://localhost:9999/powerbi-emulator/reportEmbed', ['http://localhost:4173'])).toBe(
      INVALID_EMBED_URL,
    );
  });

  it("puts the embed's unique id in the frame URL's uid query, keeping the rest", () => {
    expect(frameUrl('https://app.powerbi.com/reportEmbed?reportId=1&groupId=2', 'u-1')).toBe(
      'https://app.powerbi.com/reportEmbed?reportId=1&groupId=2&uid=u-1',
    );
    expect(frameUrl('https://app.powerbi.com/reportEmbed?uid=old', 'u-2')).toBe(
      'https://app.powerbi.com/reportEmbed?uid=u-2',
    );
  });

  it("given the portal's locale, then the frame URL carries Power BI's language and formatLocale queries (issue 24 §2)", () => {
    expect(frameUrl('https://app.powerbi.com/reportEmbed?reportId=1', 'u-3', 'de')).toBe(
      'https://app.powerbi.com/reportEmbed?reportId=1&uid=u-3&language=de&formatLocale=de',
    );
  });
});

describe("the embed emulator's origins (not spec: the reference server's stand-in for Power BI)", () => {
  it('given a loopback origin, then its twin is the other loopback name with the same scheme and port', () => {
    expect(loopbackTwin('http://localhost:4173')).toBe('http://127.0.0.1:4173');
    expect(loopbackTwin('http://127.0.0.1:4173')).toBe('http://localhost:4173');
    expect(loopbackTwin('https://localhost')).toBe('https://127.0.0.1');
  });

  it('given any other origin, then there is no twin', () => {
    for (const origin of ['https://portal.contoso.example', 'http://[::1]:4173', 'file:///tmp', 'not a url', '']) {
      expect(loopbackTwin(origin), origin).toBeNull();
    }
  });

  it("given the API's origin trusted, then the emulator may be there or on its twin, and nowhere else", () => {
    const trusted = ['http://localhost:4173'];
    for (const url of [
      'http://localhost:4173/powerbi-emulator/reportEmbed?reportId=1',
      'http://127.0.0.1:4173/powerbi-emulator/reportEmbed?reportId=1',
    ])
      expect(embedUrlError(url, trusted), url).toBeNull();
    for (const url of [
      'http://127.0.0.1:4174/powerbi-emulator/reportEmbed?reportId=1',
      'https://127.0.0.1:4173/x',
      'http://[::1]:4173/x',
    ])
      expect(embedUrlError(url, trusted), url).toBe(INVALID_EMBED_URL);
    // A deployment's own host has no twin: only itself.
    expect(
      embedUrlError('https://portal.contoso.example/powerbi-emulator/reportEmbed', ['https://portal.contoso.example']),
    ).toBeNull();
    expect(embedUrlError('http://127.0.0.1/powerbi-emulator/reportEmbed', ['https://portal.contoso.example'])).toBe(
      INVALID_EMBED_URL,
    );
  });
});
