import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce of the page this request is answered with, when it is one of the portal's pages. */
    cspNonce: string | null;
  }
}

/** A fresh nonce: 128 random bits, base64 (a CSP nonce-source takes base64). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * `html` with `nonce` on each of its `<script>` and `<link>` elements, and a `<meta property=
 * "csp-nonce">` first in its head, where the host's module preloader reads the nonce for the
 * `<link rel="modulepreload">` it adds.
 */
export function withNonce(html: string, nonce: string): string {
  const attr = ` nonce="${nonce}"`;
  const tagged = html.replace(/<(script|link)\b(?![^>]*\bnonce=)/gi, (tag) => `${tag}${attr}`);
  return tagged.replace(/<head>/i, (head) => `${head}<meta property="csp-nonce"${attr} />`);
}

/**
 * Sends the portal's own HTML pages (the host's index.html, the partner pages) each with a nonce of
 * its own on every script, which the page's Content-Security-Policy names (`script-src 'nonce-…'
 * 'strict-dynamic'`, app.ts): read from disk when the file changed, never cached with its nonce
 * (no ETag, so a browser never pairs an old body with a new policy).
 */
export function createPageSender(): (
  request: FastifyRequest,
  reply: FastifyReply,
  dir: string,
  file: string,
) => Promise<FastifyReply> {
  const cache = new Map<string, { mtimeMs: number; size: number; text: string }>();
  const read = async (path: string) => {
    const { mtimeMs, size } = await stat(path);
    const cached = cache.get(path);
    if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.text;
    const text = await readFile(path, 'utf8');
    cache.set(path, { mtimeMs, size, text });
    return text;
  };
  return async (request, reply, dir, file) => {
    const nonce = newNonce();
    const html = withNonce(await read(join(dir, file)), nonce);
    request.cspNonce = nonce;
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
}
