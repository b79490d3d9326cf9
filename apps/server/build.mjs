// Bundles the server with the workspace's shared package inlined; npm dependencies stay external.
// cluster.js is the supervisor of `npm run start:cluster`; its workers run server.js beside it.
// feed-worker.js reads news feeds on a worker thread; server.js starts it from beside itself.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@devplay/'));

await build({
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    { in: 'src/cluster.ts', out: 'cluster' },
    { in: 'src/features/widgets/feed-worker.ts', out: 'feed-worker' },
    // `npm run backup` / `restore` for installs without the sources' tools (the Docker image).
    { in: '../../scripts/ops/backup.ts', out: 'backup' },
    { in: '../../scripts/ops/restore.ts', out: 'restore' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
