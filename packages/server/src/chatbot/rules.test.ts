import { describe, expect, it } from 'vitest';
import { characters, exchangeCost } from './cost';
import { money, possessive, table } from './format';
import { sanitizeQuestion } from './sanitize';
import { CHAT_SCREENSHOT_MAX_BYTES, CHAT_SCREENSHOT_MAX_DATA_URL } from '@cloudportal/core/rules';
import { checkScreenshot, SCREENSHOT_MESSAGES } from './screenshot';
import { defaultChatName, questionLabel } from './store';
import { MAGIC, screenshotUrl } from './test-images';
import { addMonths, monthsBetween, parseTimeRange, periodLabel } from './time';

describe('question sanitizing (spec §5 "The message is HTML-sanitized")', () => {
  it.each([
    ['<img src=x onerror=alert(1)>Hello', 'Hello'],
    ['Hi <script>alert("x")</script>there', 'Hi there'],
    ['<scr<script>ipt>alert(1)</script>cost', ''], // what is left, '<scrcost', is an open tag
    ['<a href="javascript:alert(1)">link</a>', 'link'],
    ['javascript:alert(1)', 'alert(1)'],
    ['JaVaScRiPt :alert(1)', 'alert(1)'],
    ['see onmouseover=steal() now', 'see steal() now'],
    ['&lt;img src=x onerror=alert(1)&gt;costs', 'costs'],
    ['&#60;script&#62;alert(1)&#60;/script&#62;budgets', 'budgets'],
    ['<style>body{display:none}</style><b>bold</b> text', 'bold text'],
    ['<!-- hidden -->visible', 'visible'],
    ['unclosed <img src=x onerror=alert(1)', 'unclosed'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['a < b and c > d', 'a < b and c > d'],
    ['Costs & budgets for R&D', 'Costs & budgets for R&D'],
    ['  line one\r\n\r\n\r\n\r\nline two  ', 'line one\n\nline two'],
    ['tab\tand\u0000null\u0007bell', 'tab\tandnullbell'],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeQuestion(input)).toBe(expected);
  });

  it('leaves no tag, handler or script URL in any of many nested attempts', () => {
    const attacks = [
      '<<script>script>alert(1)<</script>/script>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<div onclick="alert(1)">x</div>',
      'java&#115;cript:alert(1)',
      '<img src=x onerror=&#97;lert(1)>',
      '"><svg/onload=alert(1)>',
    ];
    for (const attack of attacks)
      expect(sanitizeQuestion(attack)).not.toMatch(/<[a-z!/?]|on[a-z]+\s*=|javascript\s*:/i);
  });
});

describe('chat cost (spec §2 "The cost is shown")', () => {
  it('is (question + answer characters) / 1000 × price, rounded to six decimals', () => {
    expect(exchangeCost('abc', 'de', 1)).toBe(0.005);
    expect(exchangeCost('x'.repeat(400), 'y'.repeat(600), 0.002)).toBe(0.002);
    expect(exchangeCost('x'.repeat(1234), 'y'.repeat(5678), 0.0025)).toBe(0.01728);
    expect(exchangeCost('a', 'b', 0.0000001)).toBe(0);
    expect(exchangeCost('question', 'answer', 0)).toBe(0);
  });

  it('counts characters, not UTF-16 units: an emoji is one', () => {
    expect(characters('😀é')).toBe(2);
    expect(exchangeCost('😀', '😀', 1000)).toBe(2);
  });
});

describe('default chat name (the first question)', () => {
  it('keeps a short question whole, on one line', () => {
    expect(defaultChatName('  Are we\nover budget?  ')).toBe('Are we over budget?');
    expect(defaultChatName('x'.repeat(60))).toBe('x'.repeat(60));
  });

  it('cuts a long question at a word boundary to at most 60 characters plus an ellipsis', () => {
    const name = defaultChatName('Which Azure services cost the most last month, and which of them grew the fastest?');
    expect(name).toBe('Which Azure services cost the most last month, and which of…');
    expect(Array.from(name).length).toBeLessThanOrEqual(61);
    expect(defaultChatName('y'.repeat(80))).toBe(`${'y'.repeat(60)}…`);
  });

  it('names an empty question New chat', () => {
    expect(defaultChatName('   ')).toBe('New chat');
  });

  it("given a question that is a screenshot only, names it 'Screenshot'; text wins when there is any", () => {
    expect(defaultChatName(questionLabel('', true))).toBe('Screenshot');
    expect(defaultChatName(questionLabel(' \n ', true))).toBe('Screenshot');
    expect(defaultChatName(questionLabel('Why so high?', true))).toBe('Why so high?');
    expect(defaultChatName(questionLabel('', false))).toBe('New chat');
  });
});

