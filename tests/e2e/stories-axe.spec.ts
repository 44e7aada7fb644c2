// Every story of the Storybook build, in light and in dark, through axe-core in Chromium — colour
// contrast included (issue 25 §6) — and compared with its screenshots (issue 41 §4). The jsdom stories
// test (tests/stories) computes no colours and draws nothing; this is where contrast and pixels, in
// both themes, are judged.
//
// Cheap by design: each worker opens Storybook's preview (iframe.html) in PAGES pages side by side,
// once, and switches stories inside each through Storybook's own channel (setCurrentStory, then
// storyFinished, which Storybook emits once the play function has run and animations have settled).
// Each story renders and plays once: axe judges it whole in the theme it rendered in, with the rules
// of Storybook's accessibility panel (support/storyRules.ts; the panel's own run after every render is
// switched off here — it ran axe three times more per story, for the same verdict), and its
// screenshot is compared with its baseline (support/storyScreenshots.ts); then the theme switches (updateGlobals,
// which re-renders the story as it stands, without replaying it) for its screenshot in the other
// theme; then the language switches to the pseudo-locale (issue 24 §2): axe judges its colours again
// (the theme swaps colours, not markup: support/axe.ts's COLOUR_RULES) and the pseudo-locale check
// (support/pseudo-check.js) looks for text outside the catalogue and text wider than its box, as the
// story stands after its play function. The themes alternate from one story to the next, so about
// half the stories mount in dark, half in light.
// The stories come from the build's index.json, dealt into chunks, so no test comes near half its
// timeout on a busy 2-core machine.
//
// The build is named by STORYBOOK_STATIC (`npm test` builds it and sets it); without it the spec
// skips. Each worker serves the build with a tiny static server on a free port.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { COLOUR_RULES } from './support/axe';
import { PSEUDO_LOCALE, type PseudoFindings } from './support/pseudo';
import { FOREIGN_FRAMES, STORY_PAGE_RULES } from './support/storyRules';
import { expectStoryScreenshot, FIXED_TIME, PREVIEW_CONTEXT } from './support/storyScreenshots';
import { serveStatic } from './support/storybook-server.mjs';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
const pseudoCheckPath = fileURLToPath(new URL('./support/pseudo-check.js', import.meta.url));

const STATIC = process.env.STORYBOOK_STATIC ? resolve(process.env.STORYBOOK_STATIC) : undefined;
/**
 * Stories per test, each judged in both themes. A story costs ~0.6 s on an idle 2-core machine and
 * up to ~3.5 s on a busy one with the e2e servers booting beside it: 8 keeps a test under ~30 s
 * there, far inside its 90 s timeout. The page is reused
 * across tests, so smaller chunks cost nothing more in all.
 */
const CHUNK = 8;
/** How long one story may take to render and play (or re-render in the other theme). */
const STORY_TIMEOUT = 15_000;
type Theme = 'light' | 'dark';
const other = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');

type StoryEntry = { type: string; id: string; title: string; name: string };

/** The build's stories; STORIES_AXE_ONLY=<text> keeps those whose id contains it (to re-check a few). */
function readStories(dir: string): StoryEntry[] {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { entries: Record<string, StoryEntry> };
  const only = process.env.STORIES_AXE_ONLY;
  return Object.values(index.entries).filter((e) => e.type === 'story' && (!only || e.id.includes(only)));
}

/**
 * Previews a worker keeps open side by side (STORIES_AXE_PAGES): a story spends most of its time
 * waiting — on its play function's steps, on animations settling, on frames — so one preview leaves
 * a 2-core machine more than half idle; the stories of a chunk are dealt over the previews and checked
 * at the same time.
 */
const PAGES = Math.max(1, Number(process.env.STORIES_AXE_PAGES ?? 2));

