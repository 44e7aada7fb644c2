import { randomBytes } from 'node:crypto';
import { exportJWK, exportPKCS8, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../db/database';

/** The server's signing material: loaded from the database, generated and stored on first start. */
export interface ServerKeys {
  /** HS256 secret of the app token. */
  appTokenSecret: Uint8Array;
  /** RS256 key pair of the dev identity issuer. */
  devIssuer: { privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK; kid: string };
}

async function loadOrCreate(db: Database, name: string, create: () => Promise<string>): Promise<string> {
  const found = await db.query<{ value: string }>('select value from server_keys where name = $1', [name]);
  if (found.rows[0]) return found.rows[0].value;
  const value = await create();
  // Two servers starting together agree on whichever key was stored first.
  await db.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [name, value]);
  const stored = await db.query<{ value: string }>('select value from server_keys where name = $1', [name]);
  return stored.rows[0]!.value;
}

/**
 * Loads the keys. `APP_TOKEN_SECRET` (at least 32 characters), when set, replaces the stored secret,
 * so several servers behind one load balancer can share it.
 */
export async function loadKeys(db: Database, appTokenSecret?: string): Promise<ServerKeys> {
  const secret =
    appTokenSecret ?? (await loadOrCreate(db, 'app-token-secret', async () => randomBytes(48).toString('base64url')));
  const pem = await loadOrCreate(db, 'dev-issuer-private-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return exportPKCS8(privateKey);
  });
  const privateKey = await importPKCS8(pem, 'RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const publicJwk: JWK = { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: 'RS256', use: 'sig', kid: 'dev-1' };
  const publicKey = (await importJWK(publicJwk, 'RS256')) as CryptoKey;
  return {
    appTokenSecret: new TextEncoder().encode(secret),
    devIssuer: { privateKey, publicKey, publicJwk, kid: 'dev-1' },
  };
}
