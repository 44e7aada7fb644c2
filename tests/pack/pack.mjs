// The published packages outside the workspace, as a partner gets them: `npm pack` of
// @cloudportal/core, /react, /elements and /testing; the tarballs' contents checked (every exports
// target, "files", "sideEffects", "customElements", the imports of every shipped .js and .d.ts, the
// standalone bundle free of bare imports, no work item or document that is not in the repository in
// any text they ship, the types of every entry point as TypeScript resolves them: @arethetypeswrong/cli);
// of core, react and elements a throw-away React 19 + Vite + TypeScript app installed from the
// tarballs in a temporary folder, type-checked (strict, skipLibCheck off) and built; a plain HTML page
// that loads the standalone bundle from the installed package; both rendered in Chromium against the
// reference server, through a same-origin proxy that sends the portal's strict CSP.
//
//   CHROMIUM_PATH=/usr/bin/chromium node tests/pack/pack.mjs      (KEEP_PACK=1 keeps the temp folder)
//
// Needs `npm run build:packages` first (packages/*/dist, the reference server's too). Exits 0 when everything passed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findInternalReferences,
  PUBLISHED_PACKAGES,
  repositoryDocuments,
  sourceMapTexts,
  TEXT_FILE,
} from '../tools/published-text.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The packages the throw-away app installs; @cloudportal/testing is packed and checked, not installed. */
const PACKED = ['core', 'react', 'elements'];
const DEV_DEPENDENCIES = ['vite', 'typescript', '@types/react', '@types/react-dom'];
const ACCOUNT = 'ada@contoso.example';
/** The reference server's policy for its HTML pages (packages/server/src/app.ts), minus Power BI. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self'; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";
const timings = [];
const defects = [];
const warnings = [];
const cleanups = [];

class Failure extends Error {
  constructor(message, output = []) {
    super(message);
    this.output = output;
  }
}
const fail = (message, output) => {
  throw new Failure(message, output);
};
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

async function step(name, fn) {
  console.log(`\n▸ ${name}`);
  const started = Date.now();
  const before = defects.length;
  const result = await fn();
  timings.push([name, seconds(started)]);
  const found = defects.length - before;
  console.log(found ? `  ✗ ${name}: ${found} problem(s) (${seconds(started)}s)` : `  ✓ ${name} (${seconds(started)}s)`);
  return result;
}

/** The environment of child commands, without what `npm test`'s own npm put in it for the workspace root. */
function childEnv(extra = {}) {
  const env = { ...process.env, NO_COLOR: '1', ...extra };
  for (const key of Object.keys(env)) {
    if (
      /^npm_(package|lifecycle)_|^npm_config_(local_prefix|workspaces?|include_workspace_root|call)$|^npm_command$|^INIT_CWD$/i.test(
        key,
      )
    )
      delete env[key];
  }
  return env;
}

