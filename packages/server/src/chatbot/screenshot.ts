/**
 * Spec §3 "Message" (`data.screenshot`) and §5 "Chat message" ("Send is disabled when the text is
 * empty and there is no screenshot"): the screenshot a question may carry. The spec names it but not
 * its form; ours (`@cloudportal/core/rules`) is a base64 `data:` URL of a PNG, JPEG or WebP image of
 * at most 2 MiB. The client checks the same rules, but a caller need not be our client, so the
 * server checks them again — and also that the bytes really are an image of the declared type (their
 * magic bytes), so nothing else is stored under an image's name or sent to a model as one.
 */
import {
  CHAT_SCREENSHOT_MAX_BYTES,
  CHAT_SCREENSHOT_MAX_DATA_URL,
  chatScreenshotError,
  chatScreenshotIssue,
  parseScreenshotDataUrl,
  type ChatScreenshotType,
} from '@cloudportal/core/rules';
import type { AssistantScreenshot } from './engine';

/** The readable messages of a screenshot the generate route refuses (400). */
export const SCREENSHOT_MESSAGES = {
  /** Not a base64 `data:` URL at all. */
  notDataUrl: 'The screenshot must be a base64 data: URL of a PNG, JPEG or WebP image.',
  /** A `data:` URL of another type (image/gif, text/plain, …). */
  type: 'The screenshot must be a PNG, JPEG or WebP image.',
  /** Over {@link CHAT_SCREENSHOT_MAX_BYTES}: 'The screenshot is larger than 2 MB.' (the client's text). */
  size: chatScreenshotError('size'),
  /** The bytes are not an image of the declared type. */
  content: (type: ChatScreenshotType) =>
    `The screenshot is declared as ${type} but its content is not a ${TYPE_NAME[type]} image.`,
} as const;

const TYPE_NAME: Readonly<Record<ChatScreenshotType, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

/** `data:<type>;base64,` of any type, to tell "another type" from "not a data URL". */
const ANY_DATA_URL = /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)(?:;[^,;]*)*;base64,/i;

/** The first bytes of each type: PNG's 8-byte signature, JPEG's SOI marker and first marker, WebP's RIFF…WEBP header. */
function hasMagicBytes(type: ChatScreenshotType, head: Buffer): boolean {
  if (type === 'image/png')
    return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (type === 'image/jpeg') return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
}

/** A screenshot as checked: accepted (its type, base64 and the data URL as sent), or refused with a readable message. */
export type ScreenshotCheck =
  { ok: true; screenshot: AssistantScreenshot & { dataUrl: string } } | { ok: false; message: string };

/**
 * Checks a screenshot's data URL: a base64 `data:` URL, of a PNG, JPEG or WebP image, of at most
 * 2 MiB, whose first bytes are those of its declared type. Only the first 12 bytes are decoded.
 */
export function checkScreenshot(dataUrl: string): ScreenshotCheck {
  const declared = ANY_DATA_URL.exec(dataUrl)?.[1]?.toLowerCase();
  // parseScreenshotDataUrl refuses a URL much longer than the largest screenshot's; that is a size issue, not a type one.
  if (declared && dataUrl.length > CHAT_SCREENSHOT_MAX_DATA_URL) {
    return {
      ok: false,
      message:
        chatScreenshotIssue({ type: declared, size: CHAT_SCREENSHOT_MAX_BYTES + 1 }) === 'type'
          ? SCREENSHOT_MESSAGES.type
          : SCREENSHOT_MESSAGES.size,
    };
  }
  const parsed = parseScreenshotDataUrl(dataUrl);
  if (!parsed) {
    if (!declared) return { ok: false, message: SCREENSHOT_MESSAGES.notDataUrl };
    return {
      ok: false,
      message:
        chatScreenshotIssue({ type: declared, size: 0 }) === 'type'
          ? SCREENSHOT_MESSAGES.type
          : SCREENSHOT_MESSAGES.notDataUrl,
    };
  }
  const issue = chatScreenshotIssue(parsed);
  if (issue) return { ok: false, message: issue === 'type' ? SCREENSHOT_MESSAGES.type : SCREENSHOT_MESSAGES.size };
  // 16 base64 characters are 12 bytes: enough for every signature above.
  if (!hasMagicBytes(parsed.type, Buffer.from(parsed.base64.slice(0, 16), 'base64')))
    return { ok: false, message: SCREENSHOT_MESSAGES.content(parsed.type) };
  return { ok: true, screenshot: { type: parsed.type, base64: parsed.base64, dataUrl } };
}
