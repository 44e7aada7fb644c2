// The API reports' own rules (tests/tools/api-report.mjs): a changed surface is named line by line, the
// elements' report holds every attribute, event and CSS part of the manifest the source describes, and
// every published entry point has a checked-in report. The comparison with the built packages is
// `npm run api:check`, which needs a build (npm test runs it after the build).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedLines, elementsReport, entryPoints, PUBLISHED } from './tools/api-report.mjs';
import { generateManifest, type ElementsManifest } from './tools/elements-manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the API reports', () => {
  it('given a report with a declaration removed, then the difference names it, with a line of context', () => {
    const before = ['// @public', 'export function a(): void;', '', '// @public', 'export function b(): void;', ''];
    const after = ['// @public', 'export function b(): void;', ''];
    expect(changedLines(before.join('\n'), after.join('\n'))).toEqual([
      '  // @public',
      '- export function a(): void;',
      '- // @public',
      '  export function b(): void;',
    ]);
  });

  it('given changes far apart, then each is shown with its context and the hunks are separated', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni';
    expect(changedLines(before, 'a\nX\nc\nd\ne\nf\ng\nY\ni')).toEqual([
      '  a',
      '+ X',
      '- b',
      '  c',
      '…',
      '  g',
      '+ Y',
      '- h',
      '  i',
    ]);
  });

  it('given the elements as the source describes them, then each line of their report names its element', () => {
    const manifest = generateManifest(`${root}packages/elements/src`) as ElementsManifest;
    const report = elementsReport(manifest);
    const assistant = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'cp-assistant')!;
    expect(assistant.attributes.length).toBeGreaterThan(0);
    for (const a of assistant.attributes) expect(report).toContain(`<cp-assistant> attribute ${a.name}: `);
    for (const e of assistant.events) expect(report).toContain(`<cp-assistant> event ${e.name}: CustomEvent`);
    for (const p of assistant.cssParts) expect(report).toContain(`<cp-assistant> CSS part ${p.name}`);
  });

  it('given an element that loses an attribute, an event and a CSS part, then the difference names each', () => {
    const manifest = generateManifest(`${root}packages/elements/src`) as ElementsManifest;
    const before = elementsReport(manifest);
    const assistant = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'cp-assistant')!;
    const [attribute] = assistant.attributes.splice(0, 1);
    const [event] = assistant.events.splice(0, 1);
    const [part] = assistant.cssParts.splice(0, 1);
    const removed = changedLines(before, elementsReport(manifest)).filter((l) => l.startsWith('- '));
    expect(removed).toContain(
      `- <cp-assistant> attribute ${attribute!.name}: ${attribute!.type?.text ?? 'string'}${attribute!.default ? ` = ${attribute!.default}` : ''}`,
    );
    expect(removed.some((l) => l.startsWith(`- <cp-assistant> event ${event!.name}: `))).toBe(true);
    expect(removed.some((l) => l.startsWith(`- <cp-assistant> CSS part ${part!.name}`))).toBe(true);
  });

  it('given every published entry point with types, then its report is checked in under api/', () => {
    const reports = PUBLISHED.flatMap((dir) => entryPoints(dir).map((e) => e.report));
    expect(reports).toContain('api/core/index.api.md');
    expect(reports).toContain('api/react/pages-preload.api.md');
    expect(reports.filter((r) => !existsSync(`${root}${r}`))).toEqual([]);
  });
});
