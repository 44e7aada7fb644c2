// The API reports: what each published entry point offers, as read from its built `.d.ts` by API
// Extractor (@microsoft/api-extractor, one run of its API per entry point, the package's entry points
// sharing one TypeScript program), and the custom elements' attributes, properties, methods, events, slots,
// CSS parts and CSS custom properties as the Custom Elements Manifest lists them. The reports are
// checked in under api/: api/<package>/<entry>.api.md and api/elements/custom-elements.api.md.
//
//   node tests/tools/api-report.mjs           check: fails, naming each changed line and the report,
//                                              when the built surface differs from the checked-in one
//   node tests/tools/api-report.mjs --update  write the reports (`npm run api:update` builds first)
//
// Needs the packages built (`npm run build:packages`). Besides the reports, API Extractor's checks fail
// the run: an exported declaration without a release tag (@public, @beta or @internal), a public
// declaration whose type names an @internal one, a published .d.ts that does not compile.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const PUBLISHED = ['core', 'react', 'elements', 'testing'];
const MANIFEST = 'packages/elements/dist/custom-elements.json';
export const ELEMENTS_REPORT = 'api/elements/custom-elements.api.md';
const UPDATE = 'npm run api:update';

/** The entry points of a package with types: `{ key, file, report }` (report: `api/<dir>/<name>.api.md`). */
export function entryPoints(dir) {
  const pkgDir = join(root, 'packages', dir);
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  return Object.entries(pkg.exports)
    .filter(([, value]) => typeof value === 'object' && value.types)
    .map(([key, value]) => {
      const name = key === '.' ? 'index' : key.slice(2).replaceAll('/', '-');
      return { key, file: resolve(pkgDir, value.types), report: `api/${dir}/${name}.api.md` };
    });
}

/** API Extractor's configuration for one entry point; its report is written to `tempFolder`. */
function configFor(ExtractorConfig, dir, entry, tempFolder) {
  const pkgDir = join(root, 'packages', dir);
  const level = (logLevel, addToApiReportFile = false) => ({ logLevel, addToApiReportFile });
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: pkgDir,
      mainEntryPointFilePath: entry.file,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            module: 'ESNext',
            moduleResolution: 'Bundler',
            strict: true,
            // The published .d.ts are checked too: one naming a declaration that was stripped fails here.
            skipLibCheck: false,
            types: ['node'],
          },
          files: [entry.file],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.report.split('/').pop(),
        reportFolder: join(root, 'api', dir),
        reportTempFolder: tempFolder,
        // The published surface: @internal declarations are stripped from the built .d.ts (see
        // rollup.config.mjs), so the complete variant is the public one plus what is @beta.
        reportVariants: ['complete'],
        // A type a public declaration names but the entry point does not export (another entry point's,
        // or none's) is in the report too: a change to it changes the report.
        includeForgottenExports: true,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        compilerMessageReporting: { default: level('error') },
        extractorMessageReporting: {
          default: level('warning', true),
          // Every exported declaration says whether it is @public, @beta or @internal.
          'ae-missing-release-tag': level('error'),
          // The report marks each declaration and member without JSDoc `// (undocumented)` by itself, so
          // a new one changes the report and fails the check.
          'ae-undocumented': level('none'),
          'ae-incompatible-release-tags': level('error'),
          // Names are not prefixed with `_`: @internal declarations do not reach the published types.
          'ae-internal-missing-underscore': level('none'),
          // A type a public declaration names but its entry point does not export is listed in the report.
          'ae-forgotten-export': level('none', true),
          'ae-unresolved-link': level('none'),
        },
        // The SDK's JSDoc is Markdown with `{…}` and `@default`; only the release tags are read from it.
        tsdocMessageReporting: { default: level('none') },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(pkgDir, 'package.json'),
  });
}

/**
 * The lines that differ between two reports, as `- removed` and `+ added` with a line of context either
 * side (`  kept`); hunks apart are separated by `…`. A longest common subsequence of the lines between
 * their common start and end; past 4 million line pairs, the lines of each that the other lacks.
 */
