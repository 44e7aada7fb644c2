import { describe, expect, it } from 'vitest';
import { isAllowedGuidanceVideo } from './videos';

const ORIGINS = ['https://www.youtube-nocookie.com', 'https://*.vimeo.com', 'https://media.example:8443'];

describe('guidance video addresses (spec §2 "Guidance dialog": what may go into the frame)', () => {
  it.each([
    '/videos/embed/cost-analysis',
    '/videos/embed/cost-analysis?autoplay=1#t=3',
    'https://www.youtube-nocookie.com/embed/abc123',
    'https://player.vimeo.com/video/1',
    'https://media.example:8443/v/1',
  ])('given %s on the server with the allowed origins, then it is accepted', (src) => {
    expect(isAllowedGuidanceVideo(src, ORIGINS)).toBe(true);
  });

  it.each([
    ['a data: page', 'data:text/html,<script>alert(1)</script>'],
    ['a data: page in mixed case', 'DaTa:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript: behind a leading space', ' javascript:alert(1)'],
    ['javascript: with a tab inside', 'java\tscript:alert(1)'],
    ['javascript: with a newline inside', 'java\nscript:alert(1)'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['VBScript: in mixed case', 'VBScript:msgbox(1)'],
    ['plain http:', 'http://www.youtube-nocookie.com/embed/abc123'],
    ['HTTP: in upper case', 'HTTP://www.youtube-nocookie.com/embed/abc123'],
    ['blob:', 'blob:https://portal.example/1234'],
    ['a protocol-relative address', '//evil.example/videos/x'],
    ['a backslash trick', '/\\evil.example/videos/x'],
    ['a path outside /videos/', '/api/auth/refresh-token'],
    ['a path that climbs out of /videos/', '/videos/../api/auth/refresh-token'],
    ['credentials in the address', 'https://user:pass@www.youtube-nocookie.com/embed/x'],
    ['an https origin not allowed', 'https://evil.example/embed/x'],
    ['a look-alike of a wildcard origin', 'https://vimeo.com.evil.example/video/1'],
    ['the wildcard origin itself without a subdomain', 'https://vimeo.com/video/1'],
    ['an allowed host on another port', 'https://media.example/v/1'],
    ['an empty address', ''],
  ])('given %s, then it is refused', (_what, src) => {
    expect(isAllowedGuidanceVideo(src, ORIGINS)).toBe(false);
  });

  it('given no origin list (the client), then any https page and our own /videos/ are accepted, and every other scheme refused', () => {
    expect(isAllowedGuidanceVideo('https://evil.example/embed/x')).toBe(true);
    expect(isAllowedGuidanceVideo('/videos/embed/x')).toBe(true);
    for (const src of ['data:text/html,x', 'javascript:alert(1)', 'vbscript:x', 'http://host/x', ' https://host/x'])
      expect(isAllowedGuidanceVideo(src)).toBe(false);
  });

  it('given something that is not a string, then it is refused', () => {
    expect(isAllowedGuidanceVideo(null)).toBe(false);
    expect(isAllowedGuidanceVideo(42)).toBe(false);
  });
});
