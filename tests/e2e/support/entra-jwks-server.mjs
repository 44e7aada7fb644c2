// The public half of the fake Entra ID's signing key, served as a JWKS for the e2e server
// (ENTRA_JWKS_URL). The fake identity provider itself runs inside the tests (fakeEntra.ts); only
// its keys must be reachable by the reference server, which verifies every identity token.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// Only the public members of the RSA key leave this file.
const key = JSON.parse(readFileSync(new URL('./fake-entra-test-key.json', import.meta.url), 'utf8'));
const publicJwk = Object.fromEntries(['kty', 'n', 'e', 'kid', 'alg', 'use'].map((name) => [name, key[name]]));
const port = Number(process.env.E2E_JWKS_PORT ?? 4180);

createServer((request, response) => {
  if (request.url === '/discovery/v2.0/keys') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [publicJwk] }));
    return;
  }
  response.writeHead(404).end();
}).listen(port, '127.0.0.1', () => console.log(`fake Entra ID keys on http://127.0.0.1:${port}/discovery/v2.0/keys`));
