// The import graph, checked by `npm run lint` (DESIGN §3): features stand apart on both sides,
// and every floor imports only itself and the floors below it. Rules match any `apps/<side>/src/`
// tree so that scripts/import-graph/fixture can prove they fail
// (scripts/import-graph/import-graph.test.ts).
//
// Web, top down: app/; features/, each apart; lib/ and components/.
//
// Server, top down; tests and test kits may also reach for the harness (test/, app.ts):
//   app.ts server.ts cluster.ts   start-up and composition, and test/: they may import anything
//   dev.ts features.ts
//   features/<name>/              routes and services; never another feature
//   use-cases/                    a command spanning features, one named function their routes
//                                 call; what a feature must do in it, it adds when it registers
//                                 (plugins/member-steps.ts), and what both need moves down
//   deps.ts platform.ts           the platform handed up: as plain values, as registered plugins
//   plugins/                      auth, the event bus, live sockets, storage, limits; a command
//                                 announces its changes here, on the bus (notification-changes.ts)
//   config.ts | db/               side by side: the settings, read from the environment once;
//                                 the tables and statements, answering what changed, typed for
//                                 the plugins above (NotificationChange). Neither reads the other
//   lib/                          plain helpers, handed their settings by the caller

const SERVER = '(^|/)apps/server/src/';
const TEST_CODE = '(\\.test|-test-kit)\\.ts$';

/** A server floor (`floor`, a pattern under src/) imports only from itself and `below`. */
const serverFloor = (name, comment, floor, below) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `${SERVER}(${floor})`, pathNot: TEST_CODE },
  to: { path: SERVER, pathNot: `${SERVER}(${[floor, ...below].join('|')})` },
});

const LIB = 'lib/';
const DB = 'db/';
const CONFIG = 'config\\.ts$';
const PLUGINS = 'plugins/';
const PLATFORM = '(deps|platform)\\.ts$';

const serverFloors = [
  serverFloor(
    'server-features-below-app',
    'A feature stands on use-cases and the platform; start-up and the test harness compose it.',
    'features/',
    ['use-cases/', PLATFORM, PLUGINS, CONFIG, DB, LIB],
  ),
  serverFloor(
    'server-use-cases-below-features',
    'A use-case serves the features it spans, so it never imports one: a feature adds what it ' +
      'must do to it (plugins/member-steps.ts), and what both need moves down.',
    'use-cases/',
    [PLATFORM, PLUGINS, CONFIG, DB, LIB],
  ),
  serverFloor(
    'server-platform-below-use-cases',
    'deps.ts and platform.ts hand the plugins and their values up, so they import nothing above.',
    PLATFORM,
    [PLUGINS, CONFIG, DB, LIB],
  ),
  serverFloor(
    'server-plugins-below-platform',
    'plugins/ serve every feature and use-case, so they never import one, nor deps.ts.',
    PLUGINS,
    [CONFIG, DB, LIB],
  ),
  serverFloor(
    'server-config-on-lib',
    'config.ts reads the environment with lib/ helpers alone; the floors above read it.',
    CONFIG,
    [LIB],
  ),
  serverFloor(
    'server-db-below-plugins',
    'db/ returns what changed and never reaches a plugin (the bus) nor the settings: its ' +
      'callers announce the change and hand it the values it needs.',
    DB,
    [LIB],
  ),
  serverFloor(
    'server-lib-plain',
    'Server lib/ is plain helpers: given their settings, they never reach the database, a ' +
      'plugin or config.ts.',
    LIB,
    [],
  ),
];

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
    ...serverFloors,
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
