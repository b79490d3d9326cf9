import { existsSync } from 'node:fs';

/**
 * Reads `./.env` when there is one, as `node --env-file` would, except that a missing file is no
 * error: `npm start` works without it. Variables already set in the environment win.
 */
export function loadEnvFileIfPresent(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}
