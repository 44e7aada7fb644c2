/**
 * `npm run lint`'s import-loop check (dependency-cruiser): no two modules of the packages import each
 * other, type imports included. A type shared by a hub and the modules it gathers lives in a leaf
 * module of its own (e.g. core's rules/featureDataTypes.ts). A module's lazily loaded part may point
 * back at it (markdown.ts loads answerPipeline.ts with `import()`, which uses markdown's helpers).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-import-loops',
      severity: 'error',
      comment: 'Two modules import each other (type imports included): move the shared types to a leaf module.',
      from: {},
      to: {
        circular: true,
        // A loop closed only by a lazy import() of the module's own part is allowed.
        viaOnly: { dependencyTypesNot: ['dynamic-import'] },
      },
    },
  ],
  options: {
    // Type-only imports count (they are erased from the build, but a loop of types is still a knot).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      conditionNames: ['source', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '\\.test\\.tsx?$', '\\.stories\\.tsx?$', '/testing/', '/test/'] },
  },
};
