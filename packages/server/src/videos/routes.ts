import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { loadVideoCatalog, videoCaption, VIDEO_ID_PATTERN, type DemoVideo } from './catalog';

/**
 * The demo guidance videos (spec §2 "Guidance dialog"): short WebM files of this server's own, so
 * the demo menu's guidance plays with no network. Public, like the other static files: a frame or a
 * `<video>` cannot send an app token, and the demo videos are not secret. A deployment's menu points
 * `assistanceSrc` at its own video host instead (GUIDANCE_VIDEO_ORIGINS lets the portal frame it).
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The player page, for a frame: the video fills it on black with its caption below. No script and
 * no inline style, so the HTML pages' strict CSP applies unchanged (its `frame-ancestors 'self'`
 * lets the portal frame it).
 */
function embedPage(video: DemoVideo): string {
  const caption = escapeHtml(videoCaption(video));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${caption}</title>
<link rel="stylesheet" href="/videos/embed.css">
</head>
<body>
<video controls autoplay muted playsinline preload="auto" src="/videos/${video.id}.webm" aria-label="${caption}"></video>
<p>${caption} · demo video</p>
</body>
</html>
`;
}

const EMBED_CSS = `html, body { margin: 0; height: 100%; background: #000; color: #e6e6e6; }
body { display: flex; flex-direction: column; font: 14px/1.4 system-ui, sans-serif; }
video { flex: 1; min-height: 0; width: 100%; object-fit: contain; background: #000; }
p { margin: 0; padding: 6px 12px; text-align: center; }
`;

/** The demo files change only when a maintainer regenerates them. */
const MAX_AGE = 24 * 3600;

/**
 * `GET /videos/{id}.webm` (the file, with Range requests so a player can seek),
 * `GET /videos/embed/{id}` (the player page) and its stylesheet `GET /videos/embed.css`.
 * A malformed id is a 400 and an unknown one a 404, both `{error, message}` like every route.
 */
export async function videoRoutes(app: FastifyInstance, config: Pick<ServerConfig, 'videosDir'>): Promise<void> {
  const videos = loadVideoCatalog(config.videosDir);
  const params = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', maxLength: 64, pattern: VIDEO_ID_PATTERN } },
  } as const;
  const known = (id: string) => videos.get(id);
  const unknown = (request: FastifyRequest<{ Params: { id: string } }>) =>
    problem('Not Found', answerText(request)('server.video.notFound', { id: request.params.id }));

  // In a scope of its own: this @fastify/static only lends `reply.sendFile` (ranges, ETag) to these routes.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: config.videosDir, serve: false });

    scope.get<{ Params: { id: string } }>('/videos/:id.webm', { schema: { params } }, (request, reply) => {
      if (!known(request.params.id)) return reply.code(404).send(unknown(request));
      return reply.sendFile(`${request.params.id}.webm`, { maxAge: MAX_AGE * 1000, acceptRanges: true });
    });

    scope.get<{ Params: { id: string } }>('/videos/embed/:id', { schema: { params } }, (request, reply) => {
      const video = known(request.params.id);
      if (!video) return reply.code(404).send(unknown(request));
      return reply
        .header('Cache-Control', `public, max-age=${MAX_AGE}`)
        .type('text/html; charset=utf-8')
        .send(embedPage(video));
    });

    scope.get('/videos/embed.css', (_request, reply) =>
      reply.header('Cache-Control', `public, max-age=${MAX_AGE}`).type('text/css; charset=utf-8').send(EMBED_CSS),
    );
  });
}
