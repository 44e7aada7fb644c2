import fastifyStatic from '@fastify/static';
import { unavailableMessages } from '@cloudportal/core/launcher';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_IMMUTABLE } from '../http/compression';
import { problem } from '../http/problem';
import { ownOrigin } from '../sites/cors';
import { MAJOR, newestOfMajor, readIntegrity, releasesIn, VERSION } from './releases';
import { pinnedSnippet } from './snippet';

/** Options of {@link sdkReleaseRoutes}. */
export interface SdkReleaseOptions {
  /** The folder of releases served: one `{version}/` folder each, with its integrity.json. */
  releasesDir: string;
}

/** Public code: any origin's page may load it (a module script is fetched in CORS mode) and embed it. */
const PUBLIC = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' } as const;
/** How long a browser or CDN keeps `/sdk/{major}/…`'s answer before asking which release it names. */
export const MAJOR_ALIAS_CACHE = 'public, max-age=300';
/** How long the list of releases is read from disk again: a release another instance added shows within it. */
const LISTING_TTL_MS = 5_000;

/** A path inside a release: its segments plain file names, never `..`. */
const FILE_PATH = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

/**
 * The origin a partner's page reaches this server at: the request's own, or what a proxy in front
 * (TLS terminated there) says it was asked for (`X-Forwarded-Proto`, `X-Forwarded-Host`).
 */
function publicOrigin(request: FastifyRequest): string {
  const first = (name: string) =>
    String(request.headers[name] ?? '')
      .split(',')[0]
      ?.trim() ?? '';
  const proto = first('x-forwarded-proto');
  const host = first('x-forwarded-host');
  if (!/^https?$/.test(proto) || !/^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) return ownOrigin(request);
  return `${proto}://${host}`;
}

function notFound(reply: FastifyReply, detail: string) {
  // A missing SDK file is the embedding developer's mistake: answered in English.
  return reply.code(404).headers(PUBLIC).type('application/json').send(problem('Not Found', detail));
}

/**
 * The SDK's releases, as CDNs serve a package's versions:
 * - `/sdk/{version}/{file}` — a release's files, immutable (a year, `immutable`), with their brotli
 *   or gzip copies; `/sdk/{version}/integrity.json` lists each with its sha384 hash;
 * - `/sdk/{version}/snippet.txt` — the HTML that loads that release with Subresource Integrity,
 *   for this portal's origin;
 * - `/sdk/{major}/{file}` — a redirect (302, kept five minutes) to the newest release of that major,
 *   so relative chunk imports resolve inside one release;
 * - `/sdk/releases.json` — the versions served, newest last, and the newest of each major.
 */
export async function sdkReleaseRoutes(app: FastifyInstance, { releasesDir }: SdkReleaseOptions): Promise<void> {
  let listed: { at: number; versions: string[] } | undefined;
  const versions = () => {
    if (!listed || Date.now() - listed.at > LISTING_TTL_MS)
      listed = { at: Date.now(), versions: releasesIn(releasesDir) };
    return listed.versions;
  };

  await app.register(fastifyStatic, {
    root: releasesDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', CACHE_IMMUTABLE);
      for (const [name, value] of Object.entries(PUBLIC)) res.setHeader(name, value);
    },
  });

  app.get('/sdk/releases.json', { schema: { hide: true } }, async (_request, reply) => {
    const all = versions();
    const majors = [...new Set(all.map((v) => VERSION.exec(v)?.[1] ?? ''))];
    const latest = Object.fromEntries(majors.map((m) => [m, newestOfMajor(all, m)]).filter(([, v]) => v));
    return reply.headers({ ...PUBLIC, 'Cache-Control': 'no-cache' }).send({ versions: all, latest });
  });

  app.get<{ Params: { release: string; '*': string } }>(
    // A release's name starts with a digit: anything else under /sdk/ is the latest build's (app.ts).
    '/sdk/:release(^[0-9][0-9a-zA-Z.-]*$)/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { release, '*': file } = request.params;
      if (!FILE_PATH.test(file)) return notFound(reply, `No file ${file} in the SDK's releases`);
      if (MAJOR.test(release)) {
        const newest = newestOfMajor(versions(), release);
        if (!newest) return notFound(reply, `No release of the SDK's major version ${release}`);
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply
          .headers({ ...PUBLIC, 'Cache-Control': MAJOR_ALIAS_CACHE })
          .redirect(`/sdk/${newest}/${file}${query}`, 302);
      }
      if (!VERSION.test(release) || !versions().includes(release))
        return notFound(reply, `No release ${release} of the SDK`);
      if (file === 'snippet.txt') {
        const integrity = readIntegrity(releasesDir, release);
        if (!integrity) return notFound(reply, `No integrity.json in release ${release}`);
        const base = `${publicOrigin(request)}/sdk/${release}/`;
        return reply
          .headers({ ...PUBLIC, 'Cache-Control': 'no-cache' })
          .type('text/plain; charset=utf-8')
          .send(pinnedSnippet({ base, integrity, unavailable: unavailableMessages }));
      }
      return reply.sendFile(`${release}/${file}`);
    },
  );
}