/** One worker's Storybook previews: pages on iframe.html with axe in every document they open. */
const test = base.extend<object, { previews: Page[] }>({
  previews: [
    async ({ browser }, use) => {
      const server = await serveStatic(STATIC!);
      // A context per preview: no story sees another preview's storage or cookies.
      const contexts: BrowserContext[] = [];
      const open = async () => {
        const context = await browser.newContext({ ...PREVIEW_CONTEXT, baseURL: server.url });
        contexts.push(context);
        await context.clock.setFixedTime(FIXED_TIME);
        await context.addInitScript({ path: axePath });
        await context.addInitScript({ path: pseudoCheckPath });
        const page = await context.newPage();
        await openPreview(page);
        return page;
      };
      await use(await Promise.all(Array.from({ length: PAGES }, open)));
      await Promise.all(contexts.map((c) => c.close()));
      await server.close();
    },
    { scope: 'worker' },
  ],
});

/** Opens Storybook's preview in `page` and waits until it can take stories. */
async function openPreview(page: Page): Promise<void> {
  // When the preview has just reloaded on its own (see checkStoryOnce), its reload may still be under
  // way: let it end, then open the preview afresh.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('/iframe.html');
      break;
    } catch (error) {
      if (attempt === 3 || !/interrupted by another navigation/.test(String(error))) throw error;
      await page.waitForLoadState().catch(() => undefined);
    }
  }
  await page.waitForFunction(() => '__STORYBOOK_PREVIEW__' in window && '__STORYBOOK_ADDONS_CHANNEL__' in window);
  await page.evaluate(async () => {
    const w = window as unknown as {
      __STORYBOOK_PREVIEW__: { ready(): Promise<void> };
      __STORYBOOK_ADDONS_CHANNEL__: Channel;
    };
    await w.__STORYBOOK_PREVIEW__.ready();
    // The accessibility panel's run after each render off (its "manual" mode): the sweep runs axe
    // itself, with the same rules, once per story and theme rather than after each of three renders.
    w.__STORYBOOK_ADDONS_CHANNEL__.emit('updateGlobals', { globals: { a11y: { manual: true } } });
  });
}

/**
 * Checks a story; when the preview document went away under it (a fresh run on a busy machine once saw
 * the preview reload mid-story), opens the preview again and checks the story once more. A story that
 * sends the preview to another address fails: it would take a partner's page away too.
 */
async function checkStoryOnce(page: Page, storyId: string, first: Theme, notes: string[]): Promise<StoryResult> {
  const shoot: Shoot = (theme) => expectStoryScreenshot(page, storyId, theme);
  try {
    return await checkStory(page, storyId, first, shoot);
  } catch (error) {
    if (!/Execution context was destroyed|Target page, context or browser has been closed/.test(String(error)))
      throw error;
    const to = page.url();
    await openPreview(page);
    // A fresh preview starts in the light theme: the story renders first in the theme asked.
    await setTheme(page, first);
    const again = await checkStory(page, storyId, first, shoot);
    if (new URL(to).pathname !== '/iframe.html') again.errors.push(`the preview was sent to ${to}`);
    else notes.push(`${storyId}: the preview reloaded during the story and was opened again`);
    return again;
  }
}

/** What one story came to in the page. */
type StoryResult = {
  /** It did not render (or not in time): axe judged something else than the story. */
  errors: string[];
  /** Its play function failed in Chromium (a failure of the test); axe judged the state it reached. */
  played: string[];
  /** axe's violations, one line per element, by theme. */
  violations: Record<Theme, string[]>;
  /** The pseudo-locale check's findings, in the second theme. */
  pseudo: PseudoFindings;
  ms: number;
};

type Channel = {
  on(e: string, f: (p: unknown) => void): void;
  off(e: string, f: (p: unknown) => void): void;
  emit(e: string, p: unknown): void;
};

/** Switches the theme; the story on show re-renders, and that render is awaited so it cannot race the next. */
async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(
    ({ theme, timeout }) => {
      const w = window as unknown as {
        __STORYBOOK_ADDONS_CHANNEL__: Channel;
        __STORYBOOK_PREVIEW__: { currentSelection?: { storyId: string } };
      };
      const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
      const current = w.__STORYBOOK_PREVIEW__.currentSelection?.storyId;
      return new Promise<void>((done) => {
        const onFinished = (p: unknown) => (p as { storyId?: string }).storyId === current && finish();
        const finish = () => {
          clearTimeout(timer);
          channel.off('storyFinished', onFinished);
          done();
        };
        const timer = setTimeout(finish, current ? timeout : 0);
        channel.on('storyFinished', onFinished);
        channel.emit('updateGlobals', { globals: { theme } });
      });
    },
    { theme, timeout: STORY_TIMEOUT },
  );
}