/** Runs a command to completion; prints its output and fails when it exits non-zero. */
function run(cmd, args, cwd, { timeout = 180_000, show = false, quietFailure = false } = {}) {
  console.log(
    `  $ ${cmd} ${args.join(' ')}   (in ${relative(root, cwd).startsWith('..') ? cwd : relative(root, cwd) || '.'})`,
  );
  const r = spawnSync(cmd, args, { cwd, env: childEnv(), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`
    .replace(ANSI, '')
    .split('\n')
    .filter((l) => l.trim() && !/Unknown user config "nodedir"/.test(l));
  if (r.status !== 0) {
    if (!quietFailure) console.log(output.map((l) => `    ${l}`).join('\n'));
    fail(`${cmd} ${args.join(' ')} failed (${r.error ? r.error.message : `exit ${r.status}`})`, output);
  }
  if (show && output.length) console.log(output.map((l) => `    ${l}`).join('\n'));
  return r.stdout;
}

function defect(message) {
  defects.push(message);
  console.log(`  ✗ ${message}`);
}

// ── 1. Pack ───────────────────────────────────────────────────────────────────────────────────────

function requireBuilt() {
  const needed = [
    ...PUBLISHED_PACKAGES.map((p) => `packages/${p}/dist/index.js`),
    'packages/elements/dist/cloudportal-elements.js',
    'packages/server/dist/main.js',
  ];
  const missing = needed.filter((f) => !fs.existsSync(join(root, f)));
  if (missing.length) fail(`not built: ${missing.join(', ')} missing. Run \`npm run build:packages\` first.`);
}

/** The paths an exports map points at (every condition), `./`-less. */
function exportTargets(exports) {
  if (typeof exports === 'string') return [exports];
  if (!exports || typeof exports !== 'object') return [];
  return Object.values(exports).flatMap(exportTargets);
}
const bare = (p) => p.replace(/^\.\//, '');

function pack(tmp) {
  const tarballs = {};
  for (const name of PUBLISHED_PACKAGES) {
    const dir = join(root, 'packages', name);
    const pkg = readJson(join(dir, 'package.json'));
    const out = run('npm', ['pack', '--pack-destination', tmp, '--json', '--silent'], dir);
    const [info] = JSON.parse(out.slice(out.indexOf('[')));
    const files = new Set(info.files.map((f) => f.path));
    console.log(
      `    ${info.filename}: ${files.size} files, ${(info.size / 1024).toFixed(0)} KB packed, ${(info.unpackedSize / 1024).toFixed(0)} KB unpacked`,
    );
    // Whatever package.json points at must be in the tarball.
    const pointed = [
      ...exportTargets(pkg.exports).map((t) => [t, 'exports']),
      ...[pkg.main, pkg.module, pkg.types, pkg.typings, pkg.customElements]
        .filter(Boolean)
        .map((t) => [t, 'a top-level field']),
      ...(Array.isArray(pkg.sideEffects) ? pkg.sideEffects.map((t) => [t, '"sideEffects"']) : []),
    ];
    for (const [target, where] of pointed) {
      if (target.includes('*')) continue;
      if (!files.has(bare(target)))
        defect(
          `${pkg.name}: ${where} points at ${target}, which is not in the tarball (check "files" in packages/${name}/package.json)`,
        );
    }
    for (const f of files)
      if (/\.(test|stories)\.[jt]sx?$|(^|\/)testing\/|\.fixtures\.ts$/.test(f))
        warnings.push(`${pkg.name}: ships ${f} (test or story code)`);
    tarballs[name] = { file: join(tmp, info.filename), pkg };
  }
  return tarballs;
}

/**
 * Every text a tarball ships — README, sources, .js, .d.ts, the Custom Elements Manifest, and our own
 * sources inside the source maps — speaks to npm users: no work item, no document that is not in the
 * repository (tests/tools/published-text.mjs; tests/published-text.test.ts reads the same before a build).
 */
function checkPublishedText(tarballs, tmp) {
  const documents = repositoryDocuments(root);
  let read = 0;
  for (const [name, { file, pkg }] of Object.entries(tarballs)) {
    const dir = join(tmp, 'contents', name);
    fs.mkdirSync(dir, { recursive: true });
    run('tar', ['-xzf', file, '-C', dir], tmp);
    const found = [];
    for (const path of walk(join(dir, 'package')).filter((p) => TEXT_FILE.test(p))) {
      const shown = relative(join(dir, 'package'), path);
      const content = fs.readFileSync(path, 'utf8');
      const texts = shown.endsWith('.map') ? sourceMapTexts(shown, content) : [{ name: shown, text: content }];
      for (const { name: where, text } of texts) {
        read++;
        for (const r of findInternalReferences(text, documents))
          found.push(`${where}:${r.line}: ${r.what}: "${r.excerpt}"`);
      }
    }
    if (found.length)
      defect(
        `${pkg.name} ships text an npm user cannot follow (rewrite it, then rebuild):\n      ${found.join('\n      ')}`,
      );
  }
  console.log(`    ${read} shipped texts read`);
}

/**
 * @arethetypeswrong/cli over each tarball: every entry point's types resolve, and describe the module
 * they resolve beside, for TypeScript's `node16` (from ESM) and `bundler` resolution. The packages are
 * ESM only (`"type": "module"`, no `require` condition), so the `esm-only` profile: a `require()` of
 * them and `node10` resolution are not supported and not checked. Stylesheet entry points
 * (`./font.css`) are left out: a stylesheet has no types to resolve, and a bundler, not TypeScript,
 * imports it (attw's maintainers advise excluding them); "every exports target is in its tarball"
 * above checks that the file is there.
 */
function checkTypes(tarballs) {
  for (const { file, pkg } of Object.values(tarballs)) {
    const stylesheets = Object.keys(pkg.exports ?? {}).filter((key) => key.endsWith('.css'));
    const args = ['--no-install', 'attw', file, '--profile', 'esm-only', '--format', 'table-flipped'];
    args.push('--no-emoji', '--no-color', ...(stylesheets.length ? ['--exclude-entrypoints', ...stylesheets] : []));
    try {
      run('npx', args, root, { quietFailure: true });
      console.log(`    ${pkg.name}: every entry point's types resolve (node16 from ESM, bundler)`);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      defect(
        `${pkg.name}: @arethetypeswrong/cli found problems with its types:\n${error.output.map((l) => `      ${l}`).join('\n')}`,
      );
    }
  }
}

// ── 2. The throw-away app ─────────────────────────────────────────────────────────────────────────

/** The version of `name` installed in this repository (so npm serves it from the cache `npm ci` filled). */
function repoVersion(name) {
  const file = join(root, 'node_modules', name, 'package.json');
  if (!fs.existsSync(file)) fail(`${name} is not installed in ${root}/node_modules: run npm ci`);
  return readJson(file).version;
}

const MAIN_TSX = `import { createPortalClient, setDefaultPortalClient } from '@cloudportal/core';
import { defineElements, type CpAssistant, type CpReport } from '@cloudportal/elements';
import { AssistantChat } from '@cloudportal/react/assistant';
import { PortalProvider } from '@cloudportal/react/provider';
// The theme's font, as the package ships it.
import '@cloudportal/react/font.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './entries';

// One portal client for the page: React gets it from PortalProvider, the cp-* elements as the default.
const client = setDefaultPortalClient(createPortalClient());
defineElements();
void client.start();

// What a partner's TypeScript sees of the elements: tsc fails here when the typings are missing.
const report = document.querySelector('cp-report');
report?.setAttribute('report-id', 'billing-overview');
const reportId: string | undefined = report?.reportId;
const typedReport: CpReport | null = report;
report?.addEventListener('cp-report-loaded', (event) => {
  const page: string = event.detail.page.displayName;
  void page;
});
const assistant = document.querySelector('cp-assistant');
const typedAssistant: CpAssistant | null = assistant;
const mode: string | undefined = assistant?.mode;
assistant?.addEventListener('cp-assistant-opened', (event) => {
  const opened: CustomEvent = event;
  void opened;
});
assistant?.addEventListener('cp-assistant-message-sent', (event) => void event.detail);
// @ts-expect-error: the elements are typed, not any
void assistant?.noSuchProperty;
export const typed = { reportId, typedReport, typedAssistant, mode };

/** Never rendered: JSX the element typings must refuse. */
export function Refused() {
  return (
    <main>
      {/* @ts-expect-error: a mode <cp-assistant> does not have */}
      <cp-assistant mode="sidebar" />
      {/* @ts-expect-error: height-reduction is a number */}
      <cp-report height-reduction="tall" />
    </main>
  );
}

function App() {
  return (
    <PortalProvider client={client}>
      <section id="react-chat" aria-label="React AssistantChat">
        <AssistantChat mode="page" />
      </section>
      <section id="element-chat" aria-label="cp-assistant element">
        <cp-assistant mode="page" content-prefix="billing" />
      </section>
    </PortalProvider>
  );
}

createRoot(document.getElementById('react-root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

const APP_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="data:," />
    <title>Pack check: React + Vite app</title>
    <script type="module" src="/src/main.tsx"></script>
  </head>
  <body>
    <div id="react-root"></div>
  </body>
</html>
`;

const PLAIN_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="data:," />
    <title>Pack check: plain page</title>
    <link rel="stylesheet" href="./sdk/font.css" />
    <script type="module" src="./sdk/cloudportal-elements.js"></script>
  </head>
  <body>
    <h1>A partner's plain page</h1>
    <section id="page-chat" aria-label="page mode"><cp-assistant mode="page"></cp-assistant></section>
    <cp-assistant id="launcher"></cp-assistant>
  </body>
</html>
`;

/** Every entry point of the packages (their exports maps): type-checked by tsc, bundled by vite, loaded in the browser. */
function entriesModule(tarballs) {
  const names = Object.values(tarballs).flatMap(({ pkg }) =>
    Object.keys(pkg.exports ?? { '.': null })
      .filter((key) => key !== './package.json' && !key.includes('*') && !key.endsWith('.css'))
      .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`)),
  );
  return `// Every entry point of the published packages, loaded on demand: window.cpLoadEntries().
declare global {
  interface Window {
    cpLoadEntries(): Promise<Record<string, string>>;
  }
}

const loaders: Record<string, () => Promise<object>> = {
${names.map((n) => `  '${n}': () => import('${n}'),`).join('\n')}
};

window.cpLoadEntries = async () => {
  const loaded: Record<string, string> = {};
  for (const [name, load] of Object.entries(loaders)) {
    try {
      loaded[name] = \`\${Object.keys(await load()).length} exports\`;
    } catch (error) {
      loaded[name] = \`ERROR \${String(error)}\`;
    }
  }
  return loaded;
};

export {};
`;
}

