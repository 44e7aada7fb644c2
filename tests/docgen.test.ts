// Storybook's Docs pages (issue 41 §1): every React component's props table is what react-docgen reads
// from its source, with the resolver Storybook's react-docgen plugin uses (every exported component of
// a file). A component whose props react-docgen cannot read shows an empty table — ConfirmHost's did,
// while its props had a default value (`{ onSettled }: ConfirmHostProps = {}`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtinResolvers, makeFsImporter, parse, type Documentation } from 'react-docgen';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The React package's component sources (not tests, stories or test helpers). */
const sources = execFileSync('git', ['ls-files', 'packages/react/src/*.tsx'], { cwd: root, encoding: 'utf8' })
  .trim()
  .split('\n')
  .filter((file) => !/\.(test|ssr\.test|stories)\.tsx$/.test(file) && !file.includes('/testing/'));

/** `export function Name({ … }: NameProps…` with `NameProps` declared and exported in the same file. */
function componentsWithProps(source: string): { name: string; props: string[] }[] {
  const found: { name: string; props: string[] }[] = [];
  for (const [, name, propsType] of source.matchAll(/export function ([A-Z]\w*)\(\s*\{[^)]*?\}:\s*(\w+Props)\b/g)) {
    const declared = new RegExp(`export interface ${propsType}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(source);
    if (!declared) continue;
    // The interface's own members (one level deep): `name?:` or `name:` at the start of a line.
    const props = [...declared[1]!.matchAll(/^ {2}(?:readonly )?([a-zA-Z]\w*)\??:/gm)].map((m) => m[1]!);
    found.push({ name: name!, props });
  }
  return found;
}

function document(file: string): Documentation[] {
  return parse(readFileSync(`${root}/${file}`, 'utf8'), {
    filename: `${root}/${file}`,
    resolver: new builtinResolvers.FindExportedDefinitionsResolver(),
    importer: makeFsImporter(),
  });
}

const cases = sources.flatMap((file) =>
  componentsWithProps(readFileSync(`${root}/${file}`, 'utf8')).map((c) => ({ file, ...c })),
);

describe("the Docs pages' props tables", () => {
  it('given the React sources, then there are components with props interfaces to check', () => {
    expect(cases.length).toBeGreaterThan(30);
    expect(cases.map((c) => c.name)).toContain('ConfirmHost');
  });

  it.each(cases)(
    'given $name ($file), then react-docgen reads each prop its interface declares',
    ({ file, name, props }) => {
      const docs = document(file).find((d) => d.displayName === name);
      expect(docs, `${name} is documented`).toBeDefined();
      expect(Object.keys(docs!.props ?? {})).toEqual(expect.arrayContaining(props));
    },
  );
});
