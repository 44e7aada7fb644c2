import { describe, expect, it } from 'vitest';
import { chatEn } from '../i18n/chatMessages';
import { createTranslator, registerMessages } from '../i18n/messages';
import { chatRetryText } from './chat';
import { CHAT_RETRY_DEFAULT_S, CHAT_RETRY_MAX_S, retryAfterSeconds, retrySecondsLeft } from './chatRateLimit';

const NOW = Date.parse('2026-10-21T07:28:00.000Z');

describe('retryAfterSeconds (spec §8 "HTTP 429", §9 "Assistant rate limit")', () => {
  it('given delay-seconds, then that many seconds', () => {
    expect(retryAfterSeconds('30', NOW)).toBe(30);
    expect(retryAfterSeconds(' 7 ', NOW)).toBe(7);
    expect(retryAfterSeconds('1', NOW)).toBe(1);
  });

  it("given '0', then no wait", () => {
    expect(retryAfterSeconds('0', NOW)).toBe(0);
  });

  it('given an HTTP date, then the seconds from now until it, rounded up; a date already past waits nothing', () => {
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:45 GMT', NOW)).toBe(45);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:45 GMT', NOW + 500)).toBe(45);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:45 GMT', NOW + 1000)).toBe(44);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:27:00 GMT', NOW)).toBe(0);
  });

  it('given more than a minute, as seconds or as a date, then the wait is capped at 60 s', () => {
    expect(CHAT_RETRY_MAX_S).toBe(60);
    expect(retryAfterSeconds('61', NOW)).toBe(60);
    expect(retryAfterSeconds('3600', NOW)).toBe(60);
    expect(retryAfterSeconds('99999999999999999999999', NOW)).toBe(60);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 09:00:00 GMT', NOW)).toBe(60);
  });

  it('given no header, then the default wait of a minute', () => {
    expect(CHAT_RETRY_DEFAULT_S).toBe(60);
    expect(retryAfterSeconds(null, NOW)).toBe(60);
    expect(retryAfterSeconds(undefined, NOW)).toBe(60);
    expect(retryAfterSeconds('', NOW)).toBe(60);
  });

  it.each([
    '-5',
    '1.5',
    '30s',
    'soon',
    '0x10',
    'Wed, 32 Oct 2026 07:28:45 GMT',
    'Wednesday, 21-Oct-26 07:28:45 GMT',
    '2026-10-21T07:28:45Z',
  ])("given the unreadable value '%s', then the default wait", (value) => {
    expect(retryAfterSeconds(value, NOW)).toBe(CHAT_RETRY_DEFAULT_S);
  });
});

describe('retrySecondsLeft', () => {
  it('given a wait that ends in 3 s, then 3, 3, 2, 1, 0 as the time passes: 0 only once it is over', () => {
    const until = NOW + 3000;
    expect(retrySecondsLeft(until, NOW)).toBe(3);
    expect(retrySecondsLeft(until, NOW + 1)).toBe(3);
    expect(retrySecondsLeft(until, NOW + 1000)).toBe(2);
    expect(retrySecondsLeft(until, NOW + 2999)).toBe(1);
    expect(retrySecondsLeft(until, NOW + 3000)).toBe(0);
    expect(retrySecondsLeft(until, NOW + 10_000)).toBe(0);
  });
});

describe('chatRetryText (spec §8 countdown)', () => {
  it('given seconds left, then the countdown text, singular for 1', () => {
    expect(chatRetryText(42)).toBe('You can ask again in 42 seconds.');
    expect(chatRetryText(1)).toBe('You can ask again in 1 second.');
    expect(chatEn['chat.retry.seconds']).toBe('You can ask again in {count} seconds.');
  });

  it('given a German catalogue, then the countdown comes from it', () => {
    registerMessages(chatEn);
    const german = createTranslator({
      'chat.retry.second': 'Sie können in 1 Sekunde wieder fragen.',
      'chat.retry.seconds': 'Sie können in {count} Sekunden wieder fragen.',
    });
    expect(chatRetryText(5, german)).toBe('Sie können in 5 Sekunden wieder fragen.');
    expect(chatRetryText(1, german)).toBe('Sie können in 1 Sekunde wieder fragen.');
  });
});
