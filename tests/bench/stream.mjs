// `npm run bench:stream`: how soon the visitor reads an answer (issue 40) — the time to its first
// words streamed (`POST …/generate` with `Accept: text/event-stream`) against the time to the whole
// answer (the spec's JSON call), through the built server with an OpenAI-compatible model. The model
// is the assistant tests' fake (packages/server/src/chatbot/test-openai.ts, through tests/tools/importTs.mjs
// as the e2e run's fake Power BI is): it writes 100 pieces of about 20 characters, 20 ms apart (a
// model at about 50 tokens a second). The server runs on PostgreSQL (the hand-written demo rows), so
// the bench can clear the assistant's rate limit (2 a minute, spec §9) between questions. Interleaved,
// medians. Not a test: nothing here fails on a slow machine. BENCH_RUNS sets the runs (default 7).
import { importTs } from '../tools/importTs.mjs';
import { median } from './browserPage.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';
import { freePort, postgresEnv, signIn, startServer } from './serverProcess.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const PIECES = 100;
const PIECE_MS = 20;
const CHATBOT = '/services/ai-chatbot/api/chat';

const { answer, startFakeOpenAi, textChunks } = await importTs(
  ["export { answer, startFakeOpenAi, textChunks } from './packages/server/src/chatbot/test-openai.ts';"],
  'bench-fake-model',
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const piece = (i) => `Piece ${String(i).padStart(3, '0')} of the answer. `;

/**
 * The model's answer, computed when asked: streamed, each piece PIECE_MS after the one before;
 * asked for a whole answer, the same text after the same time.
 */
function writingModel(request) {
  if (!request.body.stream)
    return { ...answer(Array.from({ length: PIECES }, (_, i) => piece(i)).join('')), delayMs: PIECES * PIECE_MS };
  const [role, , stop, usage] = textChunks('');
  const chunk = (content) => ({ ...textChunks(content)[1] });
  let previous = Promise.resolve();
  const items = [role];
  for (let i = 0; i < PIECES; i++) {
    previous = previous.then(() => sleep(PIECE_MS));
    items.push(previous, chunk(piece(i)));
  }
  return { stream: [...items, stop, usage] };
}

const fake = await startFakeOpenAi();
const database = await postgresEnv('cp_bench_stream');
if (!database) {
  console.error('bench:stream needs PostgreSQL (to clear the rate limit between questions): none was found.');
  process.exit(1);
}
const server = startServer(await freePort(), {
  ...database,
  DEMO_DATA: 'anchors',
  ASSISTANT_PROVIDER: 'openai',
  ASSISTANT_BASE_URL: fake.baseUrl,
  ASSISTANT_API_KEY: 'bench-key',
  ASSISTANT_MODEL: 'gpt-test',
});
const { default: pg } = await import('pg');
const db = new pg.Client({ connectionString: database.DATABASE_URL });

try {
  await server.ready;
  await db.connect();
  const { auth } = await signIn(server.base, 'ada@contoso.example');
  const post = (path, body, accept) =>
    fetch(server.base + CHATBOT + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth, ...(accept ? { accept } : {}) },
      body: JSON.stringify(body),
    });

  /** One question: ms to the first text event (streamed) and to the whole answer. */
  async function ask(streamed) {
    await db.query('delete from assistant_requests');
    const { chatId } = await (await post('/create', {})).json();
    fake.script(writingModel);
    const start = performance.now();
    const res = await post(
      '/generate',
      { chatId, question: 'What did we spend last month?', chat_dataset: 'azure' },
      streamed ? 'text/event-stream' : undefined,
    );
    if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
    if (!streamed) {
      await res.json();
      const whole = performance.now() - start;
      return { first: whole, whole };
    }
    let first = null;
    const decoder = new TextDecoder();
    for await (const bytes of res.body) {
      if (first === null && decoder.decode(bytes, { stream: true }).includes('event: text'))
        first = performance.now() - start;
    }
    return { first, whole: performance.now() - start };
  }

  await ask(true);
  await ask(false);
  const results = { streamed: [], json: [] };
  for (let i = 0; i < runs; i++) {
    results.streamed.push(await ask(true));
    results.json.push(await ask(false));
  }
  const rows = [
    ['streamed (`Accept: text/event-stream`)', results.streamed],
    ['whole (the spec’s JSON call)', results.json],
  ].map(([label, r]) => ({
    label,
    first: median(r.map((x) => x.first)),
    whole: median(r.map((x) => x.whole)),
  }));
  console.log(
    `\nAn answer of ${PIECES} pieces written ${PIECE_MS} ms apart by an OpenAI-compatible model (${runs} runs each, medians):\n`,
  );
  console.log(`${'answer'.padEnd(42)}${'first words ms'.padStart(16)}${'whole answer ms'.padStart(17)}`);
  for (const r of rows)
    console.log(`${r.label.padEnd(42)}${r.first.toFixed(0).padStart(16)}${r.whole.toFixed(0).padStart(17)}`);
  writeBenchReport('stream', {
    title: 'Time to the first words of an answer',
    command: benchCommand('npm run bench:stream', ['BENCH_RUNS']),
    body: [
      `The built server on PostgreSQL with an OpenAI-compatible model (the assistant tests' fake) that writes ${PIECES} pieces of about 20 characters ${PIECE_MS} ms apart; ada asks in a new chat each time, streamed and whole interleaved, ${runs} runs each, medians. *First words*: from the request to the first \`text\` event (streamed) or to the answer (whole).`,
      '',
      markdownTable(
        ['answer', 'first words ms:', 'whole answer ms:'],
        rows.map((r) => [r.label, r.first.toFixed(0), r.whole.toFixed(0)]),
      ),
    ].join('\n'),
  });
} finally {
  await db.end().catch(() => {});
  server.child.kill('SIGTERM');
  await server.exit;
  await fake.close();
}
