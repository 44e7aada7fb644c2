// A refused upload is answered once and ends there: no error after the answer (the route once
// inspected what its reading helper returned, and a Fastify reply is a thenable, so the helper's
// promise resolved to undefined and the handler threw after the 415 had gone out).
import { createSettingsApi, type SettingsApi } from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, signInAs, startTestServer, type TestServer } from '../test-support';

describe('refused uploads', () => {
  let server: TestServer;
  let ada: SettingsApi;
  const lines: string[] = [];
  const errors = () =>
    lines
      .map((l) => JSON.parse(l) as { level: number; msg?: string; err?: { message?: string } })
      .filter((l) => l.level >= 50);

  beforeAll(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'warn' }, logStream: { write: (line) => lines.push(line) } });
    ada = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
  });
  afterAll(() => server.close());

  it('given an SVG logo with a script, an empty file and a type not allowed, then each is refused with its status and the server logs no error', async () => {
    const hostile = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await expectStatus(
      ada.uploadFile('branding-logo', new Blob([hostile], { type: 'image/svg+xml' }), 'logo.svg'),
      415,
    );
    await expectStatus(ada.uploadFile('doc', new Blob([], { type: 'text/plain' }), 'empty.txt'), 400, /empty/);
    await expectStatus(ada.uploadFile('doc', new Blob(['x'], { type: 'application/x-msdownload' }), 'a.exe'), 415);
    // A file name the database cannot store (issue 39 §7).
    await expectStatus(
      ada.uploadFile('doc', new Blob(['x'], { type: 'text/plain' }), 'a\u0000.txt'),
      400,
      'The value of filename holds a NUL character (U+0000), which cannot be stored: remove it and send again.',
    );
    // The handler's failure after an answer is logged when its promise settles: let it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors()).toEqual([]);
  });
});