/** Takes the story's screenshot in a theme, as the page shows it (support/storyScreenshots.ts). */
type Shoot = (theme: Theme) => Promise<void>;

/**
 * Renders the story in the current theme `first` (play function included), lets it settle, runs axe
 * and takes its screenshot; switches to the other theme, lets it settle and takes its screenshot;
 * then switches to the pseudo-locale and judges the colours and the texts.
 */
async function checkStory(page: Page, storyId: string, first: Theme, shoot: Shoot): Promise<StoryResult> {
  const started = Date.now();
  const rendered = await inPreview(page, storyId, first, 'render');
  await shoot(first);
  const switched = await inPreview(page, storyId, first, 'other theme');
  await shoot(other(first));
  const pseudo = await inPreview(page, storyId, first, 'pseudo-locale');
  return {
    errors: [rendered, switched, pseudo].flatMap((r) => r.errors),
    played: [rendered, switched, pseudo].flatMap((r) => r.played),
    violations: { [first]: rendered.violations, [other(first)]: pseudo.violations } as Record<Theme, string[]>,
    pseudo: pseudo.pseudo ?? { untranslated: [], overflow: [] },
    ms: Date.now() - started,
  };
}

/** One step of {@link checkStory} in the page. */
type Step = 'render' | 'other theme' | 'pseudo-locale';

/**
 * In the page, one step: `render` renders the story in the theme `first` and runs axe over it whole;
 * `other theme` re-renders it in the other theme as it stands (its play function is not replayed) and
 * lets it settle; `pseudo-locale` re-renders it in the pseudo-locale and runs axe's colour rules and
 * the pseudo-locale check.
 */
