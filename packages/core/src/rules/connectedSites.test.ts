import { describe, expect, it } from 'vitest';
import { deMessages } from '../i18n/de';
import { createTranslator } from '../i18n/messages';
import {
  connectedSiteProblems,
  isPartnerRefusal,
  narrowPieces,
  originProblem,
  PARTNER_REFUSALS,
  PARTNER_TOKEN_MAX_LIFETIME_S,
  partnerClaimsProblem,
  partnerRefusalMessage,
  siteAllows,
  SITE_ORIGINS_MAX,
  type ConnectedSiteForm,
  type SitePieces,
} from './connectedSites';

const german = createTranslator({}, deMessages);
const production = { development: false };
const development = { development: true };
const none: SitePieces = {
  assistant: false,
  search: false,
  feedback: false,
  savedViews: false,
  pages: [],
  reports: [],
};
const site = (patch: Partial<ConnectedSiteForm> = {}): ConnectedSiteForm => ({
  name: 'Fabrikam partner site',
  origins: ['https://partner.example'],
  pieces: { ...none, assistant: true },
  ...patch,
});

describe('issue 38 §1: a connected site’s origins', () => {
  it('given an exact https origin, then it is one', () => {
    expect(originProblem('https://partner.example', production)).toBeNull();
    expect(originProblem('https://partner.example:8443', production)).toBeNull();
  });

  it('given a path, a trailing slash, a query or a wildcard, then it is refused by name', () => {
    expect(originProblem('https://partner.example/portal', production)).toBe(
      "'https://partner.example/portal' has a path, a query or a trailing slash: enter the origin only, such as https://partner.example.",
    );
    expect(originProblem('https://partner.example/', production)).toMatch(/trailing slash/);
    expect(originProblem('https://partner.example?x=1', production)).toMatch(/a query/);
    expect(originProblem('https://*.partner.example', production)).toBe(
      "'https://*.partner.example' has a wildcard: enter each site's exact origin.",
    );
    expect(originProblem('partner.example', production)).toBe(
      "'partner.example' is not an origin such as https://partner.example.",
    );
    expect(originProblem('ftp://partner.example', production)).toMatch(/is not an origin/);
    expect(originProblem('  ', production)).toBe('An origin is empty: remove the empty line.');
  });

  it('given http, then only a loopback origin in development mode is allowed', () => {
    expect(originProblem('http://localhost:4180', development)).toBeNull();
    expect(originProblem('http://127.0.0.1:4180', development)).toBeNull();
    expect(originProblem('http://127.0.0.1:4180', production)).toBe(
      "'http://127.0.0.1:4180' must use https://. http:// is allowed for localhost and 127.0.0.1 while the server runs in development mode.",
    );
    expect(originProblem('http://partner.example', development)).toMatch(/must use https/);
  });

  it('given the German catalogue, then the refusal is German', () => {
    expect(originProblem('https://*.x.example', production, german)).toBe(
      '„https://*.x.example“ enthält einen Platzhalter: Geben Sie den genauen Ursprung jeder Website ein.',
    );
  });
});

