import { configDefaults, defineConfig } from 'vitest/config';

// Server tests run on in-memory PGlite; with TEST_DATABASE_URL the same suite runs again on
// PostgreSQL, each test file in a database of its own (apps/server/src/test/database.ts).
const serverDatabases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/**
 * Tests whose verdict is a wall-clock bound (a stall, a health check's delay) or a peak of memory
 * (which a busy host's late garbage collection raises): they judge the host as much as the code, so they run in the timing projects, one file at a time, in groups
 * after every other project's (alone: `npm run test:timing`); every other test must pass on a
 * busy host.
 */
const TIMING = '**/*.timing.test.ts';

const serverTest = (database: string) => ({
  env: { TEST_DB: database },
  // One database migrated for the run; each file opens a copy of it.
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  setupFiles: ['apps/server/src/test/setup.ts'],
  // Files share their worker's modules instead of importing the server afresh each (that
  // was 40 % of the project's time): each file builds its own app on its own database,
  // and the server keeps nothing at module level but what is kept per database.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
});

export default defineConfig({
  test: {
    // A worker a core (Vitest's default is one fewer): while one file waits on PostgreSQL or a
    // socket, the other runs. Set for the run, as projects of one group must agree on it.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, TIMING],
        },
      },
      // Repo tooling: the import-graph rules shown failing on a fixture (scripts/import-graph),
      // backup, restore and admin (scripts/ops, on databases migrated once for the run).
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          globalSetup: ['scripts/ops/global-setup.ts'],
          testTimeout: 30_000,
        },
      },
      ...serverDatabases.map((database) => ({
        test: {
          name: `server:${database}`,
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, TIMING],
          ...serverTest(database),
        },
      })),
      'apps/web/vite.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'e2e/vitest.config.ts',
      // One file at a time, each database after the other, in groups after every other project.
      ...serverDatabases.map((database, index) => ({
        test: {
          name: `timing:${database}`,
          include: [
            `apps/server/src/${TIMING}`,
            ...(index === 0 ? [`packages/shared/src/${TIMING}`] : []),
          ],
          ...serverTest(database),
          fileParallelism: false,
          sequence: { groupOrder: 2 + index },
        },
      })),
    ],
  },
});
