// The answer pipeline (spec §2 / §3: assistant answers are Markdown): marked + DOMPurify, with
// marked loaded lazily. `marked` is the real library, but held back behind a gate until the tests
// that watch the lazy load let it through; the tests of this file run in order.
import { portalChat, createPortalClient, type PortalClient } from '@cloudportal/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PortalProvider } from '../provider/PortalProvider';
import { isolatedTabs } from '../testing/fakeApi';
import { AssistantChat } from './AssistantChat';
import {
  answerText,
  escapeHtml,
  isMarkdownReady,
  loadMarkdown,
  renderAnswer,
  renderAnswerSync,
  sanitizeAnswerHtml,
} from './markdown';
import { chatFetch, fakeChatbot, storedChat } from './testing/fakeChatbot';

const gate = vi.hoisted(() => {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release, requested: false };
});

vi.mock('marked', async (importOriginal) => {
  gate.requested = true;
  await gate.opened;
  return importOriginal();
});

const clients: PortalClient[] = [];
afterAll(() => {
  for (const client of clients) client.dispose();
});

async function renderChat(chats = fakeChatbot()) {
  const client = createPortalClient({
    fetch: chatFetch(chats),
    storage: {},
    navigate: () => {},
    crossTab: isolatedTabs,
  });
  clients.push(client);
  const view = render(
    <PortalProvider client={client}>
      <AssistantChat mode="page" />
    </PortalProvider>,
  );
  await act(async () => {
    await client.start();
  });
  return { ...view, client };
}

/** Renders an answer into a detached box, as the view would insert it. */
async function rendered(markdown: string): Promise<HTMLElement> {
  const box = document.createElement('div');
  box.innerHTML = await renderAnswer(markdown);
  return box;
}

/** Everything in `box` that could run script or leave the page unsafely. */
function dangers(box: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of box.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'frame',
        'object',
        'embed',
        'svg',
        'math',
        'style',
        'form',
        'input',
        'button',
        'base',
        'meta',
        'link',
        'template',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      // Browsers ignore control characters and spaces in a URL's scheme.
      // eslint-disable-next-line no-control-regex
      const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
      if (attr.name === 'style' || attr.name === 'srcdoc' || attr.name === 'formaction')
        found.push(`${tag}[${attr.name}]`);
      if (/^(javascript|data|vbscript):/.test(value)) found.push(`${tag}[${attr.name}=${attr.value}]`);
    }
  }
  return found;
}

describe('lazy loading of marked', () => {
  it('the intro view does not ask for marked', async () => {
    const { client } = await renderChat();
    await waitFor(() => expect(portalChat(client).$chat.get().status).toBe('ready'));
    expect(
      screen.getByText('Instant answers and actionable insights to optimize your cloud environment'),
    ).toBeVisible();
    expect(gate.requested).toBe(false);
    expect(isMarkdownReady()).toBe(false);
    expect(renderAnswerSync('**bold**')).toBeNull();
  });

  it('an answer shows as escaped plain text until marked has loaded, then as Markdown', async () => {
    const hostile = '**Total** is <img src=x onerror="alert(1)"> USD 5';
    const { client, container } = await renderChat(fakeChatbot({ chats: [storedChat('c1', [['Total?', hostile]])] }));
    await waitFor(() => expect(portalChat(client).$chat.get().status).toBe('ready'));
    const answer = container.querySelector('li[data-sender="assistant"] .cp-answer')!;
    // The answer asks for the pipeline (marked with it), which the gate holds back.
    await waitFor(() => expect(gate.requested).toBe(true));
    // The raw text, exactly as written: nothing parsed, nothing run.
    expect(answer).toHaveTextContent(hostile);
    expect(answer).toHaveAttribute('data-format', 'text');
    expect(answer.querySelector('img, strong')).toBeNull();

    gate.release();
    await waitFor(() => expect(within(answer.closest('li')!).getByText('Total').tagName).toBe('STRONG'));
    const markdown = container.querySelector('li[data-sender="assistant"] .cp-answer')!;
    expect(markdown).toHaveAttribute('data-format', 'markdown');
    expect(markdown.querySelector('img')).not.toHaveAttribute('onerror');
    expect(dangers(markdown as HTMLElement)).toEqual([]);
    expect(isMarkdownReady()).toBe(true);
  });
});