function writeApp(appDir, tarballs) {
  const dependencies = {};
  const overrides = {};
  for (const { file, pkg } of Object.values(tarballs)) {
    dependencies[pkg.name] = `file:${relative(appDir, file)}`;
    // A nested @cloudportal/* dependency is the tarball too, never a registry package of that name.
    overrides[pkg.name] = `$${pkg.name}`;
  }
  for (const { pkg } of Object.values(tarballs)) {
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) {
      if (!name.startsWith('@cloudportal/')) dependencies[name] ??= repoVersion(name);
    }
  }
  const devDependencies = Object.fromEntries(DEV_DEPENDENCIES.map((n) => [n, repoVersion(n)]));
  const manifest = {
    name: 'cloudportal-pack-app',
    private: true,
    version: '0.0.0',
    type: 'module',
    dependencies,
    devDependencies,
    overrides,
  };
  fs.mkdirSync(join(appDir, 'src'), { recursive: true });
  fs.writeFileSync(join(appDir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(
    join(appDir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          isolatedModules: true,
          noUnusedLocals: true,
          types: [],
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    join(appDir, 'vite.config.mjs'),
    `export default {
  base: '/app/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  // Not about the packages: lucide-react's "use client" directives, and src/entries.ts importing
  // dynamically entry points main.tsx imports statically.
  build: { rolldownOptions: { onwarn: (warning, warn) => ['MODULE_LEVEL_DIRECTIVE', 'INEFFECTIVE_DYNAMIC_IMPORT'].includes(warning.code) || warn(warning) } },
};
`,
  );
  fs.writeFileSync(join(appDir, 'index.html'), APP_HTML);
  fs.writeFileSync(join(appDir, 'src', 'main.tsx'), MAIN_TSX);
  fs.writeFileSync(join(appDir, 'src', 'entries.ts'), entriesModule(tarballs));
  const deps = Object.entries({ ...dependencies, ...devDependencies }).map(
    ([n, v]) => `${n}@${v.startsWith('file:') ? v.replace(/^file:.*\//, 'file:') : v}`,
  );
  console.log(`    ${deps.join(', ')}`);
}

// ── Checks on the installed packages ──────────────────────────────────────────────────────────────

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') walk(path, out);
    } else out.push(path);
  }
  return out;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*|\/\/\/\s*<reference\s+types=)(["'])([^"'\n]{1,200})\1/g;
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w.@/-]*)?$/;
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** The module specifiers a file imports; a .d.ts file's comments (JSDoc examples) are left out. */
function specifiers(text, file = '') {
  const code = file.endsWith('.d.ts') ? text.replace(/\/\*[\s\S]*?\*\//g, '') : text;
  return [...code.matchAll(SPECIFIER)].map((m) => m[2]);
}

/** Where a relative import of `from` lands in the package, or undefined when nothing shipped is there. */
function resolveRelative(from, spec) {
  const target = resolve(dirname(from), spec);
  const candidates = from.endsWith('.d.ts')
    ? [target.replace(/\.js$/, '.d.ts'), `${target}.d.ts`, join(target, 'index.d.ts'), target]
    : [target, `${target}.js`, join(target, 'index.js')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** Every import of every shipped .js and .d.ts resolves: relative ones to shipped files, bare ones to declared dependencies and real exports. */
function checkImports(nodeModules, tarballs) {
  let checked = 0;
  for (const { pkg } of Object.values(tarballs)) {
    const dir = join(nodeModules, pkg.name);
    const allowed = new Set([
      pkg.name,
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ]);
    const problems = new Set();
    for (const file of walk(join(dir, 'dist')).filter((f) => /\.(m?js|d\.ts)$/.test(f))) {
      checked++;
      const shown = relative(dir, file);
      for (const spec of specifiers(fs.readFileSync(file, 'utf8'), file)) {
        if (spec.startsWith('./') || spec.startsWith('../')) {
          if (!resolveRelative(file, spec)) problems.add(`${shown} imports ${spec}, which is not in the package`);
        } else if (spec.startsWith('node:')) {
          problems.add(`${shown} imports the Node built-in ${spec} (a browser package)`);
        } else if (PACKAGE_NAME.test(spec)) {
          const name = packageOf(spec);
          if (!allowed.has(name)) {
            problems.add(`${shown} imports ${spec}, but ${name} is not in its dependencies or peerDependencies`);
            continue;
          }
          const installed = join(nodeModules, name, 'package.json');
          if (!fs.existsSync(installed)) continue; // an optional peer the app does not have (reported by tsc/vite if used)
          const { exports } = readJson(installed);
          const sub = spec === name ? '.' : `.${spec.slice(name.length)}`;
          if (
            exports &&
            typeof exports === 'object' &&
            !Array.isArray(exports) &&
            Object.keys(exports)[0]?.startsWith('.') &&
            !(sub in exports) &&
            !Object.keys(exports).some((k) => k.includes('*'))
          ) {
            problems.add(`${shown} imports ${spec}, which ${name}'s "exports" does not have`);
          }
        }
      }
    }
    for (const p of problems) defect(`${pkg.name}: ${p}`);
  }
  console.log(`    ${checked} shipped .js/.d.ts files checked`);
}

/** Packages whose every entry is client code: each built entry starts with "use client" (rollup.config.mjs). */
const CLIENT_ENTRIES = new Set(['@cloudportal/react', '@cloudportal/elements']);

/**
 * Where a server renders (a Next.js App Router page, any React server render): every entry of every
 * package imports in Node, with no DOM, without throwing; the client packages' entries start with
 * "use client", so a Server Component may import them.
 */
function checkServerSide(appDir, tarballs) {
  const specs = [];
  for (const { pkg } of Object.values(tarballs)) {
    const dir = join(appDir, 'node_modules', pkg.name);
    for (const [key, value] of Object.entries(pkg.exports ?? {})) {
      const target = typeof value === 'string' ? value : (value.default ?? value.import);
      if (!target?.endsWith('.js')) continue;
      specs.push(`${pkg.name}${key.slice(1)}`);
      if (!CLIENT_ENTRIES.has(pkg.name)) continue;
      const first = fs.readFileSync(join(dir, target), 'utf8').trimStart().split('\n', 1)[0];
      if (!/^['"]use client['"](;|$)/.test(first))
        defect(
          `${pkg.name}${key.slice(1)}: ${target} does not start with "use client" (it starts ${first.slice(0, 60)})`,
        );
    }
  }
  const script = `const failed = [];
for (const spec of ${JSON.stringify(specs)}) {
  try { await import(spec); } catch (error) { failed.push(spec + ': ' + String(error).split('\\n')[0]); }
}
if (typeof window !== 'undefined' || typeof document !== 'undefined') failed.push('an import left a DOM behind');
console.log(JSON.stringify(failed));`;
  const r = spawnSync('node', ['--input-type=module', '-e', script], {
    cwd: appDir,
    env: childEnv(),
    encoding: 'utf8',
  });
  let failed;
  try {
    failed = JSON.parse(r.stdout.trim().split('\n').at(-1));
  } catch {
    failed = [`node exited ${r.status}: ${(r.stderr || r.stdout).slice(0, 500)}`];
  }
  for (const f of failed) defect(`in Node (no DOM), importing ${f}`);
  console.log(`    ${specs.length} entries imported in Node`);
}

/** The standalone bundle, for a plain script tag: everything it loads is in the package, with no bare import (no import map on a partner's page). */
function checkStandalone(elementsDir) {
  const entry = join(elementsDir, 'dist', 'cloudportal-elements.js');
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of specifiers(fs.readFileSync(file, 'utf8'))) {
      if (spec.startsWith('./') || spec.startsWith('../')) {
        const target = resolveRelative(file, spec);
        if (target) queue.push(target);
        else
          defect(
            `@cloudportal/elements: the standalone bundle's ${relative(elementsDir, file)} loads ${spec}, which is not in the package`,
          );
      } else if (PACKAGE_NAME.test(spec) || spec.startsWith('node:')) {
        defect(
          `@cloudportal/elements: the standalone bundle's ${relative(elementsDir, file)} imports "${spec}", which a plain <script type="module"> cannot resolve`,
        );
      }
    }
  }
  const outside = [...seen].filter((f) => f !== entry && dirname(f) !== join(elementsDir, 'dist', 'chunks'));
  for (const f of outside)
    defect(
      `@cloudportal/elements: the standalone bundle loads ${relative(elementsDir, f)}, outside dist/chunks/ (partners copy cloudportal-elements.js and chunks/)`,
    );
  console.log(`    the standalone bundle and the ${seen.size - 1} chunks it loads checked`);
}

/** One copy of each package whose state must be shared (React, the stores, the SDK itself). */
function checkSingleCopies(nodeModules) {
  const single = [
    'react',
    'react-dom',
    'nanostores',
    '@nanostores/react',
    '@cloudportal/core',
    '@cloudportal/react',
    '@cloudportal/elements',
  ];
  const copies = new Map(single.map((n) => [n, []]));
  const visit = (dir, depth) => {
    if (depth > 6 || !fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const names = entry.name.startsWith('@')
        ? fs.readdirSync(join(dir, entry.name)).map((n) => `${entry.name}/${n}`)
        : [entry.name];
      for (const name of names) {
        const path = join(dir, name);
        if (copies.has(name)) copies.get(name).push(path);
        visit(join(path, 'node_modules'), depth + 1);
      }
    }
  };
  visit(nodeModules, 0);
  for (const [name, paths] of copies) {
    if (paths.length === 0) defect(`${name} is not installed in the app`);
    if (paths.length > 1)
      defect(
        `${name} is installed ${paths.length} times in the app (${paths.map((p) => relative(nodeModules, p)).join(', ')}): its state would not be shared`,
      );
  }
  console.log(`    one copy each of ${single.join(', ')}`);
}

// ── 3. Servers ────────────────────────────────────────────────────────────────────────────────────

function freePort() {
  return new Promise((ok, ko) => {
    const srv = net.createServer();
    srv.on('error', ko);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function startReferenceServer(dataDir) {
  const port = await freePort();
  const log = [];
  // The demo server whatever the shell has: its own database, the demo accounts, the built-in assistant.
  // The hand-written demo rows (DEMO_DATA=anchors) answer the assistant's question, and seed in
  // seconds where the full data took half a minute of the run.
  const env = childEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    DEV_SIGN_IN: 'on',
    LOG_LEVEL: 'warn',
    FAULTS: 'off',
    DEMO_DATA: 'anchors',
    // No load balancer to drain for: SIGTERM stops it at once.
    SHUTDOWN_DRAIN_MS: '0',
  });
  for (const key of Object.keys(env))
    if (/^(DATABASE_URL|HOST|ENTRA_|POWERBI_|ASSISTANT_|APP_TOKEN_|REFRESH_TOKEN_)/.test(key)) delete env[key];
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => log.push(String(d)));
  let exited = null;
  const exit = new Promise((done) => child.on('exit', (code, signal) => done((exited = code ?? signal))));
  cleanups.push(async () => {
    if (exited !== null) return;
    child.kill('SIGTERM');
    await Promise.race([exit, new Promise((done) => setTimeout(done, 5000))]);
    if (exited === null) child.kill('SIGKILL');
  });
  // Three minutes: on a 2-core machine busy with other work (load about 10) the server's first
  // start (Node, the embedded database, migrations) took past one. Ready, not only alive: until its
  // demo data is in, every route but the operations ones answers 503 'Starting'.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) fail(`the reference server exited (${exited}):\n${log.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) fail(`the reference server was not ready (/readyz) within 180 s:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, log };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A partner's site: the app's dist/ at /app/, the plain page at /plain/, everything else proxied to the reference server (one origin). */
function startSite(mounts, upstreamPort) {
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const mount = mounts.find((m) => path.startsWith(m.prefix));
    if (!mount) {
      const upstream = http.request(
        { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => res.writeHead(502).end(String(error)));
      req.pipe(upstream);
      return;
    }
    let file = resolve(mount.dir, `.${sep}${path.slice(mount.prefix.length)}`);
    if (!file.startsWith(mount.dir)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!fs.existsSync(file))
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${path}`);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers = { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
    if (type.startsWith('text/html')) headers['content-security-policy'] = CSP;
    res.writeHead(200, headers);
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((ok) => {
    server.listen(0, () => {
      cleanups.push(() => {
        const closed = new Promise((done) => server.close(done));
        server.closeAllConnections();
        return closed;
      });
      ok(server.address().port);
    });
  });
}

// ── 4. In Chromium ────────────────────────────────────────────────────────────────────────────────

/** The browser steps of the pack test: the packed packages' pages in Chromium, through the proxy. */
async function inBrowser(origin) {
  const { expect } = await import('@playwright/test');
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const pages = pageOpener(context);
  const b = { origin, context, expect, open: pages.open, ...chatChecks() };
  await signedOutSteps(b);
  await signInStep(b);
  await appStep(b);
  await plainStep(b);
  const { errors } = pages;
  if (errors.length) fail(`errors in the pages:\n${errors.map((e) => `    ${e}`).join('\n')}`);
  console.log('    no page errors, no console errors');
}

/** Chromium, closed with the run's cleanups. */
async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_FLAGS, ensureChromium } = await import('../tools/chromium.mjs');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || ensureChromium(),
    args: CHROMIUM_FLAGS,
  });
  cleanups.push(() => browser.close());
  return browser;
}

/**
 * Opens pages of `context`, collecting their uncaught errors and console errors in `errors` (signed
 * out too: the session's resume without a refresh cookie is answered 204, not logged as a failure).
 */
function pageOpener(context) {
  const errors = [];
  const open = async (path) => {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${path}: uncaught ${error.stack ?? error}`));
    page.on('console', (message) => {
      if (message.type() === 'error')
        errors.push(`${path}: console error: ${message.text()} ${message.location().url ?? ''}`);
    });
    await page.goto(path);
    return page;
  };
  return { open, errors };
}

/** The assistant's textbox in `scope`, and a check that the SDK's CSS styles it (in a shadow root or not). */
function chatChecks() {
  const textbox = (scope) => scope.getByRole('textbox', { name: 'Ask the assistant' });
  const css = (locator) =>
    locator.evaluate(async (el) => {
      const root = el.getRootNode();
      const style = getComputedStyle(el);
      // The theme's font (font.css): the faces the page declared for it, loaded for this text.
      const faces = await document.fonts.load(`14px ${style.fontFamily.split(',')[0]}`, 'Aa');
      return {
        radius: style.borderTopLeftRadius,
        minHeight: style.minHeight,
        font: style.fontFamily.split(',')[0].replaceAll('"', '').replaceAll("'", ''),
        fontLoaded: faces.length > 0 && faces.every((f) => f.status === 'loaded'),
        sheets: root.adoptedStyleSheets.length,
        inShadow: root instanceof ShadowRoot,
      };
    });
  const expectStyled = async (locator, where, inShadow) => {
    const got = await css(locator);
    console.log(
      `    ${where}: ${got.sheets} adopted stylesheet(s) on its ${got.inShadow ? 'shadow root' : 'document'}; the textbox's border-radius ${got.radius}, min-height ${got.minHeight}, font ${got.font} (${got.fontLoaded ? 'loaded' : 'not loaded'})`,
    );
    if (got.font !== 'Inter Variable' || !got.fontLoaded)
      fail(`${where}: the theme's font did not apply (expected Inter Variable, loaded from the package's font.css)`);
    if (got.inShadow !== inShadow)
      fail(`${where}: expected the textbox ${inShadow ? 'inside' : 'outside'} a shadow root`);
    if (got.sheets < 1 || got.radius !== '8px' || got.minHeight !== '60px')
      fail(
        `${where}: the SDK's CSS did not apply (expected adopted stylesheets, border-radius 8px from --cp-radius, min-height 60px)`,
      );
  };
  return { textbox, expectStyled };
}

/** Signed out, the plain page offers the launcher and a sign-in link. */
async function signedOutSteps({ open, expect }) {
  await step('Chromium, signed out: /plain/ shows the launcher and the sign-in link', async () => {
    const page = await open('/plain/');
    await expect(
      page.locator('cp-assistant#launcher').getByRole('button', { name: 'Assistant', exact: true }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(
      page.locator('cp-assistant[mode="page"]').getByRole('link', { name: 'Sign in to use the assistant' }),
    ).toBeVisible({ timeout: 15_000 });
    await page.close();
  });
}

/** Signs the account in through the proxy; the refresh cookie is the proxy origin's. */
async function signInStep({ context, origin }) {
  await step(`Chromium: sign ${ACCOUNT} in through the proxy (dev identity → /api/auth/azure/token)`, async () => {
    const identity = await context.request.post('/api/dev/identity-token', { data: { email: ACCOUNT } });
    if (!identity.ok()) fail(`/api/dev/identity-token answered ${identity.status()}: ${await identity.text()}`);
    const { id_token } = await identity.json();
    const claims = JSON.parse(Buffer.from(id_token.split('.')[1], 'base64url').toString());
    const login = await context.request.post('/api/auth/azure/token', {
      data: { id: claims.oid, tenantId: claims.tid, upn: ACCOUNT, preview: false, token: id_token },
      headers: { 'X-Authorization': `Bearer ${id_token}` },
    });
    if (login.status() !== 200) fail(`/api/auth/azure/token answered ${login.status()}: ${await login.text()}`);
    const cookies = (await context.cookies()).filter((c) => c.domain === new URL(origin).hostname);
    if (!cookies.some((c) => c.name === 'cp_refresh'))
      fail(`no refresh cookie for ${origin} after sign-in (got: ${cookies.map((c) => c.name).join(', ') || 'none'})`);
    console.log(
      `    refresh cookie set for ${new URL(origin).host}${cookies.find((c) => c.name === 'cp_refresh').path}`,
    );
  });
}

/** The app page: the React chat and the element, styled; a question is answered; every entry point loads. */
async function appStep({ open, expect, textbox, expectStyled }) {
  await step(
    'Chromium: /app/ renders <AssistantChat mode="page"> and <cp-assistant mode="page">, styled; a question gets an answer',
    async () => {
      const page = await open('/app/');
      const react = page.locator('#react-chat');
      const element = page.locator('#element-chat cp-assistant');
      await expect(textbox(react)).toBeVisible({ timeout: 20_000 });
      await expect(react.getByRole('heading', { level: 2, name: 'Cloud Assistant' })).toBeVisible();
      await expect(textbox(element)).toBeVisible({ timeout: 20_000 });
      await expect(element.getByRole('heading', { level: 2, name: 'Cloud Assistant' })).toBeVisible();
      await expectStyled(textbox(react), 'React AssistantChat', false);
      await expectStyled(textbox(element), '<cp-assistant mode="page">', true);
      // An answer goes through the proxy to the server, and renders with marked + DOMPurify, which the
      // app's bundler split into a lazy chunk.
      await textbox(react).fill('What were our Azure costs by service last month?');
      await textbox(react).press('Enter');
      // A minute: a timeout catches a hang, not a busy machine (20 s ran out once at load 12).
      await expect(react.getByRole('table').first())
        .toBeVisible({ timeout: 60_000 })
        .catch(async (error) => {
          throw new Error(`the React chat showed no table; it shows:\n${await react.innerText()}\n${error.message}`);
        });
      await expect(textbox(react)).toBeEnabled();
      console.log('    the React chat answered with a table');
      // Every entry point of the packages loads in the browser (from the app's bundle).
      const entries = await page.evaluate(() => window.cpLoadEntries());
      for (const [name, result] of Object.entries(entries)) {
        console.log(`    import('${name}'): ${result}`);
        if (result.startsWith('ERROR')) defect(`import('${name}') fails in the browser: ${result}`);
      }
      await page.close();
    },
  );
}

/** The plain page, from the standalone bundle: the launcher opens the chat; page mode renders it. */
async function plainStep({ open, expect, textbox, expectStyled }) {
  await step(
    'Chromium: /plain/ (the standalone bundle from the installed package): launcher opens the chat; page mode renders it',
    async () => {
      const page = await open('/plain/');
      const launcher = page.locator('cp-assistant#launcher').getByRole('button', { name: 'Assistant', exact: true });
      await expect(launcher).toBeVisible({ timeout: 15_000 });
      const pageChat = page.locator('cp-assistant[mode="page"]');
      await expect(textbox(pageChat)).toBeVisible({ timeout: 20_000 });
      await expectStyled(textbox(pageChat), 'plain page, <cp-assistant mode="page">', true);
      await launcher.click();
      const dialog = page
        .locator('cp-assistant#launcher')
        .getByRole('dialog')
        .filter({ has: textbox(page) });
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      await expect(textbox(dialog)).toBeVisible();
      await expectStyled(textbox(dialog), 'plain page, launcher dialog', true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.close();
    },
  );
}

// ── Main ──────────────────────────────────────────────────────────────────────────────────────────

const started = Date.now();
const tmp = fs.mkdtempSync(join(os.tmpdir(), 'cloudportal-pack-'));
let ok = false;
try {
  console.log(`Packing @cloudportal/core, /react, /elements and /testing into ${tmp}`);
  requireBuilt();
  const packed = await step(
    'npm pack (core, react, elements, testing); every exports/sideEffects/customElements target is in its tarball',
    () => pack(tmp),
  );
  await step("the tarballs' text: no work item, no document that is not in the repository", () =>
    checkPublishedText(packed, tmp),
  );
  await step('@arethetypeswrong/cli: types resolve for node16 (from ESM) and bundler (esm-only profile)', () =>
    checkTypes(packed),
  );
  const tarballs = Object.fromEntries(Object.entries(packed).filter(([name]) => PACKED.includes(name)));
  const appDir = join(tmp, 'app');
  const nodeModules = join(appDir, 'node_modules');
  await step('write a React 19 + Vite + TypeScript app depending on the tarballs', () => writeApp(appDir, tarballs));
  await step('npm install (from the npm cache)', () =>
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], appDir, {
      timeout: 300_000,
      show: true,
    }),
  );
  await step(
    'the installed packages: imports resolve, the standalone bundle is self-contained, one copy of shared packages',
    () => {
      checkImports(nodeModules, tarballs);
      checkStandalone(join(nodeModules, '@cloudportal', 'elements'));
      checkSingleCopies(nodeModules);
    },
  );
  await step(
    'in Node with no DOM (a server render): every entry imports; react and elements entries are "use client"',
    () => checkServerSide(appDir, tarballs),
  );
  // A type error is reported and the run goes on: the build and the browser still have things to say.
  await step('tsc -p . (strict, skipLibCheck: false: the published .d.ts files are checked)', () => {
    try {
      run('npx', ['--no-install', 'tsc', '-p', '.'], appDir, { show: true, quietFailure: true });
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      defect(
        `the app does not type-check against the published .d.ts files:\n${error.output.map((l) => `      ${l}`).join('\n')}`,
      );
    }
  });
  await step('vite build', () => run('npx', ['--no-install', 'vite', 'build'], appDir, { show: true }));
  const plainDir = join(tmp, 'plain');
  await step('a plain HTML page with the standalone bundle copied from the installed package', () => {
    const dist = join(nodeModules, '@cloudportal', 'elements', 'dist');
    fs.mkdirSync(join(plainDir, 'sdk'), { recursive: true });
    for (const f of ['cloudportal-elements.js', 'cloudportal-elements.js.map', 'font.css'])
      if (fs.existsSync(join(dist, f))) fs.copyFileSync(join(dist, f), join(plainDir, 'sdk', f));
    for (const d of ['chunks', 'fonts']) fs.cpSync(join(dist, d), join(plainDir, 'sdk', d), { recursive: true });
    fs.writeFileSync(join(plainDir, 'index.html'), PLAIN_HTML);
  });
  const server = await step('start the reference server (packages/server/dist/main.js)', () =>
    startReferenceServer(join(tmp, 'data')),
  );
  const sitePort = await step('start the partner site (static /app/ and /plain/, the rest proxied; strict CSP)', () =>
    startSite(
      [
        { prefix: '/app/', dir: join(appDir, 'dist') },
        { prefix: '/plain/', dir: plainDir },
      ],
      server.port,
    ),
  );
  const origin = `http://localhost:${sitePort}`;
  console.log(`    ${origin} → reference server on 127.0.0.1:${server.port}`);
  await inBrowser(origin);
  ok = defects.length === 0;
} catch (error) {
  console.error(`\n✗ ${error instanceof Failure ? error.message : (error?.stack ?? error)}`);
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // already gone
    }
  }
  if (process.env.KEEP_PACK === '1') console.log(`\nKept ${tmp} (KEEP_PACK=1)`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}

if (warnings.length) console.log(`\nNotes:\n${warnings.map((w) => `  · ${w}`).join('\n')}`);
console.log('\nTimings:');
for (const [name, s] of timings) console.log(`  ${s.padStart(6)}s  ${name}`);
console.log(`  ${seconds(started).padStart(6)}s  total`);
if (defects.length) console.log(`\nPackaging defects:\n${defects.map((d) => `  ✗ ${d}`).join('\n')}`);
console.log(ok ? '\n✓ the packages work outside the workspace' : '\n✗ the pack check failed');
process.exit(ok ? 0 : 1);
