// Counts the names each published entry point exports, read from its built `.d.ts` (the `types`
// condition of the package's exports map) with the TypeScript compiler: all names, values, types,
// SCREAMING_CASE constants, and the names no entry point of the package had before (the union).
//
//   node tests/tools/api-count.mjs [root]        (root: a checkout with built packages; default this one)
//   node tests/tools/api-count.mjs --json [root]  (the names themselves, per entry point)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const PACKAGES = ['core', 'react', 'elements', 'testing'];

/** `{ package, entry, names: { name: 'value' | 'type' } }` for every entry point with types under `root`. */
export function countExports(root) {
  const entries = [];
  for (const dir of PACKAGES) {
    const pkgDir = join(root, 'packages', dir);
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    for (const [key, value] of Object.entries(pkg.exports)) {
      if (typeof value !== 'object' || !value.types) continue;
      entries.push({ package: pkg.name, entry: key, file: resolve(pkgDir, value.types) });
    }
  }
  const program = ts.createProgram(
    entries.map((e) => e.file),
    {
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    },
  );
  const checker = program.getTypeChecker();
  return entries.map((e) => {
    const source = program.getSourceFile(e.file);
    const symbol = source && checker.getSymbolAtLocation(source);
    const names = {};
    for (const s of symbol ? checker.getExportsOfModule(symbol) : []) {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      names[s.name] = target.flags & ts.SymbolFlags.Value ? 'value' : 'type';
    }
    return { package: e.package, entry: e.entry, names };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const root = resolve(args.find((a) => !a.startsWith('--')) ?? fileURLToPath(new URL('../..', import.meta.url)));
  const counted = countExports(root);
  if (json) {
    console.log(JSON.stringify(counted, null, 2));
  } else {
    const union = new Map();
    console.log('| entry point | names | values | types | SCREAMING_CASE |');
    console.log('|---|---:|---:|---:|---:|');
    for (const c of counted) {
      const all = Object.keys(c.names);
      const values = all.filter((n) => c.names[n] === 'value').length;
      const screaming = all.filter((n) => /^[A-Z][A-Z0-9_]+$/.test(n)).length;
      console.log(
        `| \`${c.package}${c.entry === '.' ? '' : c.entry.slice(1)}\` | ${all.length} | ${values} | ${all.length - values} | ${screaming} |`,
      );
      union.set(c.package, new Set([...(union.get(c.package) ?? []), ...all]));
    }
    for (const [name, set] of union) console.log(`${name}: ${set.size} distinct names over its entry points`);
  }
}
