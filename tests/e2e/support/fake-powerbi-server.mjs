// The fake Power BI REST API and Microsoft Entra ID token endpoint the e2e run's live-mode portal
// server talks to (POWERBI_API_URL = POWERBI_AUTHORITY_HOST = this server; tests/e2e/support/powerbiLive.ts).
// It is the server tests' fake (tests/fixtures/fakePowerBi.ts: client credentials, bearer checks,
// GenerateTokenRequestV2, the errors Power BI answers), bundled with esbuild (tests/tools/importTs.mjs) as Node runs
// no TypeScript, and it knows the seeded reports (packages/server/src/seed/reports.ts) at their entity
// ids with the seed's page names, so the Power BI embed emulator renders them with the reference
// server's definitions. A front on the fixed port hands every call to it, and answers two of its own:
//   GET /__e2e/health  — ready
//   GET /__e2e/calls   — the calls it received (no secret, no bearer token) and the embed tokens it issued
// The live-mode portal's assistant is an OpenAI-compatible model too (ASSISTANT_PROVIDER=openai,
// ASSISTANT_BASE_URL = this server's /v1): the assistant tests' fake model (packages/server/src/
// chatbot/test-openai.ts), scripted by the e2e test (tests/e2e/assistant-streaming.spec.ts):
//   POST /__e2e/model/script       — the model's next answers: {"steps": [...]}, each a stream of
//                                    {"text": "…"} pieces, {"wait": "name"} (held until released) and
//                                    "hang" (nothing more, the connection kept), or {"json": …}
//   POST /__e2e/model/release/NAME — lets a stream held at {"wait": NAME} go on
//   GET  /__e2e/model/requests     — the requests the model received: whether each was streamed
//                                    and whether the portal closed it before its end (a Stop)
import { createServer, request as httpRequest } from 'node:http';
import { importTs } from '../../tools/importTs.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (tests/playwright.config.ts sets it)`);
  return value;
};
const port = Number(env('FAKE_POWERBI_PORT'));
const app = {
  tenantId: env('FAKE_POWERBI_TENANT_ID'),
  clientId: env('FAKE_POWERBI_CLIENT_ID'),
  clientSecret: env('FAKE_POWERBI_CLIENT_SECRET'),
};
const workspaceId = env('FAKE_POWERBI_WORKSPACE_ID');
const embedTokenSeconds = Number(process.env.FAKE_POWERBI_EMBED_TOKEN_SECONDS || 0);

const {
  startFakePowerBi,
  startFakeOpenAi,
  textChunks,
  usageChunk,
  DEMO_REPORTS,
  CONTOSO_CUSTOM_REPORTS,
  CONTOSO_WORKSPACE_ID,
  seedPages,
} = await importTs(
  [
    "export { startFakePowerBi } from './tests/fixtures/fakePowerBi.ts';",
    "export { startFakeOpenAi, textChunks, usageChunk } from './packages/server/src/chatbot/test-openai.ts';",
    "export { DEMO_REPORTS, CONTOSO_CUSTOM_REPORTS, CONTOSO_WORKSPACE_ID, seedPages } from './packages/server/src/seed/reports.ts';",
  ],
  'fake-powerbi-entry',
);

const fake = await startFakePowerBi(app);
if (embedTokenSeconds > 0) fake.embedTokenMs = embedTokenSeconds * 1000;
const datasetOf = (entityId) => `da7a5e70-${entityId.slice(9)}`;
const pagesOf = (report) => seedPages(report).map((p, order) => ({ name: p.name, displayName: p.displayName, order }));
// The product's reports in the configured workspace (POWERBI_WORKSPACE_ID), Contoso's custom ones in Contoso's own.
for (const r of DEMO_REPORTS) {
  if (r.entityId)
    fake.addReport({ workspaceId, id: r.entityId, name: r.name, datasetId: datasetOf(r.entityId), pages: pagesOf(r) });
}
for (const c of CONTOSO_CUSTOM_REPORTS) {
  fake.addReport({
    workspaceId: CONTOSO_WORKSPACE_ID,
    id: c.entityId,
    name: c.id,
    datasetId: datasetOf(c.entityId),
    pages: pagesOf(c),
  });
}

/** A call as the test may see it: the token form without its secret, GenerateToken's body, no headers. */
function summary(call) {
  const bearer = /^Bearer (\S+)$/.exec(call.headers.authorization ?? '')?.[1];
  const out = { kind: call.kind, method: call.method, path: call.path };
  if (call.kind === 'token') {
    const form = Object.fromEntries(new URLSearchParams(call.body));
    delete form.client_secret;
    out.body = form;
  } else {
    if (call.kind === 'generateToken') {
      try {
        out.body = JSON.parse(call.body);
      } catch {
        out.body = call.body;
      }
    }
    out.bearerIssuedHere = !!bearer && fake.accessTokens.includes(bearer);
  }
  return out;
}

const model = await startFakeOpenAi();
const modelUpstream = new URL(model.baseUrl);
/** Streams held at {"wait": name}, by name, until released. */
const waiting = new Map();
const gate = (name) => {
  let open;
  const opened = new Promise((resolve) => (open = resolve));
  waiting.set(name, open);
  return opened;
};
const [roleChunk, , stopChunk] = textChunks('');
const contentChunk = (content) => ({ ...textChunks(content)[1] });

/** The test's script as the fake model's steps: pieces of text, waits and hangs in the real chunk format. */
function modelSteps(steps) {
  return steps.map((step) => {
    if (!step.stream) return step;
    const items = [roleChunk];
    let hangs = false;
    for (const item of step.stream) {
      if (item === 'hang') {
        items.push('hang');
        hangs = true;
      } else if (item.wait) items.push(gate(item.wait));
      else items.push(contentChunk(item.text));
    }
    if (!hangs) items.push(stopChunk, usageChunk);
    return { stream: items };
  });
}

const readJson = (req) =>
  new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString() || '{}')));
  });

/** The fake model's admin calls (see the top); false when `req` is not one. */
async function modelAdmin(req, res) {
  if (req.method === 'POST' && req.url === '/__e2e/model/script') {
    const { steps } = await readJson(req);
    model.script(...modelSteps(steps));
    return res.writeHead(204).end();
  }
  const release = /^\/__e2e\/model\/release\/(.+)$/.exec(req.url ?? '');
  if (req.method === 'POST' && release) {
    waiting.get(decodeURIComponent(release[1]))?.();
    return res.writeHead(204).end();
  }
  if (req.method === 'GET' && req.url === '/__e2e/model/requests') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end(
      JSON.stringify(model.requests.map((r) => ({ stream: !!r.body.stream, closedEarly: r.closedEarly }))),
    );
  }
  return false;
}

const upstream = new URL(fake.url);
createServer(async (req, res) => {
  if (req.url?.startsWith('/__e2e/model/') && (await modelAdmin(req, res)) !== false) return;
  // The model's calls go to the fake model; a call the portal closes early (a Stop) is closed there too.
  const to = req.url?.startsWith('/v1/') ? modelUpstream : upstream;
  if (req.method === 'GET' && req.url === '/__e2e/health')
    return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  if (req.method === 'GET' && req.url === '/__e2e/calls') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end(JSON.stringify({ calls: fake.calls.map(summary), embedTokens: fake.embedTokens }));
  }
  const forward = httpRequest(
    { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => res.destroy());
  res.on('close', () => {
    if (!res.writableFinished) forward.destroy();
  });
  req.pipe(forward);
}).listen(port, '127.0.0.1', () =>
  console.log(`fake Power BI REST API and Entra ID token endpoint on http://127.0.0.1:${port}`),
);