async function inPreview(
  page: Page,
  storyId: string,
  first: Theme,
  step: Step,
): Promise<{ errors: string[]; played: string[]; violations: string[]; pseudo?: PseudoFindings }> {
  return page.evaluate(
    async ({ storyId, first, step, timeout, pageRules, foreignFrames, colourRules, pseudoLocale }) => {
      type Axe = { run(context: unknown, options: object): Promise<AxeResults> };
      const w = window as unknown as {
        __STORYBOOK_ADDONS_CHANNEL__: Channel;
        __STORYBOOK_PREVIEW__: { currentSelection?: { storyId: string } };
        axe: Axe;
        cpPseudoCheck: () => PseudoFindings;
      };
      const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
      const errors: string[] = [];
      const played: string[] = [];
      const message = (p: unknown) => {
        const e = p as { title?: string; description?: string; message?: string };
        // Play functions' messages come with terminal colours.
        return (
          (e.message ?? [e.title, e.description].filter(Boolean).join(': '))
            // eslint-disable-next-line no-control-regex
            .replace(/\u001b\[\d+m/g, '')
            .split('\n')[0] ?? String(p)
        );
      };

      /** Does `act` and waits for storyFinished of this story, which comes after play and animations. */
      const render = (what: string, act: () => void) =>
        new Promise<void>((done) => {
          const listeners: [string, (p: unknown) => void][] = [];
          const listen = (event: string, fn: (p: unknown) => void) => {
            channel.on(event, fn);
            listeners.push([event, fn]);
          };
          const end = () => {
            clearTimeout(timer);
            for (const [event, fn] of listeners) channel.off(event, fn);
            done();
          };
          const timer = setTimeout(() => {
            errors.push(`${what}: did not finish within ${timeout / 1000} s`);
            end();
          }, timeout);
          listen('storyErrored', (p) => errors.push(`${what}: render error: ${message(p)}`));
          listen('storyThrewException', (p) => errors.push(`${what}: render threw: ${message(p)}`));
          listen('playFunctionThrewException', (p) => played.push(`play function threw: ${message(p)}`));
          listen('unhandledErrorsWhilePlaying', (p) =>
            played.push(`unhandled errors while playing: ${(p as unknown[]).map(message).join('; ')}`),
          );
          listen('storyMissing', () => {
            errors.push(`${what}: missing from the build`);
            end();
          });
          listen('storyFinished', (p) => (p as { storyId?: string }).storyId === storyId && end());
          act();
        });

      /** Every document and open shadow root, outermost first. */
      const roots = () => {
        const all: (Document | ShadowRoot)[] = [document];
        for (let i = 0; i < all.length; i++)
          for (const el of all[i]!.querySelectorAll('*')) if (el.shadowRoot) all.push(el.shadowRoot);
        return all;
      };

      /**
       * Judge what a person sees once things settle (as tests/e2e/support/axe.ts does): a frame for
       * the theme's new styles to start their transitions, then every finite animation and
       * transition finished; capped, since a paused animation never finishes.
       */
      const settle = async () => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        // The fonts the story's text asked for (Inter's glyph ranges load as text needs them).
        await document.fonts.ready;
        const running = roots()
          .flatMap((r) => r.getAnimations())
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        await Promise.race([
          Promise.all(running.map((a) => a.finished.catch(() => undefined))),
          new Promise((r) => setTimeout(r, 3_000)),
        ]);
      };

      /** A selector for `el` within its own document or shadow root. */
      const selectorIn = (el: Element): string => {
        const steps: string[] = [];
        for (let e: Element | null = el; e; e = e.parentElement)
          steps.unshift(`${e.localName}:nth-child(${[...(e.parentNode?.children ?? [])].indexOf(e) + 1})`);
        return steps.join(' > ');
      };
      /** The foreign frames' documents, as axe context exclusions (a frame may sit in shadow roots). */
      const foreignFrameContents = () =>
        roots().flatMap((root) =>
          [...root.querySelectorAll('iframe')]
            .filter((frame) => frame.src.includes(foreignFrames))
            .map((frame) => {
              const path: string[] = [];
              for (let e: Element = frame; ;) {
                path.unshift(selectorIn(e));
                const host = (e.getRootNode() as ShadowRoot).host;
                if (!host) break;
                e = host;
              }
              // The frame's body: axe does not take its <html> as an exclusion.
              return { fromFrames: [path.length === 1 ? path[0]! : { fromShadowDom: path }, 'body'] };
            }),
        );

      /** axe over the story: every rule but the page rules, or (`only`) the colour rules alone. */
      const judge = async (only?: string[]) => {
        await settle();
        const exclude = foreignFrameContents();
        const result = await w.axe.run(exclude.length ? { exclude } : document, {
          resultTypes: ['violations'],
          ...(only
            ? { runOnly: { type: 'rule', values: only } }
            : { rules: Object.fromEntries(pageRules.map((id) => [id, { enabled: false }])) }),
        });
        return result.violations.flatMap((v) =>
          v.nodes.map((n) => {
            const target = n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' → ');
            // For contrast, the numbers: what was measured against what is needed, and the colours.
            const data = (n.any[0]?.data ?? {}) as {
              contrastRatio?: number;
              expectedContrastRatio?: string;
              fgColor?: string;
              bgColor?: string;
            };
            const contrast = data.contrastRatio
              ? ` [${data.contrastRatio}:1, needs ${data.expectedContrastRatio}; ${data.fgColor} on ${data.bgColor}]`
              : '';
            return `${v.id}: ${target}${contrast} — ${v.help}`;
          }),
        );
      };

      /** Waits until the story's provider shows `locale` (the document's lang follows the active locale). */
      const showing = async (locale: string) => {
        const until = performance.now() + timeout;
        while (document.documentElement.lang !== locale && performance.now() < until)
          await new Promise((r) => setTimeout(r, 20));
        if (document.documentElement.lang !== locale)
          errors.push(`did not switch to ${locale} within ${timeout / 1000} s`);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      };

      const second = first === 'light' ? 'dark' : 'light';
      if (step === 'render') {
        // Storybook ignores selecting the story on show: remount it instead. The story renders and
        // plays in the browser's language (English), whatever the last story was switched to.
        await render(`render in ${first}`, () => {
          channel.emit('updateGlobals', { globals: { locale: '' } });
          if (w.__STORYBOOK_PREVIEW__.currentSelection?.storyId === storyId) channel.emit('forceRemount', { storyId });
          else channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        });
        return { errors, played, violations: await judge() };
      }
      if (step === 'other theme') {
        // As the story stands after its play function, in the other theme (for its screenshot).
        await render(`re-render in ${second}`, () => channel.emit('updateGlobals', { globals: { theme: second } }));
        await settle();
        return { errors, played, violations: [] };
      }
      // The pseudo-locale: axe judges the colours again, and the pseudo-locale check
      // (support/pseudo-check.js) looks for text that did not go through the catalogue and text wider
      // than its box.
      await render(`re-render in ${pseudoLocale}`, () =>
        channel.emit('updateGlobals', { globals: { locale: pseudoLocale } }),
      );
      await showing(pseudoLocale);
      return { errors, played, violations: await judge(colourRules), pseudo: w.cpPseudoCheck() };
    },
    {
      storyId,
      first,
      step,
      timeout: STORY_TIMEOUT,
      pageRules: STORY_PAGE_RULES,
      foreignFrames: FOREIGN_FRAMES,
      colourRules: COLOUR_RULES,
      pseudoLocale: PSEUDO_LOCALE,
    },
  );
}

