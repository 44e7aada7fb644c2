// What npm publishes speaks to npm users: no work item of ours and no document that is not in the
// repository (the rules: tests/tools/published-text.mjs). Read before any build: each published
// package's files as `npm pack` lists them — its README and the sources it ships — and the Custom
// Elements Manifest the elements' JSDoc becomes. The built files (the .d.ts, .js and source maps, the
// manifest as built) are read in their tarballs by the pack test (tests/pack/pack.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateManifest } from './tools/elements-manifest.mjs';
import { findInternalReferences, PUBLISHED_PACKAGES, repositoryDocuments, TEXT_FILE } from './tools/published-text.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each published package's files, as `npm pack --dry-run` lists them (its "files" globs applied). */
function packedFiles(): Map<string, string[]> {
  // npm run's own variables would point this npm at the workspace root (as tests/pack/pack.mjs's childEnv).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !/^npm_(package|lifecycle)_|^npm_config_(local_prefix|workspaces?|include_workspace_root|call)$|^npm_command$|^INIT_CWD$/i.test(
          key,
        ),
    ),
  );
  const workspaces = PUBLISHED_PACKAGES.flatMap((name) => ['--workspace', `packages/${name}`]);
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', ...workspaces], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`npm pack --dry-run failed (exit ${r.status}): ${r.stderr}`);
  const packs = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as { name: string; files: { path: string }[] }[];
  return new Map(
    PUBLISHED_PACKAGES.map((name) => {
      const pack = packs.find((p) => p.name === `@cloudportal/${name}`);
      if (!pack) throw new Error(`npm pack listed no @cloudportal/${name}`);
      return [name, pack.files.map((f) => f.path)];
    }),
  );
}

/** `file:line: what: "excerpt"` for every internal reference of `text`. */
function problems(file: string, text: string, documents: Set<string>): string[] {
  return findInternalReferences(text, documents).map((r) => `${file}:${r.line}: ${r.what}: "${r.excerpt}"`);
}

describe('published text: the rules', () => {
  const documents = new Set(['readme.md', 'partners.md', 'changelog.md']);
  const named = (text: string) => findInternalReferences(text, documents).map((r) => r.what);

  it.each([
    ['a connected site (issue 38 §2)', 'a work item ("issue N")'],
    ['Issue 40 §4: the answer so far', 'a work item ("issue N")'],
    ['see issues 24 and 38', 'a work item ("issue N")'],
    ['// Issue §"App token": one retry', 'a work item\'s section ("issue §…")'],
    ['done in task 4', 'a work item ("task N")'],
    ['left for stop 3', 'a work item ("stop N")'],
    [
      'as spec/portal-spec.md says',
      'a document that is not in the repository (the specification, design or toolchain notes)',
    ],
    [
      '(TOOLCHAIN.md "Power BI embed frame")',
      'a document that is not in the repository (the specification, design or toolchain notes)',
    ],
    [
      'the DESIGN.md decisions',
      'a document that is not in the repository (the specification, design or toolchain notes)',
    ],
    ['see docs/notes.md', 'notes.md, a document that is not in the repository'],
    [
      ' * The toast time-out (spec §9).',
      'a section of the specification ("§N"), a document that is not in the repository',
    ],
    ['/** Shows the §8 toasts. */', 'a section of the specification ("§N"), a document that is not in the repository'],
    [
      '/* a code comment */ /** Shows the §8 toasts. */',
      'a section of the specification ("§N"), a document that is not in the repository',
    ],
    [
      '/**\n * The toast time-out\n * (spec §9).\n */',
      'a section of the specification ("§N"), a document that is not in the repository',
    ],
    [' * (paths not shown by the spec)', 'the specification, a document that is not in the repository'],
    ['Beyond the specification: the live view', 'the specification, a document that is not in the repository'],
    [' * the list (spec: history list, logos).', 'the specification, a document that is not in the repository'],
    ['## Limits (§ 9)', 'a section of the specification ("§N"), a document that is not in the repository'],
  ])('given %j, then it is named: %s', (text, what) => {
    expect(named(text)).toEqual([what]);
  });

  it.each([
    '// spec §8: the error text', // a line comment may name the specification's section
    'const limit = 2000; // spec §9 "Chat message max"',
    'fetch(`https://example.com/a`); // §5',
    '.cp-toast { color: red; } /* spec §8: the danger style */',
    '/* The portal shell (spec §2 "Layout"):\n   its frame */',
    '{/* Spec §8: error texts are plain sentences */}',
    'the OpenAPI document and its JSON Schema spec',
    '// not shown by the spec: our choice',
    'the timer stops 30 s after the last key',
    'one long task 50 ms long',
    'the server issues a token',
    'the guide in docs/partners.md and the CHANGELOG.md',
    'https://github.com/facebook/react/issues/new',
  ])('given %j, then nothing is named', (text) => {
    expect(named(text)).toEqual([]);
  });

  it('given a reference broken over two lines of a comment, then it is named on its first line', () => {
    expect(findInternalReferences(' * its own process (issue\n * 42 §5: off the main thread).', documents)).toEqual([
      { line: 1, what: 'a work item ("issue N")', excerpt: '* its own process (issue 42 §5: off the main thread).' },
      {
        line: 2,
        what: 'a section of the specification ("§N"), a document that is not in the repository',
        excerpt: '* 42 §5: off the main thread).',
      },
    ]);
  });

  it('given a number on the next line of a comment, then a quantity is not a work item', () => {
    expect(findInternalReferences(' * the refresh stops\n * 30 s after the last key', documents)).toEqual([]);
  });

  it('given a text, then each reference is named with its line, counted from 1', () => {
    expect(findInternalReferences('first\nsecond (issue 13)\nthird', documents)).toEqual([
      { line: 2, what: 'a work item ("issue N")', excerpt: 'second (issue 13)' },
    ]);
  });
});

describe("published text: what npm publishes of each package's README and sources", () => {
  let files: Map<string, string[]>;
  let documents: Set<string>;
  beforeAll(() => {
    files = packedFiles();
    documents = repositoryDocuments(root);
  }, 120_000);

  it('given npm pack, then each published package ships its README and sources, and no test file', () => {
    for (const [name, paths] of files) {
      expect(paths, name).toContain('README.md');
      expect(
        paths.some((p) => p.startsWith('src/')),
        `${name} ships src/`,
      ).toBe(true);
      expect(
        paths.filter((p) => /\.test\.tsx?$/.test(p)),
        name,
      ).toEqual([]);
    }
  });

  it.each(PUBLISHED_PACKAGES)(
    'given @cloudportal/%s, then no README or source file it ships names a work item or a document not in the repository',
    (name) => {
      const found = files
        .get(name)!
        // dist/ is built output: the pack test reads it in the tarball.
        .filter((path) => !path.startsWith('dist/') && TEXT_FILE.test(path))
        .flatMap((path) => {
          const file = `packages/${name}/${path}`;
          return problems(file, readFileSync(`${root}${file}`, 'utf8'), documents);
        });
      expect(found, `rewrite these for an npm user:\n${found.join('\n')}`).toEqual([]);
    },
  );

  it("given the Custom Elements Manifest the elements' JSDoc becomes, then it names no work item or document not in the repository", () => {
    const manifest = JSON.stringify(generateManifest(`${root}packages/elements/src`), null, 2);
    expect(manifest).toContain('"tagName": "cp-assistant"');
    const found = problems('custom-elements.json (generated from packages/elements/src)', manifest, documents);
    expect(found, `rewrite these elements' JSDoc for an npm user:\n${found.join('\n')}`).toEqual([]);
  });
});
