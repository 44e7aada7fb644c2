// One build for the published packages (core, react, elements, testing), the standalone element
// bundle, the Power BI embed emulator frame and the reference server. Run with `npm run build:packages`.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import { transform } from 'esbuild';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import { ECHARTS_SHARED } from './host-example/echartsChunk.mjs';
import { precompressPlugin } from './host-example/precompress.mjs';
import { customElementsManifest } from './tests/tools/elements-manifest.mjs';
import { sdkRelease } from './packages/elements/scripts/sdkRelease.mjs';
import esbuild from 'rollup-plugin-esbuild';

const require = createRequire(import.meta.url);
const pkg = (dir) => JSON.parse(readFileSync(`packages/${dir}/package.json`, 'utf8'));

/** `import css from './x.css?inline'` → the CSS text, the same contract Vite gives vitest and Storybook. */
function cssInline() {
  return {
    name: 'cp-css-inline',
    async resolveId(source, importer) {
      if (!source.endsWith('.css?inline')) return null;
      const resolved = await this.resolve(source.slice(0, -'?inline'.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}?inline` : null;
    },
    async load(id) {
      if (!id.endsWith('.css?inline')) return null;
      const file = id.slice(0, -'?inline'.length);
      this.addWatchFile(file);
      // Minified (esbuild's CSS minifier: same rules, shorter text); the browsers we target are esbuild's defaults.
      const { code: text } = await transform(readFileSync(file, 'utf8'), { loader: 'css', minify: true });
      return { code: `export default ${JSON.stringify(text.trim())};`, map: { mappings: '' } };
    },
  };
}

/** Entry points of a package, from the `source` condition of its exports map (its stylesheets aside). */
function entries(dir) {
  const out = {};
  for (const [key, value] of Object.entries(pkg(dir).exports)) {
    if (typeof value !== 'object' || !value.source || value.source.endsWith('.css')) continue;
    const name = key === '.' ? 'index' : value.source.replace(/^\.\/src\//, '').replace(/\.tsx?$/, '');
    out[name] = `packages/${dir}/${value.source.slice(2)}`;
  }
  return out;
}

function externalFor(dir) {
  const { dependencies = {}, peerDependencies = {} } = pkg(dir);
  const names = [...Object.keys(dependencies), ...Object.keys(peerDependencies)];
  return (id) => id.startsWith('node:') || names.some((n) => id === n || id.startsWith(`${n}/`));
}

const esbuildOptions = { target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json', sourceMap: true };

/**
 * Packages whose every entry is client code (React components, custom elements): each built entry
 * starts with "use client", so a React Server Component (Next.js's App Router) may import it and
 * render its components, which then run on the client.
 */
const CLIENT_PACKAGES = new Set(['react', 'elements']);

function library(dir, extraPlugins = []) {
  return [
    {
      input: entries(dir),
      external: externalFor(dir),
      plugins: [
        cssInline(),
        nodeResolve({ extensions: ['.ts', '.tsx', '.js'] }),
        esbuild(esbuildOptions),
        ...extraPlugins,
      ],
      output: {
        dir: `packages/${dir}/dist`,
        format: 'es',
        sourcemap: true,
        preserveModules: true,
        preserveModulesRoot: `packages/${dir}/src`,
        entryFileNames: '[name].js',
        banner: (chunk) => (CLIENT_PACKAGES.has(dir) && chunk.isEntry ? "'use client';" : ''),
      },
    },
    {
      input: entries(dir),
      external: (id) => externalFor(dir)(id) || id.endsWith('.css?inline'),
      plugins: [
        // The shared declaration chunks are named by their content's hash: an earlier build's would stay and be published.
        clean(`packages/${dir}/dist/_chunks`),
        // `stripInternal`: declarations marked `@internal` (and the entry points' `@internal` export
        // statements) are left out of the published types; the API reports (npm run api:check) read these.
        dts({
          tsconfig: 'tsconfig.json',
          compilerOptions: { noEmit: false, customConditions: [], stripInternal: true },
        }),
      ],
      output: {
        dir: `packages/${dir}/dist`,
        format: 'es',
        entryFileNames: '[name].d.ts',
        chunkFileNames: '_chunks/[name]-[hash].d.ts',
      },
    },
  ];
}

/** lucide-react marks its modules "use client" (for React Server Components); bundling drops the directive on purpose. */
const quietDirectives = (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning));

/** Empties a folder of generated files at the start of a build, so chunks of earlier builds do not pile up. */
function clean(dir) {
  return { name: 'cp-clean', buildStart: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The entry's helper that asks for chunks ahead (by name under chunks/): `<link rel="modulepreload">`, once per file. */
const PRELOAD = '__cpPreload';
const PRELOAD_HELPER = `const ${PRELOAD}=(()=>{const asked=new Set;return files=>{for(const file of files){const href=new URL("./chunks/"+file+".js",import.meta.url).href;if(asked.has(href))continue;asked.add(href);const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)}}})();`;

/**
 * One wave of code per element (issue 42 §2). The standalone entry loads the runtime (`mount`) and
 * an element's view with `import()`; the browser would learn of their own imports (React, the
 * client, the view's parts) only once each had arrived, and then of theirs. Each of the entry's
 * `import()` also asks, in the same task, for every chunk its target imports (Rollup hoists
 * transitive imports, so that is the whole static graph) as `<link rel="modulepreload">`: an
 * element's code is requested at once when it connects. Later `import()`s of other chunks (the
 * Markdown renderer with the first answer) stay lazy.
 */
function preloadDynamicImports() {
  return {
    name: 'cp-preload-dynamic-imports',
    renderDynamicImport({ chunk, getTargetChunkImports }) {
      if (!chunk.isEntry) return null;
      // Not the entry itself, which has run already.
      const files = (getTargetChunkImports() ?? [])
        .filter((d) => d.type === 'internal' && d.fileName !== chunk.fileName)
        // Its name under chunks/, the lists in one order: the entry's bytes are a partner's to pay.
        .map((d) => JSON.stringify(/^'\.\/chunks\/(.+)\.js'$/.exec(d.resolvedImportPath)?.[1]))
        .sort();
      if (files.includes(undefined)) throw new Error('cp-preload-dynamic-imports: a chunk outside chunks/');
      return files.length ? { left: `(${PRELOAD}([${files.join(',')}]),import(`, right: '))' } : null;
    },
  };
}

/**
 * Chunks of the standalone bundle. React (with nanostores) and the UI primitives nearly every view
 * renders go in one `react` chunk instead of the many small ones Rollup would cut: each file costs
 * its own gzip start, and a view never loads one without the others. (Only modules without the
 * portal client: a manual chunk takes its modules' imports along, and core's index imports all of
 * core.) What the entry reaches stays in the entry.
 */
function viewRuntimeChunk() {
  let members;
  let entryModules;
  const closure = (starts, getModuleInfo) => {
    const found = new Set();
    const queue = [...starts];
    while (queue.length) {
      const id = queue.pop();
      if (found.has(id)) continue;
      found.add(id);
      queue.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return found;
  };
  return (id, { getModuleIds, getModuleInfo }) => {
    // ECharts' shared modules in one chunk beside the chart parts (host-example/echartsChunk.mjs).
    if (ECHARTS_SHARED.test(id)) return 'echarts';
    if (!members) {
      const ids = [...getModuleIds()];
      const find = (suffix) => ids.filter((m) => m.replaceAll('\\', '/').endsWith(suffix));
      const entry = closure(find('packages/elements/src/standalone.ts'), getModuleInfo);
      entryModules = entry;
      members = new Set([
        ...[...closure(find('packages/elements/src/internal/mount.tsx'), getModuleInfo)].filter(
          (m) => !entry.has(m) && /[\\/]node_modules[\\/]/.test(m),
        ),
        // The UI primitives nearly every view renders, which import nothing of the client.
        ...ids.filter(
          (m) =>
            !entry.has(m) &&
            /packages[\\/]react[\\/]src[\\/]ui[\\/](Button|Dialog|Tooltip|Icon|useStyles|useLoad|focus)\.(tsx?|css\?inline)$/.test(
              m,
            ),
        ),
      ]);
    }
    if (members.has(id)) return 'react';
    // Named after the entry, so the entry chunk holds them: else Rollup would pull the ones the
    // views share into the mount chunk, and the entry would import that.
    return entryModules.has(id) ? 'cloudportal-elements' : undefined;
  };
}

const standalone = [
  {
    input: 'packages/elements/src/standalone.ts',
    onwarn: quietDirectives,
    // The entry defines the tags and draws <cp-assistant>'s stand-in launcher; everything else loads
    // with the first element view (internal/mount.tsx, React, the client). Views import what they
    // share with the entry (the theme tokens, the button CSS) from the entry itself.
    preserveEntrySignatures: 'allow-extension',
    plugins: [
      clean('packages/elements/dist/chunks'),
      cssInline(),
      preloadDynamicImports(),
      // The brotli and gzip copies /sdk/ sends (host-example/precompress.mjs).
      precompressPlugin(),
      // The same files as a release of the package's version, with their hashes: /sdk/{version}/.
      sdkRelease({ packageDir: 'packages/elements', extra: ['font.css', 'fonts'] }),
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({
        browser: true,
        exportConditions: ['source', 'browser', 'import', 'default'],
        extensions: ['.ts', '.tsx', '.js'],
      }),
      commonjs(),
      esbuild(esbuildOptions),
      // terser compresses a little harder than esbuild's minifier: the partner bundle has a budget.
      terser({
        ecma: 2022,
        module: true,
        compress: { passes: 2, directives: false },
        format: { comments: /@license/ },
      }),
    ],
    // What loads later (the Markdown renderer, with the first answer) is split into chunks/.
    output: {
      dir: 'packages/elements/dist',
      entryFileNames: 'cloudportal-elements.js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // Also an export of the package (`@cloudportal/elements/standalone`): client code, like its entries.
      banner: (chunk) => (chunk.isEntry ? "'use client';" : ''),
      // The entry's preload helper (preloadDynamicImports).
      intro: (chunk) => (chunk.isEntry ? PRELOAD_HELPER : ''),
      manualChunks: viewRuntimeChunk(),
      format: 'es',
      sourcemap: true,
    },
  },
  {
    input: 'packages/elements/src/standalone.ts',
    external: (id) => /^(react|react-dom|nanostores|@nanostores|@r2wc)/.test(id) || id.endsWith('.css?inline'),
    plugins: [dts({ tsconfig: 'tsconfig.json', compilerOptions: { noEmit: false, stripInternal: true } })],
    output: { file: 'packages/elements/dist/cloudportal-elements.d.ts', format: 'es' },
  },
];

/**
 * The theme's font, shipped (issue 41 §4): `font.css` with Inter's @font-face rules (from
 * @fontsource-variable/inter, one per script, weights 100–900) and their files in `fonts/`, with the
 * font's licence. Self-contained, so it works from a bundler's import and from a plain
 * `<link rel="stylesheet">` on a CDN alike.
 */
function shipFont() {
  const from = dirname(require.resolve('@fontsource-variable/inter/package.json'));
  return {
    name: 'cp-ship-font',
    generateBundle() {
      const files = [];
      const css = readFileSync(join(from, 'wght.css'), 'utf8').replace(/url\(\.\/files\/([^)]+)\)/g, (_, name) => {
        files.push(name);
        return `url(./fonts/${name})`;
      });
      if (!files.length) throw new Error('cp-ship-font: no font files in @fontsource-variable/inter/wght.css');
      const header = '/* Inter (https://rsms.me/inter), SIL Open Font License 1.1: fonts/LICENSE. */\n';
      this.emitFile({ type: 'asset', fileName: 'font.css', source: header + css });
      for (const name of files)
        this.emitFile({ type: 'asset', fileName: `fonts/${name}`, source: readFileSync(join(from, 'files', name)) });
      this.emitFile({ type: 'asset', fileName: 'fonts/LICENSE', source: readFileSync(join(from, 'LICENSE')) });
    },
  };
}

/** Copies files of `from` beside the bundle, as they are. */
function copyAssets(from, names) {
  return {
    name: 'cp-copy-assets',
    buildStart() {
      for (const name of names) this.addWatchFile(`${from}/${name}`);
    },
    generateBundle() {
      for (const name of names)
        this.emitFile({ type: 'asset', fileName: name, source: readFileSync(`${from}/${name}`) });
    },
  };
}

/**
 * The Power BI embed emulator frame of @cloudportal/testing: one classic script (an IIFE, loaded by a
 * blocking <script src> so its message listener is there before the frame's load event) with the
 * tree-shaken ECharts inside, and its page and stylesheet beside it in dist/emulator/. The server
 * tests build it with this same config (tests/setup/emulator-frame.mjs).
 */
export const emulatorFrame = {
  input: 'packages/testing/src/emulator/frame.ts',
  // ECharts lists its side-effect files in package.json, but node-resolve applies that only to
  // bare imports, not to ECharts' relative ones, so every chart would be kept: the same list here.
  treeshake: {
    moduleSideEffects: (id) =>
      !/[\\/]node_modules[\\/](echarts|zrender)[\\/]lib[\\/]/.test(id) ||
      /[\\/]echarts[\\/]lib[\\/](echarts|(chart|component)[\\/][^\\/]+)\.js$/.test(id),
  },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.ts', '.js'] }),
    // esbuild's minifier, not terser's: the emulator is the tests' and the demo's, with no size budget,
    // and terser took most of its build (about 20 of 30 s on this 2-core machine).
    esbuild({ ...esbuildOptions, minify: true, legalComments: 'inline' }),
    copyAssets('packages/testing/src/emulator', ['report-embed.html', 'report-embed.css']),
    precompressPlugin(),
  ],
  output: { file: 'packages/testing/dist/emulator/report-embed.js', format: 'iife', sourcemap: true },
};

const serverDeps = Object.keys(pkg('server').dependencies ?? {});
const server = {
  input: 'packages/server/src/main.ts',
  external: (id) =>
    builtinModules.includes(id) || id.startsWith('node:') || serverDeps.some((n) => id === n || id.startsWith(`${n}/`)),
  plugins: [
    nodeResolve({ extensions: ['.ts', '.js'], exportConditions: ['source', 'node', 'import', 'default'] }),
    esbuild({ ...esbuildOptions, target: 'node20' }),
  ],
  output: { file: 'packages/server/dist/main.js', format: 'es', sourcemap: true },
};

const builds = [
  ...library('core'),
  ...library('react', [shipFont()]),
  ...library('elements', [customElementsManifest('packages/elements/src'), shipFont()]),
  ...library('testing'),
  emulatorFrame,
  ...standalone,
  server,
];

/** Whether a build writes type declarations (rollup-plugin-dts) rather than code. */
const writesTypes = (build) => /\.d\.ts$/.test(build.output.file ?? build.output.entryFileNames ?? '');

/**
 * CP_ROLLUP_PART=code or types builds only that half: `npm run build` runs the two halves in two
 * processes side by side (host-example/rollupParts.mjs), since Rollup builds a config's entries one
 * after another on one core. Neither half reads the other's output. Unset: every build, in order.
 */
const part = process.env.CP_ROLLUP_PART;
if (part && part !== 'code' && part !== 'types') throw new Error(`CP_ROLLUP_PART must be code or types, got ${part}`);
export default part ? builds.filter((b) => writesTypes(b) === (part === 'types')) : builds;
