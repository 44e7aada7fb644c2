import { createPortalApi, type PortalApi } from '@cloudportal/core';
import { flattenMenu } from '@cloudportal/core/rules';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { seededDatabase, signInAs, startTestServer, type TestServer } from '../test-support';
import { loadVideoCatalog } from './catalog';

const videosDir = loadConfig({ DATA_DIR: 'memory://' }).videosDir;
const catalog = loadVideoCatalog(videosDir);
/** WebM is Matroska: every file starts with the EBML header's id. */
const EBML_MAGIC = '1a45dfa3';
const EMBED = /^\/videos\/embed\/([a-z0-9-]+)$/;

describe('the demo guidance video files (assets/videos)', () => {
  it('lists one video per guidance topic of the demo menu, each with a title', () => {
    expect([...catalog.keys()]).toEqual([
      'billing',
      'licence-costs',
      'azure-costs',
      'm365-licences',
      'security',
      'usage',
      'reports',
      'assistant',
      'release-notes',
    ]);
    for (const video of catalog.values()) expect(video.title.length).toBeGreaterThan(2);
  });

  it('has a small WebM file for every listed video and no other: each at most 60 KB, all together at most 450 KB', () => {
    const files = readdirSync(videosDir).filter((f) => f.endsWith('.webm'));
    expect(files.sort()).toEqual([...catalog.keys()].map((id) => `${id}.webm`).sort());
    let total = 0;
    for (const file of files) {
      const bytes = readFileSync(join(videosDir, file));
      expect({ file, magic: bytes.subarray(0, 4).toString('hex') }).toEqual({ file, magic: EBML_MAGIC });
      expect({ file, small: bytes.length <= 60 * 1024 }).toEqual({ file, small: true });
      total += bytes.length;
    }
    expect(total).toBeLessThanOrEqual(450 * 1024);
  });
});

