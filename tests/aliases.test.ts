// The test-only aliases are one list: what tsconfig.json tells TypeScript is what Vite resolves.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_ALIASES, viteAliases } from './aliases';

/** tsconfig.json's `paths` (its `//` comment lines left out). */
function tsconfigPaths(): Record<string, string[]> {
  const text = readFileSync('tsconfig.json', 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  return (JSON.parse(text) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
}

describe('the test-only aliases', () => {
  it("given tests/aliases.ts, then tsconfig.json's paths name the same aliases and folders", () => {
    expect(tsconfigPaths()).toEqual(
      Object.fromEntries(Object.entries(TEST_ALIASES).map(([alias, dir]) => [`${alias}/*`, [`./${dir}/*`]])),
    );
  });

  it('given an alias, then its folder exists and Vite resolves `#alias/x` to `<root><folder>/x`', () => {
    for (const [alias, dir] of Object.entries(TEST_ALIASES)) {
      expect(existsSync(dir), dir).toBe(true);
      const entry = viteAliases('/repo/').find((a) => a.find.test(`${alias}/x.ts`))!;
      expect(`${alias}/x.ts`.replace(entry.find, entry.replacement)).toBe(`/repo/${dir}/x.ts`);
    }
  });
});
