// `npm start` on a fresh clone builds first; later starts reuse the build (`npm run build` redoes it).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const outputs = [
  'apps/web/dist/index.html',
  'apps/server/dist/server.js',
  'apps/server/dist/cluster.js',
];
if (!outputs.every((file) => existsSync(new URL(`../${file}`, import.meta.url)))) {
  console.log('First start: building the web app and the server…');
  execSync('npm run build', { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
}