describe('renderAnswer (marked + DOMPurify)', () => {
  it('keeps GFM tables, wrapped in a labelled, scrollable box', async () => {
    const box = await rendered('| Service | Cost |\n| --- | ---: |\n| VMs | 1,200 |\n| Storage | 300 |');
    const table = within(box).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Service', 'Cost']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const region = within(box).getByRole('group', { name: 'Table' });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(sanitizeAnswerHtml('<table><tr><td>1</td></tr></table>', { tableLabel: 'Tabelle' })).toContain(
      'aria-label="Tabelle"',
    );
  });

  it('renders emphasis, lists, code and headings', async () => {
    const box = await rendered('## Summary\n\n- **one**\n- *two*\n\n`code` and\n\n```\nblock <b>x</b>\n```');
    expect(within(box).getByRole('heading', { level: 2, name: 'Summary' }).tagName).toBe('H2');
    expect(within(box).getAllByRole('listitem')).toHaveLength(2);
    expect(box.querySelector('strong')).toHaveTextContent('one');
    expect(box.querySelector('pre code')).toHaveTextContent('block <b>x</b>');
    expect(box.querySelector('pre b')).toBeNull();
  });

  it('gives every link target=_blank and rel=noopener noreferrer, keeping http(s), mailto and relative URLs', async () => {
    const box = await rendered(
      '[Docs](https://learn.microsoft.com/azure) · <a href="http://example.com" target="_self" rel="opener">raw</a> · [mail](mailto:finance@contoso.example) · [report](/billing/azure/cost)',
    );
    const links = within(box).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://learn.microsoft.com/azure',
      'http://example.com',
      'mailto:finance@contoso.example',
      '/billing/azure/cost',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  describe('hostile Markdown and HTML: nothing runs, nothing survives', () => {
    const cases: [string, string][] = [
      ['a script element', 'Hello <script>window.__xss = 1</script> world'],
      ['a script split to dodge filters', '<scr<script>ipt>window.__xss = 1</script>'],
      ['an image with onerror', '<img src=x onerror="window.__xss = 1">'],
      ['a Markdown javascript: link', '[click](javascript:alert(1))'],
      ['a Markdown javascript: link in angle brackets', '[click](<javascript:alert(1)>)'],
      ['an autolink javascript:', '<javascript:alert(1)>'],
      ['a data: HTML link', '<a href="data:text/html,<script>alert(1)</script>">open</a>'],
      ['a Markdown data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
      ['a data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="chart">'],
      ['a Markdown data: image', '![chart](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
      ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
      ['an iframe', '<iframe src="https://evil.example"></iframe>'],
      ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
      ['an svg with onload', '<svg onload="alert(1)"><circle r="5"/></svg>'],
      ['an svg with a script', '<svg><script>alert(1)</script></svg>'],
      ['MathML with a javascript: link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
      [
        'an event handler in a table cell',
        '| a | b |\n| --- | --- |\n| <span onmouseover="alert(1)">1</span> | <a href="javascript:alert(1)" onclick="alert(1)">2</a> |',
      ],
      [
        'an event handler on a raw table',
        '<table onclick="alert(1)"><tr><td onfocus="alert(1)" tabindex="0">x</td></tr></table>',
      ],
      ['entity-encoded javascript:', '<a href="&#106;avascript:alert(1)">x</a>'],
      [
        'hex entities in the scheme',
        '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1)">x</a>',
      ],
      ['a tab inside the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
      ['a newline inside the scheme', '<a href="java&#x0A;script:alert(1)">x</a>'],
      ['leading spaces and upper case', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
      ['an entity-encoded Markdown link', '[x](&#106;avascript:alert(1))'],
      ['a tab inside a data: image', '<img src="da&#x09;ta:image/png;base64,AAAA" alt="x">'],
      [
        'a form with formaction',
        '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
      ],
      [
        'an object and embed',
        '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
      ],
      [
        'a style attribute and element',
        '<p style="background:url(javascript:alert(1))">x</p><style>body{display:none}</style>',
      ],
      [
        'a meta refresh and a base',
        '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/">',
      ],
      ['mutation XSS via noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
      ['a details ontoggle', '<details open ontoggle="alert(1)"><summary>x</summary></details>'],
    ];

    it.each(cases)('%s', async (_name, markdown) => {
      const box = await rendered(markdown);
      expect(dangers(box)).toEqual([]);
      document.body.append(box);
      // Inserted into the page, nothing runs either.
      expect((window as { __xss?: number }).__xss).toBeUndefined();
      box.remove();
    });

    it('keeps the content of a table whose cells carried event handlers', async () => {
      const box = await rendered(
        '| a | b |\n| --- | --- |\n| <span onmouseover="alert(1)">1</span> | <a href="javascript:alert(1)" onclick="alert(1)">2</a> |',
      );
      expect(
        within(box)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ).toEqual(['1', '2']);
      expect(dangers(box)).toEqual([]);
    });

    it("borrows none of the widget's classes, ids or state attributes", async () => {
      const box = await rendered(
        '<p class="cp-assistant__tip" id="composer" data-state="generating" name="x" tabindex="0">fake tip</p>',
      );
      const p = box.querySelector('p')!;
      expect(p.getAttributeNames()).toEqual([]);
      expect(p).toHaveTextContent('fake tip');
    });

    it('shows escaped entities as text, never as markup', async () => {
      const box = await rendered('&lt;script&gt;alert(1)&lt;/script&gt; and `<img src=x onerror=alert(1)>`');
      expect(box.querySelector('script, img')).toBeNull();
      expect(box).toHaveTextContent('<script>alert(1)</script> and <img src=x onerror=alert(1)>');
    });

    it('keeps a normal image with an alternative text, and makes one without alt decorative', async () => {
      const box = await rendered('![Cost chart](https://portal.example/chart.png) <img src="/chart2.png">');
      const images = box.querySelectorAll('img');
      expect(images[0]).toHaveAttribute('alt', 'Cost chart');
      expect(images[1]).toHaveAttribute('alt', '');
    });
  });
});

describe('helpers', () => {
  it('escapeHtml escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('answerText is the text a screen reader hears: words of cells and paragraphs apart', async () => {
    const html = await renderAnswer('Costs **rose**.\n\n| A | B |\n|---|---|\n| 1 | 2 |');
    expect(answerText(html)).toBe('Costs rose. A B 1 2');
  });

  it('loadMarkdown resolves at once once loaded', async () => {
    await expect(loadMarkdown()).resolves.toBeUndefined();
    expect(renderAnswerSync('*x*')).toBe('<p><em>x</em></p>\n');
  });
});
