/**
 * Screenshots for the chatbot tests, built from raw bytes: an image type's magic bytes (what the
 * server checks, with the size) followed by zero padding. Not real images — nothing here decodes them.
 */
import type { ChatScreenshotType } from '@cloudportal/core/rules';

/** The first bytes of each image type (PNG signature, JPEG SOI + APP0 marker, WebP RIFF header). */
export const MAGIC: Readonly<Record<ChatScreenshotType | 'image/gif', Buffer>> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
  'image/gif': Buffer.from('GIF89a'),
};

/** `bytes` bytes starting with the magic bytes of `magic`. */
export function imageBytes(magic: keyof typeof MAGIC, bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  MAGIC[magic].copy(out);
  return out;
}

/** A base64 data: URL of `bytes` bytes declared as `type` whose content starts like `magic` (default `type`). */
export function screenshotUrl(
  type: string,
  bytes = 256,
  magic: keyof typeof MAGIC = (type in MAGIC ? type : 'image/png') as keyof typeof MAGIC,
): string {
  return `data:${type};base64,${imageBytes(magic, bytes).toString('base64')}`;
}