describe('screenshot check (spec §3 "Message" data.screenshot): a PNG, JPEG or WebP data: URL of at most 2 MiB, by its bytes', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'] as const)(
    'given a %s whose bytes start like one, it is accepted with its type, base64 and URL',
    (type) => {
      const url = screenshotUrl(type, 100);
      expect(checkScreenshot(url)).toEqual({
        ok: true,
        screenshot: { type, base64: url.slice(url.indexOf(',') + 1), dataUrl: url },
      });
    },
  );

  it('given exactly 2 MiB it is accepted; one byte more is refused as too large, as is a URL longer than any 2 MiB image', () => {
    expect(checkScreenshot(screenshotUrl('image/webp', CHAT_SCREENSHOT_MAX_BYTES)).ok).toBe(true);
    expect(checkScreenshot(screenshotUrl('image/webp', CHAT_SCREENSHOT_MAX_BYTES + 1))).toEqual({
      ok: false,
      message: 'The screenshot is larger than 2 MB.',
    });
    const huge = screenshotUrl('image/png', CHAT_SCREENSHOT_MAX_BYTES + 4096);
    expect(huge.length).toBeGreaterThan(CHAT_SCREENSHOT_MAX_DATA_URL + 1024);
    expect(checkScreenshot(huge)).toEqual({ ok: false, message: SCREENSHOT_MESSAGES.size });
    expect(checkScreenshot(`data:image/gif;base64,${'A'.repeat(CHAT_SCREENSHOT_MAX_DATA_URL)}`)).toEqual({
      ok: false,
      message: SCREENSHOT_MESSAGES.type,
    });
  });

  it.each([
    ['not a data URL', 'hello', SCREENSHOT_MESSAGES.notDataUrl],
    ['an http URL', 'https://example.com/a.png', SCREENSHOT_MESSAGES.notDataUrl],
    ['a data URL that is not base64', 'data:image/png,%89PNG', SCREENSHOT_MESSAGES.notDataUrl],
    ['an empty image', 'data:image/png;base64,', SCREENSHOT_MESSAGES.notDataUrl],
    ['base64 of a bad length', 'data:image/png;base64,iVBORw0', SCREENSHOT_MESSAGES.notDataUrl],
    ['characters outside base64', 'data:image/png;base64,iVBO<>==', SCREENSHOT_MESSAGES.notDataUrl],
    ['a GIF', screenshotUrl('image/gif'), 'The screenshot must be a PNG, JPEG or WebP image.'],
    ['text/plain', `data:text/plain;base64,${Buffer.from('hello!').toString('base64')}`, SCREENSHOT_MESSAGES.type],
    ['an SVG', `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`, SCREENSHOT_MESSAGES.type],
    [
      'JPEG bytes declared PNG',
      screenshotUrl('image/png', 64, 'image/jpeg'),
      'The screenshot is declared as image/png but its content is not a PNG image.',
    ],
    [
      'PNG bytes declared JPEG',
      screenshotUrl('image/jpeg', 64, 'image/png'),
      'The screenshot is declared as image/jpeg but its content is not a JPEG image.',
    ],
    [
      'GIF bytes declared WebP',
      screenshotUrl('image/webp', 64, 'image/gif'),
      'The screenshot is declared as image/webp but its content is not a WebP image.',
    ],
    [
      'a RIFF that is not WebP',
      `data:image/webp;base64,${Buffer.concat([Buffer.from('RIFF\x24\0\0\0WAVE'), Buffer.alloc(20)]).toString('base64')}`,
      SCREENSHOT_MESSAGES.content('image/webp'),
    ],
    [
      'a PNG shorter than its signature',
      `data:image/png;base64,${MAGIC['image/png'].subarray(0, 6).toString('base64')}`,
      SCREENSHOT_MESSAGES.content('image/png'),
    ],
  ])('given %s, it is refused: %s', (_what, url, message) => {
    expect(checkScreenshot(url)).toEqual({ ok: false, message });
  });
});

describe('time ranges of a question', () => {
  const now = new Date('2025-07-15T10:00:00Z');

  it.each([
    ['costs last month', '2025-06', '2025-06', 'June 2025'],
    ['costs in the previous month', '2025-06', '2025-06', 'June 2025'],
    ['costs over the last 3 months', '2025-04', '2025-06', 'the last 3 months (April 2025 to June 2025)'],
    ['past six months', '2025-01', '2025-06', 'the last 6 months (January 2025 to June 2025)'],
    ['this month', '2025-07', '2025-07', 'July 2025 so far'],
    ['month to date', '2025-07', '2025-07', 'July 2025 so far'],
    ['last quarter', '2025-04', '2025-06', 'last quarter (April 2025 to June 2025)'],
    ['year to date', '2025-01', '2025-07', '2025 so far'],
    ['last year', '2024-01', '2024-12', '2024'],
    ['in June', '2025-06', '2025-06', 'June 2025'],
    ['in December', '2024-12', '2024-12', 'December 2024'],
    ['for may', '2025-05', '2025-05', 'May 2025'],
    ['March 2024', '2024-03', '2024-03', 'March 2024'],
    ['in feb', '2025-02', '2025-02', 'February 2025'],
    ['since April', '2025-04', '2025-07', 'April 2025 to July 2025 so far'],
    ['costs in 2025-03', '2025-03', '2025-03', 'March 2025'],
  ])('%j is %s to %s (%s)', (question, from, to, label) => {
    expect(parseTimeRange(question, now)).toEqual({ from, to, label });
  });

  it('finds none in a question without one, and does not read "may" as a month', () => {
    expect(parseTimeRange('Which services cost the most?', now)).toBeUndefined();
    expect(parseTimeRange('May I see the budgets?', now)).toBeUndefined();
    expect(parseTimeRange('what is the market share', now)).toBeUndefined();
  });

  it('counts months across years', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2024-11', 3)).toBe('2025-02');
    expect(monthsBetween('2024-11', '2025-02')).toBe(4);
    expect(monthsBetween('2025-02', '2024-11')).toBe(0);
    expect(periodLabel('2025-09')).toBe('September 2025');
  });
});

describe('answer formatting', () => {
  it('writes amounts in their currency and tables whose cells cannot break the table', () => {
    expect(money(1234.5, 'USD')).toBe('$1,234.50');
    expect(money(10, 'EUR')).toBe('€10.00');
    expect(table(['A', 'B'], [['x|y', '1\n2']], [1])).toBe('| A | B |\n| --- | ---: |\n| x\\|y | 1 2 |');
    expect([possessive('Contoso Ltd'), possessive('Wingtip Toys')]).toEqual(["Contoso Ltd's", "Wingtip Toys'"]);
  });
});
