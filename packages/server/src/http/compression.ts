import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The answers worth compressing: text, JSON (problem details included), JavaScript, XML and SVG.
 * Server-sent events stay as they are written, so each event reaches the browser when it is sent.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/](?:json|javascript|xml)(?:;|$)|^image\/svg\+xml/;

/** Below this an answer goes as it is: headers would outweigh what compression saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers above {@link COMPRESSION_THRESHOLD_BYTES} (brotli at quality 4,
 * else gzip, as the request's `Accept-Encoding` allows; `Vary: Accept-Encoding` beside them). The
 * built files come with their brotli and gzip copies (host-example/precompress.mjs), served as they
 * are by {@link staticFileHeaders}' registrations; an answer that already has a `Content-Encoding`,
 * a range (206) or a type outside {@link COMPRESSIBLE_TYPES} is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
  });
}

/** How long a browser keeps a file, by whether its name carries its content's hash. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file that keeps its name across builds: the browser asks again each time, the ETag answers 304. */
export const CACHE_REVALIDATE = 'no-cache';

/**
 * The `setHeaders` of a static folder served with its precompressed copies: `Vary:
 * Accept-Encoding` (the same URL answers brotli, gzip or plain), a year and `immutable` for a file
 * named by its content's hash (`hashed(path)`), revalidation by ETag for any other, and `extra`.
 */
export function staticFileHeaders(
  hashed: (path: string) => boolean,
  extra: Record<string, string> = {},
): (res: { setHeader(name: string, value: string): unknown }, path: string) => void {
  return (res, path) => {
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', hashed(path) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  };
}
