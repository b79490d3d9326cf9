import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found the same way from the TypeScript sources and from the
 * bundled dist/server.js, so migrations and the built web app resolve in both.
 */
function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

const serverRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
export const webDistFolder = path.join(serverRoot, '../web/dist');