export function changedLines(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  if (x.length * y.length > 4_000_000) {
    const inY = new Set(y);
    const inX = new Set(x);
    return [...x.filter((l) => !inY.has(l)).map((l) => `- ${l}`), ...y.filter((l) => !inX.has(l)).map((l) => `+ ${l}`)];
  }
  // lcs[i * (m + 1) + j]: the longest common subsequence of x[i…] and y[j…].
  const n = x.length;
  const m = y.length;
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        x[i] === y[j]
          ? lcs[(i + 1) * (m + 1) + j + 1] + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1]);
  const ops = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      ops.push(`  ${x[i]}`);
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i * (m + 1) + j + 1] >= lcs[(i + 1) * (m + 1) + j])) ops.push(`+ ${y[j++]}`);
    else ops.push(`- ${x[i++]}`);
  }
  const lines = [a[start - 1], ...ops, b[b.length - end]]
    .map((l, k, all) => (k === 0 || k === all.length - 1 ? (l === undefined ? undefined : `  ${l}`) : l))
    .filter((l) => l !== undefined);
  // Context: one kept line beside a change.
  const near = (k) => [k - 1, k + 1].some((n2) => lines[n2] && !lines[n2].startsWith('  '));
  const out = [];
  lines.forEach((l, k) => {
    if (!l.startsWith('  ') || near(k)) out.push(l);
    else if (out.length && out[out.length - 1] !== '…') out.push('…');
  });
  while (out[out.length - 1] === '…') out.pop();
  // A blank line added or removed says nothing.
  return out.filter((l) => l === '…' || l.slice(2).trim() !== '');
}

