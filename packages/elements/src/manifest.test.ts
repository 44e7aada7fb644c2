import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementsTable, generateManifest, manifestElements } from '#tools/elements-manifest.mjs';
import * as elements from './index';

interface Declaration {
  tagName: string;
  description: string;
  attributes: Array<{ name: string; description: string }>;
  events: Array<{ name: string; description: string }>;
  cssParts: Array<{ name: string; description: string }>;
  members: Array<{ kind: string; name: string; description: string }>;
}

// The tests run from the repository's root.
const src = join(process.cwd(), 'packages/elements/src');
const manifest = generateManifest(src);
const declared: Declaration[] = manifestElements(manifest);
const byTag = new Map(declared.map((d) => [d.tagName, d]));
/** Every tag the package defines: the values of its `…_TAG` exports. */
const tags = Object.entries(elements)
  .filter(([name, value]) => name.endsWith('_TAG') && typeof value === 'string')
  .map(([, value]) => value as string);
/** Every `cp-*` event an element's view raises with `emit('cp-…')`. */
const emitted = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\./.test(f))
  .flatMap((f) => [...readFileSync(`${src}/${f}`, 'utf8').matchAll(/emit\('(cp-[a-z-]+)'/g)].map((m) => m[1]!));

describe('custom-elements.json (the Custom Elements Manifest)', () => {
  beforeAll(() => elements.defineElements());

  it('lists every element the package defines, and nothing else', () => {
    expect(manifest.schemaVersion).toBe('2.1.0');
    expect([...byTag.keys()].sort()).toEqual([...tags].sort());
  });

  it.each(tags)('%s: its attributes are the ones the defined element observes, each described', (tag) => {
    const observed = (customElements.get(tag) as unknown as { observedAttributes: string[] }).observedAttributes;
    const entry = byTag.get(tag)!;
    expect(entry.attributes.map((a) => a.name).sort()).toEqual([...observed].sort());
    for (const attribute of entry.attributes) expect(attribute.description, `${tag} ${attribute.name}`).not.toBe('');
    expect(entry.description).not.toBe('');
  });

  it('documents every cp-* event an element raises, and raises every event it documents', () => {
    const documented = declared.flatMap((d) => d.events.map((e) => e.name));
    expect([...new Set(emitted)].sort()).toEqual([...new Set(documented)].sort());
    for (const event of declared.flatMap((d) => d.events)) expect(event.description, event.name).not.toBe('');
  });

  it.each(tags)("%s: its methods are the defined element's own, each described", (tag) => {
    const proto = (customElements.get(tag) as CustomElementConstructor).prototype as object;
    const entry = byTag.get(tag)!;
    const methods = entry.members.filter((m) => m.kind === 'method');
    for (const method of methods) {
      expect(typeof Reflect.get(proto, method.name), `${tag} ${method.name}()`).toBe('function');
      expect(method.description, `${tag} ${method.name}()`).not.toBe('');
    }
    // The element's own functions beyond HTMLElement's and r2wc's lifecycle are all documented.
    const own = Object.getOwnPropertyNames(proto).filter(
      (name) =>
        name !== 'constructor' &&
        !/Callback$/.test(name) &&
        typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function',
    );
    expect(own.sort()).toEqual(methods.map((m) => m.name).sort());
  });

  it('describes every CSS part', () => {
    for (const part of declared.flatMap((d) => d.cssParts)) expect(part.description, part.name).not.toBe('');
  });

  it("is the source of the README's table of elements (npm run docs:elements)", () => {
    const readme = readFileSync(join(src, '../README.md'), 'utf8');
    const table = /<!-- elements-table:start[^>]*-->\n([\s\S]*?)\n<!-- elements-table:end -->/.exec(readme)?.[1];
    expect(table).toBe(elementsTable(manifest));
  });
});
