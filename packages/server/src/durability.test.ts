import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthApi, createHttp, isApiError, type LoginPayload } from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, cookieJarFetch, freePort, SERVER_DIR } from './test-support';

const serverDir = SERVER_DIR;
const outDir = join(serverDir, '.test-build');
const outfile = join(outDir, `main-${process.pid}.mjs`);

/** Starts the real server process and resolves once it prints its ready line. */
function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [outfile], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Cloud Portal ready at')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${out}`)));
  });
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('durability: acknowledged writes survive kill -9 of the server process (embedded PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-durability-'));
  let port: number;

  beforeAll(async () => {
    // main.ts's runMain with the anchors seed: sessions need the demo accounts, not the long tail of
    // cost rows whose first seed would be most of this test's time.
    await bundleServer(outfile, {
      stdin: {
        contents: `import { runMain } from './ops/start';\nvoid runMain({ seed: {} });`,
        resolveDir: join(serverDir, 'src'),
        loader: 'ts',
      },
    });
    port = await freePort();
  }, 60_000);

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outfile, { force: true });
  });

  it('keeps a session issued and a session revoked before the crash', async () => {
    const baseUrl = `http://127.0.0.1:${port}`;
    const session = () => {
      const jar = cookieJarFetch();
      return { jar, auth: createAuthApi(createHttp({ baseUrl, fetch: jar })) };
    };
    const login = async (auth: ReturnType<typeof createAuthApi>) => {
      const { id_token } = await auth.devIdentityToken('ada@contoso.example');
      const claims = JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString()) as {
        oid: string;
        tid: string;
      };
      const payload: LoginPayload = {
        id: claims.oid,
        tenantId: claims.tid,
        upn: 'ada@contoso.example',
        preview: false,
        token: id_token,
      };
      expect((await auth.login(payload)).status).toBe(200);
    };

    let server = await startServer(port, dataDir);
    const kept = session();
    const revoked = session();
    await login(kept.auth);
    await login(revoked.auth);
    const revokedCookie = revoked.jar.cookies.get('cp_refresh');
    await revoked.auth.logout();
    await killHard(server);

    server = await startServer(port, dataDir);
    try {
      await expect(kept.auth.refreshToken()).resolves.toHaveProperty('access_token');
      revoked.jar.cookies.set('cp_refresh', revokedCookie!);
      const refused = await revoked.auth.refreshToken().catch((e: unknown) => e);
      expect(isApiError(refused, 401)).toBe(true);
    } finally {
      await killHard(server);
    }
  }, 90_000);
});