/** The elements' report: each custom element's public surface, from the Custom Elements Manifest. */
export function elementsReport(manifest) {
  const out = [
    '## API Report File for "@cloudportal/elements" custom elements',
    '',
    '> Generated by `npm run api:update` from `dist/custom-elements.json`. Do not edit.',
    '',
  ];
  const elements = manifest.modules.flatMap((m) =>
    m.declarations.filter((d) => d.customElement).map((d) => ({ ...d, module: m.path })),
  );
  elements.sort((x, y) => x.tagName.localeCompare(y.tagName));
  const quote = (text) => (text ? ` — ${text}` : '');
  for (const d of elements) {
    // Each line names its element, so a changed line says which element changed.
    const tag = `<${d.tagName}>`;
    out.push(`### ${tag} (${d.name}, ${d.module})`, '');
    const list = (what, items, line) => {
      if (!items?.length) out.push(`${tag} ${what}: none`);
      for (const item of [...(items ?? [])].sort((x, y) => x.name.localeCompare(y.name)))
        out.push(`${tag} ${what} ${line(item)}`);
      out.push('');
    };
    list(
      'attribute',
      d.attributes,
      (a) => `${a.name}: ${a.type?.text ?? 'string'}${a.default ? ` = ${a.default}` : ''}`,
    );
    list(
      'property',
      (d.members ?? []).filter((m) => m.kind === 'field'),
      (m) => `${m.name}: ${m.type?.text ?? 'unknown'}${m.attribute ? ` (attribute ${m.attribute})` : ''}`,
    );
    list(
      'method',
      (d.members ?? []).filter((m) => m.kind === 'method'),
      (m) =>
        `${m.name}(${(m.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`).join(', ')}): ${m.return?.type?.text ?? 'void'}`,
    );
    list('event', d.events, (e) => `${e.name}: ${e.type?.text ?? 'Event'}${quote(e.description)}`);
    list('slot', d.slots, (s) => `${s.name || '(default)'}${quote(s.description)}`);
    list('CSS part', d.cssParts, (p) => `${p.name}${quote(p.description)}`);
    list('CSS custom property', d.cssProperties, (p) => `${p.name}${quote(p.description)}`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function read(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * Runs the reports: with `update`, writes them; else compares them with the checked-in ones. Resolves
 * `{ ok, problems }`: problems are lines to print (API Extractor's errors, each changed report with
 * its changed lines).
 */
export async function runReports({ update = false, log = console.log } = {}) {
  // Loaded here, not with the module: the reports' pure helpers are tested without it.
  const { CompilerState, Extractor, ExtractorConfig } = await import('@microsoft/api-extractor');
  const temp = mkdtempSync(join(tmpdir(), 'cloudportal-api-'));
  const problems = [];
  const changed = [];
  const compare = (reportPath, text) => {
    const committed = read(join(root, reportPath));
    if (committed === text) return;
    if (update) {
      mkdirSync(join(root, reportPath, '..'), { recursive: true });
      writeFileSync(join(root, reportPath), text);
      log(`wrote ${reportPath}`);
      return;
    }
    changed.push(reportPath);
    problems.push(
      committed === null
        ? `${reportPath}: missing (the entry point has no checked-in report)`
        : `${reportPath}: the surface changed:`,
      ...(committed === null ? [] : changedLines(committed, text).map((l) => `    ${l}`)),
    );
  };
  try {
    // One TypeScript program for every entry point of every package: the .d.ts and the libraries they
    // name are read and checked once.
    const all = PUBLISHED.flatMap((dir) => entryPoints(dir).map((entry) => ({ dir, entry })));
    const missing = all.filter(({ entry }) => !existsSync(entry.file));
    problems.push(
      ...missing.map(({ entry }) => `${relative(root, entry.file)}: not built (run npm run build:packages)`),
    );
    let compilerState;
    // The program's diagnostics come with every entry point's run: each is reported once.
    const reported = new Set();
    for (const { dir, entry } of missing.length ? [] : all) {
      const config = configFor(ExtractorConfig, dir, entry, temp);
      compilerState ??= CompilerState.create(config, { additionalEntryPoints: all.map((a) => a.entry.file) });
      const errors = [];
      const invoke = () =>
        Extractor.invoke(config, {
          localBuild: false,
          compilerState,
          showVerboseMessages: false,
          messageCallback: (message) => {
            message.handled = true;
            if (message.logLevel !== 'error') return;
            const where = message.sourceFilePath
              ? `${relative(root, message.sourceFilePath)}:${message.sourceFileLine}`
              : relative(root, entry.file);
            const line = `${where}: ${message.text} [${message.messageId}]`;
            if (!reported.has(line)) errors.push(line);
            reported.add(line);
          },
        });
      try {
        invoke();
      } catch (error) {
        // A half-written dist (a build under way) or a .d.ts API Extractor cannot read.
        errors.push(`API Extractor could not read ${relative(root, entry.file)}: ${error.message}`);
      }
      if (errors.length)
        problems.push(`${entry.report} (${dir}${entry.key.slice(1)}):`, ...errors.map((e) => `    ${e}`));
      const written = read(join(temp, entry.report.split('/').pop()));
      // A warning API Extractor cannot attach to a declaration names its place in the .d.ts, whose
      // chunks are named by a hash of their content: left out, so a report changes only with the API.
      if (written !== null) compare(entry.report, written.replace(/^(\s*)\/\/ dist\/\S+:\d+:\d+ - /gm, '$1// '));
    }
    const manifest = read(join(root, MANIFEST));
    if (manifest === null) problems.push(`${MANIFEST}: not built (run npm run build:packages)`);
    else compare(ELEMENTS_REPORT, elementsReport(JSON.parse(manifest)));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  if (changed.length)
    problems.push(
      `The public API differs from its report in ${changed.length} file(s). If the change is intended, run \`${UPDATE}\` and commit api/ (and a changeset: docs/versioning.md).`,
    );
  return { ok: problems.length === 0, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const update = process.argv.includes('--update');
  const started = Date.now();
  const { ok, problems } = await runReports({ update });
  for (const line of problems) console.log(line);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    ok
      ? `API reports ${update ? 'written' : 'match the built packages'} (${seconds}s)`
      : `API reports: ${update ? 'not written' : 'check failed'} (${seconds}s)`,
  );
  process.exit(ok ? 0 : 1);
}
