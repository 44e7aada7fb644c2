// Issue 24 §2: "Server answers that carry text (… 400/403 messages shown to users) follow the request's
// locale (`Accept-Language`, or the client's configured locale)."
import { FEEDBACK_MESSAGES, pseudoLocalize, SEARCH_MESSAGES } from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, type TestServer } from '../test-support';

const GERMAN = 'de-DE,de;q=0.9,en;q=0.5';

describe("the server's refusals in the request's language", () => {
  let server: TestServer;
  let ada: string;
  let max: string;

  beforeAll(async () => {
    server = await startTestServer();
    const [a, m] = await Promise.all([
      signInAs(server, 'ada@contoso.example'),
      signInAs(server, 'max@fabrikam.example'),
    ]);
    ada = a.getToken()!;
    max = m.getToken()!;
  });
  afterAll(() => server.close());

  /** The status and `{error, message}` of a call, in `language` when given. */
  async function call(
    method: string,
    path: string,
    { token = ada, language, json }: { token?: string; language?: string; json?: unknown } = {},
  ) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(language ? { 'accept-language': language } : {}),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: res.status, body: (await res.json()) as { error: string; message: string; errors?: object } };
  }

  const feedback = '/services/api-portal-customer/api/portal/menu/feedback';
  const invalidFeedback = { menuUuid: '00000000-0000-4000-8000-000000000000', rating: 3, type: 'Bug', comment: ' ' };

  it('given invalid feedback and Accept-Language de, then the 400 says what is wrong in German, the reason phrase in English', async () => {
    const { status, body } = await call('POST', feedback, { language: GERMAN, json: invalidFeedback });
    expect(status).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toBe('Ein Kommentar ist erforderlich.');
    expect(body.errors).toEqual({ comment: 'Ein Kommentar ist erforderlich.' });
  });

  it('given the same feedback in the pseudo-locale (en-XA), then the 400 is its English accented and longer', async () => {
    const { status, body } = await call('POST', feedback, { language: 'en-XA', json: invalidFeedback });
    expect(status).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toBe(pseudoLocalize(FEEDBACK_MESSAGES.commentRequired));
  });

  it('given the same feedback without Accept-Language, or in a language without messages, then the 400 is English as shipped', async () => {
    for (const language of [undefined, 'fr-FR']) {
      const { status, body } = await call('POST', feedback, { language, json: invalidFeedback });
      expect(status).toBe(400);
      expect(body.message).toBe(FEEDBACK_MESSAGES.commentRequired);
    }
  });

  it('given a refusal with a value in it (search text too long), then the German message carries the value', async () => {
    const path = `/services/api-portal-customer/api/portal/menu/index?query=${'x'.repeat(101)}`;
    expect((await call('GET', path, { language: GERMAN })).body.message).toBe(
      'Ihr Suchbegriff darf höchstens 100 Zeichen lang sein.',
    );
    expect((await call('GET', path)).body.message).toBe(SEARCH_MESSAGES.tooLong);
  });

  it("given the server's own refusals (403 settings, 404 chat), then they follow the language too", async () => {
    const settings = await call('POST', '/services/api-portal-customer/api/activate', { token: max, language: 'de' });
    expect(settings.status).toBe(403);
    expect(settings.body.message).toBe('Nur Mandantenadministratoren dürfen Einstellungen ändern.');
    const chat = '/services/ai-chatbot/api/chat/history/no-such-chat';
    const german = await call('DELETE', chat, { language: 'de' });
    expect(german.status).toBe(404);
    expect(german.body).toEqual({ error: 'Not Found', message: 'Der Chat wurde nicht gefunden.' });
    expect((await call('DELETE', chat)).body.message).toBe('Chat not found.');
  });

  it('given a settings test in German, then its checks and their summary are German (the dashboard shows them)', async () => {
    const { status, body } = await call('POST', '/services/api-portal-customer/api/surveil/test', { language: 'de' });
    expect(status).toBe(200);
    expect(body.message).toMatch(/Es wurde kein externer Dienst aufgerufen/);
    expect((await call('POST', '/services/api-portal-customer/api/surveil/test')).body.message).toMatch(
      /No external service was called/,
    );
  });

  it('given no app token and Accept-Language de, then the 401 asks to sign in in German', async () => {
    const res = await fetch(`${server.baseUrl}/services/api-portal-customer/api/account`, {
      headers: { 'accept-language': 'de' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Melden Sie sich zuerst an: Der Authorization-Header muss ein Bearer-App-Token enthalten.',
    );
  });
});
