// The import graph, checked by `npm run lint` (DESIGN §3): features stand apart on both sides,
// the floors below them (web lib/ and components/, server lib/, plugins/ and db/) never reach up,
// and server lib/ is plain helpers. Rules match any `apps/<side>/src/` tree so that
// scripts/import-graph/fixture can prove they fail (scripts/import-graph/import-graph.test.ts).

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-features-apart',
      comment: 'A web feature never imports another: what both need goes to lib/ or components/.',
      severity: 'error',
      from: { path: '(^|/)apps/web/src/features/([^/]+)/' },
      to: { path: '(^|/)apps/web/src/features/', pathNot: '(^|/)apps/web/src/features/$2/' },
    },
    {
      name: 'web-floors-below-features',
      comment: 'lib/ and components/ serve every feature, so they never import one.',
      severity: 'error',
      from: { path: '(^|/)apps/web/src/(lib|components)/' },
      to: { path: '(^|/)apps/web/src/features/' },
    },
    {
      name: 'web-app-on-top',
      comment: 'app/ composes the floors below it, so nothing below ever imports it.',
      severity: 'error',
      from: { path: '(^|/)apps/web/src/(features|lib|components)/' },
      to: { path: '(^|/)apps/web/src/app/' },
    },
    {
      name: 'server-features-apart',
      comment:
        'A server feature never imports another: a use-case that spans features is one named ' +
        'function in use-cases/, and what both need goes to lib/ or plugins/.',
      severity: 'error',
      from: { path: '(^|/)apps/server/src/features/([^/]+)/' },
      to: {
        path: '(^|/)apps/server/src/features/',
        pathNot: '(^|/)apps/server/src/features/$2/',
      },
    },
    {
      name: 'server-platform-below-features',
      comment:
        'lib/, plugins/ and db/ serve every feature, so they never import one or a use-case.',
      severity: 'error',
      from: { path: '(^|/)apps/server/src/(lib|plugins|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '(^|/)apps/server/src/(features|use-cases)/' },
    },
    {
      name: 'server-lib-plain',
      comment: 'Server lib/ is plain helpers: it never reaches the database or a plugin.',
      severity: 'error',
      from: { path: '(^|/)apps/server/src/lib/' },
      to: { path: '(^|/)apps/server/src/(db|plugins)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing would slip through every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports couple features too.
    tsPreCompilationDeps: true,
    // CSS modules and assets are leaves Vite resolves; the graph is about code.
    exclude: { path: '\\.(css|svg|png|webp)$' },
    // Workspace packages (@devplay/shared) resolve through their `exports`, as Vite does.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