describe('demo guidance videos served by the reference server (spec §2 "Guidance dialog")', () => {
  let server: TestServer;
  let ada: PortalApi;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

  beforeAll(async () => {
    server = await startTestServer();
    ada = createPortalApi((await signInAs(server, 'ada@contoso.example')).http);
  });
  afterAll(() => server.close());

  it('given a demo video, GET /videos/{id}.webm answers the WebM file without a token, with ranges accepted and a cache lifetime', async () => {
    const res = await get('/videos/billing.webm');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d{4,}/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 4).toString('hex')).toBe(EBML_MAGIC);
    expect(body.length).toBe(statSync(join(videosDir, 'billing.webm')).size);
  });

  it('given a Range request, the answer is 206 with content-range and just those bytes, so a player can seek', async () => {
    const size = statSync(join(videosDir, 'security.webm')).size;
    const head = await get('/videos/security.webm', { range: 'bytes=0-99' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(head.headers.get('content-type')).toBe('video/webm');
    const first = Buffer.from(await head.arrayBuffer());
    expect(first.length).toBe(100);
    expect(first.subarray(0, 4).toString('hex')).toBe(EBML_MAGIC);
    const tail = await get('/videos/security.webm', { range: `bytes=${size - 10}-` });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    const beyond = await get('/videos/security.webm', { range: `bytes=${size + 10}-` });
    expect(beyond.status).toBe(416);
  });

  it('given an unknown id, the answer is a readable 404; given a malformed one, a 400; neither serves another file', async () => {
    const unknown = await get('/videos/nothing-here.webm');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not Found', message: "No video 'nothing-here' exists." });
    for (const path of [
      '/videos/Billing.webm',
      '/videos/bill_ing.webm',
      '/videos/..%2Fvideos.webm',
      `/videos/${'a'.repeat(65)}.webm`,
      '/videos/-billing.webm',
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(await res.json()).toMatchObject({ error: 'Bad Request' });
    }
    for (const path of ['/videos/videos.json', '/videos/generate.sh', '/videos/billing', '/videos/']) {
      const res = await get(path, { accept: 'text/html' });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('given a demo video, GET /videos/embed/{id} is a page that plays it muted in a frame of the same origin, under the strict CSP', async () => {
    const res = await get('/videos/embed/billing', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<title>Billing overview — guided tour</title>');
    const video = /<video [^>]*>/.exec(html)?.[0] ?? '';
    expect(video).toContain('src="/videos/billing.webm"');
    for (const attribute of [' controls', ' autoplay', ' muted', ' playsinline']) expect(video).toContain(attribute);
    // No script and no inline style: the page needs nothing the CSP does not allow.
    expect(html).not.toMatch(/<script|<style| style=/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("media-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBeNull();

    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
    expect(stylesheet).toBe('/videos/embed.css');
    const css = await get(stylesheet!);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('background: #000');
  });

  it('given an unknown or malformed id, the embed page is a 404 or 400, and nothing under /videos/ falls back to the portal', async () => {
    const unknown = await get('/videos/embed/nothing-here', { accept: 'text/html' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not Found', message: "No video 'nothing-here' exists." });
    expect((await get('/videos/embed/Not_An_Id', { accept: 'text/html' })).status).toBe(400);
    for (const path of ['/videos/embed', '/videos/embed/billing/more', '/videos/library']) {
      const res = await get(path, { accept: 'text/html' });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(await res.text()).not.toContain('<title>host</title>');
    }
  });

  it('given the demo menu, every guidance video of its items, pages and tabs is a same-origin embed page that answers 200 and plays a file that exists', async () => {
    const menu = flattenMenu(await ada.menu({ preview: true }));
    const sources = new Set<string>();
    const add = (src: string | null) => {
      if (src) sources.add(src);
    };
    for (const node of menu) add(node.assistanceSrc);
    for (const url of new Set(menu.map((n) => n.url).filter((u): u is string => !!u))) {
      const page = await ada.page(url, { preview: true });
      add(page.assistanceSrc);
      for (const tab of page.contents) add(tab.assistanceSrc);
    }
    // Everything the database holds reached ada (she has every feature): none is left unchecked.
    const stored = await server.db.query<{ src: string }>(
      `select assistance_src as src from menu_items where assistance_src is not null
       union select assistance_src from menu_pages where assistance_src is not null
       union select assistance_src from menu_page_tabs where assistance_src is not null`,
    );
    expect([...sources].sort()).toEqual(stored.rows.map((r) => r.src).sort());

    const ids = new Set<string>();
    for (const src of sources) {
      const id = EMBED.exec(src)?.[1];
      expect({ src, sameOriginEmbed: !!id }).toEqual({ src, sameOriginEmbed: true });
      ids.add(id!);
      const page = await get(src, { accept: 'text/html' });
      expect({ src, status: page.status }).toEqual({ src, status: 200 });
      const file = /<video [^>]*src="([^"]+)"/.exec(await page.text())?.[1];
      expect(file).toBe(`/videos/${id}.webm`);
      const video = await get(file!, { range: 'bytes=0-3' });
      expect({ file, status: video.status }).toEqual({ file, status: 206 });
      expect(statSync(join(videosDir, `${id}.webm`)).isFile()).toBe(true);
    }
    // Every committed video is one the demo uses.
    expect([...ids].sort()).toEqual([...catalog.keys()].sort());
  });
});

describe('migration 010: a database seeded with the earlier placeholder videos', () => {
  /** The placeholder URLs an earlier seed wrote, and the demo videos that replace them. */
  const EARLIER: Record<string, string> = {
    billing: 'Tq2yI5ZpYbM',
    'licence-costs': 'r8Hc4wLkP0s',
    'azure-costs': 'X3bNfW7qJdE',
    'm365-licences': 'uV9mK2tRz6A',
    security: 'p4QeD8sLc1Y',
    usage: 'h7GjN0wXb5K',
    reports: 'a1ZkR6vTm9Q',
    assistant: 'Lw3sF8yHn2U',
    'release-notes': 'e5CxV1pJq7O',
  };
  const TABLES = ['menu_items', 'menu_pages', 'menu_page_tabs'];

  it('moves exactly those URLs to the local embed pages, and leaves any other guidance video alone', async () => {
    const { db, drop } = await seededDatabase();
    try {
      const snapshot = async () => {
        const rows: string[] = [];
        for (const table of TABLES) {
          const { rows: r } = await db.query<{ row: string }>(`select t::text as row from ${table} t order by 1`);
          rows.push(...r.map((x) => `${table} ${x.row}`));
        }
        return rows;
      };
      const seeded = await snapshot();

      // As an earlier start left it: the placeholder URLs, plus a deployment's own video on one item.
      for (const table of TABLES) {
        for (const [id, youtube] of Object.entries(EARLIER)) {
          await db.query(`update ${table} set assistance_src = $1 where assistance_src = $2`, [
            `https://www.youtube-nocookie.com/embed/${youtube}`,
            `/videos/embed/${id}`,
          ]);
        }
      }
      const own = 'https://player.vimeo.com/video/76979871';
      await db.query("update menu_items set assistance_src = $1 where name = 'azure-subscriptions'", [own]);
      await db.query(
        "update menu_page_tabs set assistance_src = $1 where page_id = 'azure' and name = 'Subscriptions'",
        [`${own}?tab`],
      );
      await db.query("delete from schema_migrations where version = '010'");

      expect(await migrate(db)).toEqual(['010']);
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from (select assistance_src from menu_items union all select assistance_src from menu_pages union all select assistance_src from menu_page_tabs) s
         where assistance_src like '%youtube%'`,
      );
      expect(rows[0]!.n).toBe(0);
      expect(
        (
          await db.query<{ src: string }>(
            "select assistance_src as src from menu_items where name = 'azure-subscriptions'",
          )
        ).rows[0]!.src,
      ).toBe(own);
      expect(
        (
          await db.query<{ src: string }>(
            "select assistance_src as src from menu_page_tabs where page_id = 'azure' and name = 'Subscriptions'",
          )
        ).rows[0]!.src,
      ).toBe(`${own}?tab`);

      // Apart from the deployment's own videos, the database is as a fresh seed writes it.
      await db.query("update menu_items set assistance_src = null where name = 'azure-subscriptions'");
      await db.query(
        "update menu_page_tabs set assistance_src = null where page_id = 'azure' and name = 'Subscriptions'",
      );
      expect(await snapshot()).toEqual(seeded);
    } finally {
      await drop();
    }
  });
});