describe('issue 38 §1: a connected site’s form', () => {
  it('given a name, an origin and a piece, then it may be saved', () => {
    expect(connectedSiteProblems(site(), production)).toEqual({});
  });

  it('given no name, no origin and no piece, then each field says what is missing', () => {
    expect(connectedSiteProblems(site({ name: ' ', origins: [], pieces: none }), production)).toEqual({
      name: 'Enter a name for the site.',
      origins: 'Enter at least one origin, such as https://partner.example.',
      pieces: 'Choose at least one piece the site may show.',
    });
  });

  it('given an origin twice or too many, then the origins are refused', () => {
    expect(connectedSiteProblems(site({ origins: ['https://a.example', 'https://a.example'] }), production)).toEqual({
      origins: "'https://a.example' is listed twice.",
    });
    const many = Array.from({ length: SITE_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example`);
    expect(connectedSiteProblems(site({ origins: many }), production).origins).toBe('Enter at most 20 origins.');
  });

  it('given a page list with an unknown page, then it is named', () => {
    const form = site({ pieces: { ...none, pages: ['subscriptions', 'nope'] } });
    expect(connectedSiteProblems(form, { development: false, knownPages: new Set(['subscriptions']) })).toEqual({
      pieces: "There is no page 'nope'.",
    });
    expect(connectedSiteProblems(site({ pieces: { ...none, reports: [''] } }), production).pieces).toBe(
      'A listed page or report is empty or longer than 100 characters.',
    );
    expect(connectedSiteProblems(site({ pieces: { ...none, reports: Array(201).fill('r') } }), production).pieces).toBe(
      'List at most 200 pages or reports.',
    );
  });

  it('given a JWKS address over http or a public key that is not PEM, then they are refused', () => {
    expect(
      connectedSiteProblems(site({ jwksUrl: 'http://keys.example/jwks.json', publicKey: 'abc' }), production),
    ).toEqual({
      jwksUrl: 'Enter an https:// address.',
      publicKey: 'Paste a PEM public key, from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----.',
    });
    expect(connectedSiteProblems(site({ jwksUrl: 'http://127.0.0.1:4180/jwks.json' }), development)).toEqual({});
  });

  it('given the German catalogue, then the form’s problems are German', () => {
    expect(connectedSiteProblems(site({ name: '', pieces: none }), production, german)).toEqual({
      name: 'Geben Sie einen Namen für die Website ein.',
      pieces: 'Wählen Sie mindestens einen Baustein, den die Website zeigen darf.',
    });
  });
});

describe('issue 38 §2: a partner token’s claims', () => {
  const now = 1_800_000_000;
  const claims = {
    sub: 'ada@contoso.example',
    tid: 'contoso',
    aud: 'cloudportal',
    jti: 'j1',
    iat: now,
    exp: now + 300,
  };

  it('given a subject, a tenant, the audience, a jti and a 5-minute expiry, then they are accepted', () => {
    expect(partnerClaimsProblem(claims, now)).toBeNull();
    expect(partnerClaimsProblem({ ...claims, scp: ['assistant', 'search'] }, now)).toBeNull();
  });

  it('given an expiry past, then the token has expired; beyond 10 minutes, then it is not valid', () => {
    expect(partnerClaimsProblem({ ...claims, exp: now - 60 }, now)).toEqual({
      code: 'token-expired',
      reason: 'The token has expired.',
    });
    expect(partnerClaimsProblem({ ...claims, exp: now + PARTNER_TOKEN_MAX_LIFETIME_S + 120 }, now)).toEqual({
      code: 'token-invalid',
      reason: 'exp may be at most 600 seconds after iat.',
    });
  });

  it('given a claim missing or wrong, then the reason names it', () => {
    expect(partnerClaimsProblem({ ...claims, sub: undefined }, now)?.reason).toMatch(/^sub/);
    expect(partnerClaimsProblem({ ...claims, tid: '' }, now)?.reason).toMatch(/^tid/);
    expect(partnerClaimsProblem({ ...claims, aud: 'other' }, now)?.reason).toBe("aud must be 'cloudportal'.");
    expect(partnerClaimsProblem({ ...claims, jti: undefined }, now)?.reason).toMatch(/^jti/);
    expect(partnerClaimsProblem({ ...claims, exp: undefined }, now)?.reason).toBe('exp is required.');
    expect(partnerClaimsProblem({ ...claims, scp: ['settings'] }, now)?.reason).toMatch(/^scp/);
  });
});

describe('issue 38 §2–§3: pieces of a site and of a token', () => {
  const pieces: SitePieces = { ...none, assistant: true, search: true, pages: ['subscriptions'], reports: 'all' };

  it('given a token’s scp, then the site’s pieces narrow to those named', () => {
    expect(narrowPieces(pieces, ['assistant', 'reports'])).toEqual({ ...none, assistant: true, reports: 'all' });
    expect(narrowPieces(pieces, undefined)).toBe(pieces);
  });

  it('given a need, then the site allows it only when its piece, page or report is listed', () => {
    expect(siteAllows(pieces, { piece: 'session' })).toBe(true);
    expect(siteAllows(pieces, { piece: 'never' })).toBe(false);
    expect(siteAllows(pieces, { piece: 'assistant' })).toBe(true);
    expect(siteAllows(pieces, { piece: 'feedback' })).toBe(false);
    expect(siteAllows(pieces, { piece: 'pages', page: 'subscriptions' })).toBe(true);
    expect(siteAllows(pieces, { piece: 'pages', page: 'azure-resources' })).toBe(false);
    expect(siteAllows(pieces, { piece: 'pages' })).toBe(true);
    expect(siteAllows(pieces, { piece: 'pages', page: ['azure-focus', 'subscriptions'] })).toBe(true);
    expect(siteAllows(pieces, { piece: 'pages', page: [] })).toBe(false);
    expect(siteAllows(none, { piece: 'pages' })).toBe(false);
    expect(siteAllows(pieces, { piece: 'reports', report: 'any' })).toBe(true);
  });

  it('given each refusal code, then its message reads in English and German', () => {
    for (const code of PARTNER_REFUSALS) {
      expect(isPartnerRefusal(code)).toBe(true);
      expect(partnerRefusalMessage(code)).not.toBe(`server.partner.${code}`);
      expect(partnerRefusalMessage(code, german)).not.toBe(partnerRefusalMessage(code));
    }
    expect(isPartnerRefusal('nope')).toBe(false);
    expect(partnerRefusalMessage('token-reused')).toBe(
      'This sign-in was already used. Reload the page to sign in again.',
    );
    expect(partnerRefusalMessage('site-disabled', german)).toBe(
      'Die Verbindung dieser Website zum Portal ist ausgeschaltet.',
    );
  });
});
