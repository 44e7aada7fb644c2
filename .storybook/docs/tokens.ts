// The theme's tokens as the Foundations pages show them, read from the stylesheet itself
// (packages/react/src/ui/tokens.css) and from core's shell properties (spec §9's sizes and durations):
// a token renamed or removed in the CSS is renamed or gone on the page at once. Pure, tested
// (tests/foundations.test.ts).

/** One `--cp-*` custom property: its value in the light theme and, when the dark theme sets it, in the dark. */
export interface Token {
  name: `--cp-${string}`;
  light: string;
  dark?: string;
  /** The comment written just above it in the stylesheet, if any. */
  note?: string;
}

/** The groups of the Foundations pages, by the token's name. */
export type TokenGroup = 'colour' | 'chart' | 'typography' | 'spacing' | 'radius' | 'elevation' | 'motion' | 'size';

/** Which page a token belongs on. */
export function tokenGroup(name: string): TokenGroup {
  if (/^--cp-chart-/.test(name)) return 'chart';
  if (/^--cp-(color|scrollbar)-/.test(name)) return 'colour';
  if (/^--cp-(font|line-height)/.test(name)) return 'typography';
  if (/^--cp-space-/.test(name)) return 'spacing';
  if (/^--cp-radius/.test(name)) return 'radius';
  if (/^--cp-(shadow|z)-/.test(name)) return 'elevation';
  if (/-(duration|delay)$/.test(name)) return 'motion';
  return 'size';
}

/**
 * The `--cp-*` declarations of a stylesheet: those of rules whose selector names the dark theme
 * (`data-cp-theme='dark'`) are the dark values, all others the light ones; in the order written.
 */
export function parseTokens(css: string): Token[] {
  const tokens = new Map<string, Token>();
  for (const rule of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = rule[1]!.replace(/\/\*[\s\S]*?\*\//g, '');
    const dark = /data-cp-theme=['"]?dark/.test(selector);
    for (const d of rule[2]!.matchAll(/(?:\/\*([\s\S]*?)\*\/\s*)?(--cp-[a-z0-9-]+)\s*:\s*([^;]+);/g)) {
      const name = d[2] as Token['name'];
      const value = d[3]!.trim();
      const token = tokens.get(name) ?? { name, light: value };
      if (dark) token.dark = value;
      else token.light = value;
      const note = d[1]?.replace(/\s*\n\s*\*?\s*/g, ' ').trim();
      if (note && !token.note) token.note = note;
      tokens.set(name, token);
    }
  }
  return [...tokens.values()];
}

/** The tokens of a map of custom properties (core's `shellCustomProperties()`), the same in both themes. */
export function propertyTokens(properties: Record<string, string>): Token[] {
  return Object.entries(properties).map(([name, light]) => ({ name: name as Token['name'], light }));
}

type Rgba = [r: number, g: number, b: number, a: number];

/**
 * A CSS colour as `#rgb(a)`, `#rrggbb(aa)`, `rgb(r g b / a)` or `rgb(r, g, b)` (the stylesheet may come
 * minified, `rgb(0 0 0 / 44%)` as `#00000070`); undefined for anything else.
 */
export function parseColour(value: string): Rgba | undefined {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim());
  if (hex) {
    const h = hex[1]!.length <= 4 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
    return [r, g, b, h.length === 8 ? parseInt(h.slice(6), 16) / 255 : 1];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[/,]\s*([\d.]+)(%?))?\s*\)$/i.exec(value.trim());
  if (!rgb) return undefined;
  const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alpha];
}

/** `fg` over `bg` (an opaque colour), as the eye sees a translucent colour on its surface. */
function over([r, g, b, a]: Rgba, [br, bgG, bb]: Rgba): Rgba {
  return [r * a + br * (1 - a), g * a + bgG * (1 - a), b * a + bb * (1 - a), 1];
}

/** WCAG 2.x relative luminance. */
function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.x contrast ratio of `fg` on `bg` (1–21), rounded to two decimals; undefined if either is not a colour. */
export function contrastRatio(fg: string, bg: string): number | undefined {
  const f = parseColour(fg);
  const b = parseColour(bg);
  if (!f || !b) return undefined;
  const l1 = luminance(over(f, b));
  const l2 = luminance(b);
  return Math.round(((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)) * 100) / 100;
}

/** The surfaces text and icons are drawn on. */
export const SURFACES = ['--cp-color-bg', '--cp-color-surface', '--cp-color-surface-raised'] as const;

/**
 * What a colour is drawn on and the ratio it needs there (WCAG 1.4.3 text 4.5:1, 1.4.11 graphics 3:1):
 * `--cp-color-on-X` on `--cp-color-X`; the tooltip's text on its background; text, status and
 * accent colours on the three surfaces; chart series, axes and marks on the surfaces at 3:1.
 * Backgrounds, borders, skeletons, the backdrop and the scrollbar are surfaces or decoration: none.
 */
export function contrastTargets(name: string): { on: string[]; needs: number } | undefined {
  const on = /^--cp-color-on-(.+)$/.exec(name);
  if (on) return { on: [`--cp-color-${on[1]}`], needs: 4.5 };
  if (name === '--cp-color-tooltip-text') return { on: ['--cp-color-tooltip-bg'], needs: 4.5 };
  if (/^--cp-chart-(\d|axis|marker|target)/.test(name)) return { on: [...SURFACES], needs: 3 };
  if (name === '--cp-chart-text') return { on: [...SURFACES], needs: 4.5 };
  if (name === '--cp-color-focus') return { on: [...SURFACES], needs: 3 };
  if (/^--cp-color-(text|text-muted|primary|primary-hover|success|warning|danger|info|question)$/.test(name))
    return { on: [...SURFACES], needs: 4.5 };
  return undefined;
}

/** One measured pairing of a colour on a surface, in one theme. */
export interface Contrast {
  on: string;
  ratio: number | undefined;
  needs: number;
  passes: boolean;
}

/** The contrast of `token` on each surface it is drawn on, in `theme` (a token the dark theme does not set keeps its light value). */
export function tokenContrasts(token: Token, tokens: Token[], theme: 'light' | 'dark'): Contrast[] {
  const targets = contrastTargets(token.name);
  if (!targets) return [];
  const value = (t: Token) => (theme === 'dark' ? (t.dark ?? t.light) : t.light);
  return targets.on.map((on) => {
    const surface = tokens.find((t) => t.name === on);
    const ratio = surface ? contrastRatio(value(token), value(surface)) : undefined;
    return { on, ratio, needs: targets.needs, passes: ratio !== undefined && ratio >= targets.needs };
  });
}