const TITLE =
  'every story is axe clean in Chromium, light and dark, clean in the pseudo-locale, and looks as its screenshots';

if (!STATIC) {
  test(TITLE, () => {
    test.skip(
      true,
      'STORYBOOK_STATIC is not set: build Storybook (npx storybook build -c .storybook -o <dir>) and set STORYBOOK_STATIC=<dir>; `npm test` does both.',
    );
  });
} else if (!existsSync(join(STATIC, 'index.json'))) {
  test(TITLE, () => {
    throw new Error(
      `STORYBOOK_STATIC=${STATIC} holds no Storybook build (no index.json): did the storybook build fail?`,
    );
  });
} else {
  const stories = readStories(STATIC);
  // Dealt like cards, so the slow stories of one file (reports, the shell) spread over the chunks.
  const count = Math.max(1, Math.ceil(stories.length / CHUNK));
  const chunks = Array.from({ length: count }, (_, i) => stories.filter((_, j) => j % count === i));

  test('the Storybook build has stories', () => expect(stories.length).toBeGreaterThan(0));

  test.describe(TITLE, () => {
    chunks.forEach((chunk, i) => {
      test(`chunk ${i + 1} of ${count}: ${chunk.length} stories (index.json #${i + 1}, #${i + 1 + count}, …)`, async ({
        previews,
      }) => {
        const failures: string[] = [];
        const notes: string[] = [];
        const times: [string, number][] = [];
        // Each preview takes every PAGES-th story of the chunk, its themes alternating from one story to the next.
        await Promise.all(
          previews.map(async (preview, p) => {
            let theme: Theme = p % 2 ? 'dark' : 'light';
            await setTheme(preview, theme);
            for (const story of chunk.filter((_, j) => j % previews.length === p)) {
              const { errors, played, violations, pseudo, ms } = await checkStoryOnce(preview, story.id, theme, notes);
              for (const e of errors) failures.push(`${story.id}: ${e}`);
              for (const u of pseudo.untranslated)
                failures.push(`${story.id} (${PSEUDO_LOCALE}) not from the catalogue: ${u}`);
              for (const o of pseudo.overflow) failures.push(`${story.id} (${PSEUDO_LOCALE}) ${o}`);
              for (const t of ['light', 'dark'] as const)
                for (const v of violations[t]) failures.push(`${story.id} (${t}) ${v}`);
              // A play function that passes in jsdom must pass in a real browser too (where animations run and effects land later).
              for (const p of played) failures.push(`${story.id}: ${p}`);
              times.push([story.id, ms]);
              theme = other(theme);
            }
          }),
        );
        const slowest = times.sort((a, b) => b[1] - a[1]).slice(0, 3);
        // Said in the run's output too, so a reload is seen even when the chunk passes.
        for (const note of notes) {
          console.log(`stories sweep: ${note}`);
          test.info().annotations.push({ type: 'preview reopened', description: note });
        }
        test.info().annotations.push({
          type: 'slowest stories',
          description: slowest.map(([id, ms]) => `${id} ${(ms / 1000).toFixed(1)} s`).join(', '),
        });
        expect(
          failures,
          `${failures.length} problem(s); open a story at iframe.html?id=<story id>&globals=theme:<theme>`,
        ).toEqual([]);
      });
    });
  });
}
