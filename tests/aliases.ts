/**
 * Test-only path aliases. Tests, stories and test fakes reach across a package border by one of
 * these, never by a relative path (`npm run lint` refuses `../../react/src/…`): a file can move
 * without breaking the imports of another package, and a grep for an alias finds every crossing.
 * Only test, story and fake code uses them; the packages' own code imports the packages by name.
 * tsconfig.json's `paths` says the same to TypeScript (tests/aliases.test.ts keeps the two equal);
 * tests/vitest.config.ts and .storybook/main.ts resolve them with `viteAliases`.
 */
export const TEST_ALIASES: Readonly<Record<string, string>> = {
  /** The shared test helpers (axe, timers, DOM setup). */
  '#test': 'tests/setup',
  /** Fakes of the outside world shared by several layers (the fake Power BI REST API). */
  '#fixtures': 'tests/fixtures',
  /** The repository's tools (the elements manifest generator). */
  '#tools': 'tests/tools',
  /** Core's sources, for fixtures that are not part of its public API (the German test catalogue). */
  '#core': 'packages/core/src',
  /** The React package's sources: its test fakes (`#react/testing/fakeApi`, `#react/report/testing/fakeReports`). */
  '#react': 'packages/react/src',
  /** The testing package's sources: the Power BI embed emulator's browser-safe fixtures and state. */
  '#testing': 'packages/testing/src',
  /** The reference host's files: the demo connected site's back end (its token signing, its constants). */
  '#host': 'host-example',
};

/** Vite's `resolve.alias` entries for TEST_ALIASES, with `root` the repository's root (ending in `/`). */
export function viteAliases(root: string): { find: RegExp; replacement: string }[] {
  return Object.entries(TEST_ALIASES).map(([alias, dir]) => ({
    find: new RegExp(`^${alias}/(.*)$`),
    replacement: `${root}${dir}/$1`,
  }));
}
