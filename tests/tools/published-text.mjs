// What npm publishes speaks to npm users: no work item of ours ("issue 38 §2", "task 4", "stop 3") and
// no document that is not in the repository (the product's specification, design and toolchain notes,
// and the specification's sections, "§8", outside a code comment: `//` or `/* … */`).
// One list of rules for both checks of it: tests/published-text.test.ts over the sources, READMEs and
// the Custom Elements Manifest before a build, tests/pack/pack.mjs over the tarballs' contents after one.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The packages npm publishes (packages/server and host-example are private). */
export const PUBLISHED_PACKAGES = ['core', 'react', 'elements', 'testing'];

/** A number followed by a unit is a quantity, not a work item: "stops 30 s after", "a task 50 ms long". */
const NOT_A_QUANTITY = String.raw`(?!\s*(?:ms|s|seconds?|minutes?|hours?|days?|px|%|KB|MB)\b)`;

/** The rules: each pattern and what it found, as a failure names it. */
export const PUBLISHED_TEXT_RULES = [
  { pattern: /\bissues? #?\d+/i, what: 'a work item ("issue N")' },
  { pattern: /\bissues?\s*§/i, what: 'a work item\'s section ("issue §…")' },
  { pattern: new RegExp(String.raw`\btasks? #?\d+\b${NOT_A_QUANTITY}`, 'i'), what: 'a work item ("task N")' },
  { pattern: new RegExp(String.raw`\bstops? #?\d+\b${NOT_A_QUANTITY}`, 'i'), what: 'a work item ("stop N")' },
  {
    pattern: /\b(?:portal-spec|DESIGN|TOOLCHAIN)\.md\b/i,
    what: 'a document that is not in the repository (the specification, design or toolchain notes)',
  },
  {
    // The sources trace their rules to the specification's sections in code comments (`//`, and
    // `/* … */` where a language has no other), which are for the code's readers; JSDoc (`/** … */`),
    // declarations, READMEs and the manifest speak to npm users.
    pattern: /(?<!\b(?:issues?|tasks?|stops?)\s*#?\d+\s*)§\s*\d/i, // (a work item's section is named above)
    what: 'a section of the specification ("§N"), a document that is not in the repository',
    lineComments: true,
  },
  {
    pattern: /\b(?:the|its|our|beyond the) spec(?:ification)?(?:'s)?\b|(?<![\w-])spec(?:ification)?:/i,
    what: 'the specification, a document that is not in the repository',
    lineComments: true,
  },
];

/** Where a `//` line comment starts in a line of code (not `https://`), or -1. */
function lineCommentStart(content) {
  const m = /(?:^|[\s;,(){}])\/\//.exec(content);
  return m ? m.index + m[0].indexOf('//') : -1;
}

/**
 * Reads a text's block comments line by line: `next(line)` answers whether a position of that line
 * is inside a code comment, `/* … *\/` (CSS's only kind, JSX's `{/* … *\/}`), as opposed to a
 * JSDoc block, `/** … *\/`, which documentation tools publish.
 */
function codeComments() {
  let open = null; // 'code' | 'doc' | null, carried from the line before
  return (content) => {
    const spans = []; // [from, to) of code comments on this line
    let from = open === 'code' ? 0 : -1;
    for (const m of content.matchAll(/\/\*\*(?!\/)|\/\*|\*\//g)) {
      if (open === null && m[0] !== '*/') {
        open = m[0] === '/*' ? 'code' : 'doc';
        if (open === 'code') from = m.index;
      } else if (open !== null && m[0] === '*/') {
        if (open === 'code') spans.push([from, m.index]);
        open = null;
        from = -1;
      }
    }
    if (open === 'code') spans.push([from, content.length]);
    return (index) => spans.some(([a, b]) => index >= a && index < b);
  };
}

/** A line's text without what continues a comment or list from the line before (` * `, `// `, `> `). */
const continuation = (line) => line.replace(/^\s*(?:\*(?!\/)|\/\/|>|#+)?\s*/, '');

/** `name.md` or `some/path/name.md` in a text (a URL's path included). */
const MARKDOWN_NAME = /(?:[\w.-]+\/)*([\w.-]+\.md)\b/gi;

/**
 * The names (lower case) of the Markdown files in the repository at `root`: a text may name these.
 * Tracked and untracked-but-not-ignored files (git), or, without git, a walk that skips
 * node_modules, build output and dot folders other than .changeset, .github and .storybook.
 */
export function repositoryDocuments(root) {
  const git = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '--', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (git.status === 0 && git.stdout.trim())
    return new Set(
      git.stdout
        .split('\n')
        .filter(Boolean)
        .map((f) => basename(f).toLowerCase()),
    );
  const names = new Set();
  const skip =
    /^(node_modules|dist|storybook-static|playwright-report.*|test-results)$|^\.(?!changeset$|github$|storybook$)/;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skip.test(entry.name)) walk(join(dir, entry.name));
      } else if (entry.name.toLowerCase().endsWith('.md')) names.add(entry.name.toLowerCase());
    }
  };
  walk(root);
  return names;
}

/**
 * Every line of `text` that names a work item or a document the repository does not hold:
 * `{ line, what, excerpt }`, lines counted from 1 (a reference broken over two lines is named on its
 * first). `documents`: the repository's Markdown names (`repositoryDocuments`); without it, only the
 * named documents of the rules are looked for.
 */
export function findInternalReferences(text, documents) {
  const found = [];
  const lines = text.split('\n');
  const comments = codeComments();
  lines.forEach((content, index) => {
    const excerpt = (m, line = content) => line.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).trim();
    const comment = lineCommentStart(content);
    const inCodeComment = comments(content);
    for (const { pattern, what, lineComments } of PUBLISHED_TEXT_RULES) {
      const m = pattern.exec(content);
      if (m && !(lineComments && ((comment >= 0 && comment < m.index) || inCodeComment(m.index))))
        found.push({ line: index + 1, what, excerpt: excerpt(m) });
      // A reference broken over two lines of a comment ("… (issue" / " * 42 §5 …").
      if (index + 1 < lines.length && !lineComments) {
        const joined = `${content.trimEnd()} ${continuation(lines[index + 1])}`;
        const across = new RegExp(pattern.source, `${pattern.flags}g`);
        for (const j of joined.matchAll(across))
          if (j.index < content.trimEnd().length && j.index + j[0].length > content.trimEnd().length + 1) {
            found.push({ line: index + 1, what, excerpt: excerpt(j, joined) });
            break;
          }
      }
    }
    if (documents) {
      for (const m of content.matchAll(MARKDOWN_NAME)) {
        if (documents.has(m[1].toLowerCase())) continue;
        if (PUBLISHED_TEXT_RULES.some(({ pattern }) => pattern.test(m[0]))) continue; // reported above
        found.push({ line: index + 1, what: `${m[1]}, a document that is not in the repository`, excerpt: excerpt(m) });
      }
    }
  });
  return found;
}

/** The files of a package's tarball whose text is read: code, declarations, styles, JSON, Markdown, HTML, source maps. */
export const TEXT_FILE = /\.(?:[cm]?js|[cm]?ts|tsx|css|json|md|html|map|txt|svg)$/i;

/**
 * What a source map carries of our own text: each source's content, named `<map> → <source>`,
 * without the third-party sources bundled beside ours (node_modules), whose words are not ours.
 */
export function sourceMapTexts(mapFile, json) {
  let map;
  try {
    map = JSON.parse(json);
  } catch {
    return [];
  }
  return (map.sources ?? [])
    .map((source, i) => ({ name: `${mapFile} → ${source}`, source, text: map.sourcesContent?.[i] }))
    .filter(({ source, text }) => typeof text === 'string' && !/(^|\/)node_modules\//.test(source));
}
