// Storybook's Foundations pages (.storybook/docs/tokens.ts): the tokens come from the stylesheet
// itself, every colour a text or graphic is drawn in has its surfaces, and the ratios are WCAG's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  contrastTargets,
  parseColour,
  parseTokens,
  propertyTokens,
  tokenContrasts,
  tokenGroup,
} from '../.storybook/docs/tokens';

const css = readFileSync(new URL('../packages/react/src/ui/tokens.css', import.meta.url), 'utf8');
const tokens = parseTokens(css);
const byName = (name: string) => tokens.find((t) => t.name === name);

describe('the Foundations pages read the tokens from the stylesheet', () => {
  it('given tokens.css, then every --cp-* declaration is a token, with its light and dark value', () => {
    const declared = new Set([...css.matchAll(/(--cp-[a-z0-9-]+)\s*:/g)].map((m) => m[1]));
    expect(new Set(tokens.map((t) => t.name))).toEqual(declared);
    expect(byName('--cp-color-text')).toMatchObject({ light: '#1b1f24', dark: '#e6edf3' });
    expect(byName('--cp-radius')).toEqual({ name: '--cp-radius', light: '8px' });
    expect(byName('--cp-scrollbar-thumb')?.note).toMatch(/^Spec §9 "Scrollbar"/);
  });

  it('given a token renamed in the CSS, then the page shows the new name and not the old', () => {
    const renamed = parseTokens(css.replaceAll('--cp-color-surface-raised', '--cp-color-surface-lifted'));
    expect(renamed.map((t) => t.name)).toContain('--cp-color-surface-lifted');
    expect(renamed.map((t) => t.name)).not.toContain('--cp-color-surface-raised');
  });

  it('given a minified stylesheet (as Vite inlines it), then the same tokens', () => {
    const minified = css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s*\n\s*/g, '')
      .replace(/: /g, ':');
    expect(parseTokens(minified).map((t) => [t.name, t.light, t.dark])).toEqual(
      tokens.map((t) => [t.name, t.light, t.dark]),
    );
  });

  it('groups each token onto its page', () => {
    expect(tokenGroup('--cp-color-primary')).toBe('colour');
    expect(tokenGroup('--cp-scrollbar-thumb')).toBe('colour');
    expect(tokenGroup('--cp-chart-3')).toBe('chart');
    expect(tokenGroup('--cp-font-family')).toBe('typography');
    expect(tokenGroup('--cp-line-height')).toBe('typography');
    expect(tokenGroup('--cp-space-4')).toBe('spacing');
    expect(tokenGroup('--cp-radius-small')).toBe('radius');
    expect(tokenGroup('--cp-shadow-raised')).toBe('elevation');
    expect(tokenGroup('--cp-z-toast')).toBe('elevation');
    expect(tokenGroup('--cp-slide-duration')).toBe('motion');
    expect(tokenGroup('--cp-menu-expand-delay')).toBe('motion');
    expect(tokenGroup('--cp-sidenav-width')).toBe('size');
    expect(propertyTokens({ '--cp-tab-duration': '250ms' })).toEqual([{ name: '--cp-tab-duration', light: '250ms' }]);
  });
});

describe('contrast ratios (WCAG 2.x)', () => {
  it('reads the colour forms the stylesheet uses, minified or not', () => {
    expect(parseColour('#fff')).toEqual([255, 255, 255, 1]);
    expect(parseColour('#0b5cad')).toEqual([11, 92, 173, 1]);
    expect(parseColour('rgb(15 20 25 / 0.5)')).toEqual([15, 20, 25, 0.5]);
    expect(parseColour('rgb(0 0 0 / 44%)')).toEqual([0, 0, 0, 0.44]);
    expect(parseColour('#00000070')?.[3]).toBeCloseTo(0.44, 2);
    expect(parseColour('0 8px 24px rgb(0 0 0 / 0.5)')).toBeUndefined();
  });

  it("gives WCAG's figures: black on white 21:1, equal colours 1:1, #767676 on white 4.54:1", () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#abcdef', '#abcdef')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBe(4.54);
    expect(contrastRatio('#fff', '#767676')).toBe(4.54);
    expect(contrastRatio('var(--x)', '#fff')).toBeUndefined();
  });

  it('draws a translucent colour over its surface before measuring', () => {
    expect(contrastRatio('rgb(0 0 0 / 0%)', '#ffffff')).toBe(1);
    expect(contrastRatio('rgb(0 0 0 / 100%)', '#ffffff')).toBe(21);
  });

  it('measures on-colours on their colour, text on the three surfaces, graphics at 3:1; surfaces not at all', () => {
    expect(contrastTargets('--cp-color-on-primary')).toEqual({ on: ['--cp-color-primary'], needs: 4.5 });
    expect(contrastTargets('--cp-color-tooltip-text')).toEqual({ on: ['--cp-color-tooltip-bg'], needs: 4.5 });
    expect(contrastTargets('--cp-color-text')?.on).toEqual([
      '--cp-color-bg',
      '--cp-color-surface',
      '--cp-color-surface-raised',
    ]);
    expect(contrastTargets('--cp-chart-2')?.needs).toBe(3);
    expect(contrastTargets('--cp-color-focus')?.needs).toBe(3);
    expect(contrastTargets('--cp-color-surface')).toBeUndefined();
    expect(contrastTargets('--cp-color-border')).toBeUndefined();
  });

  it('uses the light value in dark where the dark theme does not set a token', () => {
    const text = { name: '--cp-x-text' as const, light: '#000' };
    const [c] = tokenContrasts({ ...text, name: '--cp-color-text' }, [...tokens], 'dark');
    expect(c).toMatchObject({ on: '--cp-color-bg', ratio: contrastRatio('#000', '#0d1117'), passes: false });
  });

  it.each(['light', 'dark'] as const)(
    'every text, status and chart colour of the %s theme has the contrast it needs on its surfaces',
    (theme) => {
      const failing = tokens.flatMap((t) =>
        tokenContrasts(t, tokens, theme)
          .filter((c) => !c.passes)
          .map((c) => `${t.name} on ${c.on}: ${c.ratio}:1, needs ${c.needs}:1`),
      );
      expect(failing).toEqual([]);
    },
  );
});

describe("the theme's font", () => {
  it('given tokens.css, then --cp-font-family names first the family font.css declares, and falls back to the system font', () => {
    const family = byName('--cp-font-family')?.light ?? '';
    const [first, ...fallbacks] = family.split(',').map((f) => f.trim().replace(/^'|'$/g, ''));
    const fontCss = readFileSync(new URL('../packages/react/src/ui/font.css', import.meta.url), 'utf8');
    const imported = /@import '([^']+)'/.exec(fontCss)?.[1] ?? '';
    const declared = readFileSync(new URL(`../node_modules/${imported}`, import.meta.url), 'utf8');
    expect(first).toBe('Inter Variable');
    expect([...declared.matchAll(/font-family: '([^']+)'/g)].map((m) => m[1])).toContain(first);
    expect(fallbacks).toContain('system-ui');
    expect(fallbacks.at(-1)).toBe('sans-serif');
  });
});
