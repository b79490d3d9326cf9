import { createConnection } from 'node:net';
import {
  backupSocketPath,
  type BackupSocketAnswer,
} from '../../apps/server/src/features/backup/backup-socket';
import { BackupError } from './archive';
import { exists } from './files';

/** A copy of a running server's embedded database; `done` lets the server delete its files again. */
export type ServerCopy = { dir: string; done: () => void };

/**
 * Asks the server running on DATA_DIR for a copy of its database (features/backup/
 * backup-socket.ts). Null when no server listens there (none runs, or one too old to answer).
 */
export async function askRunningServer(dataDir: string): Promise<ServerCopy | null> {
  const file = backupSocketPath(dataDir);
  if (!(await exists(file))) return null;
  // Half open: the server has answered, and holds deletions until this side ends too.
  const socket = createConnection({ path: file, allowHalfOpen: true });
  socket.setEncoding('utf8');
  const text = await new Promise<string | null>((resolve) => {
    let received = '';
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('end', () => resolve(received));
    // A socket file a killed server left: nobody listens.
    socket.once('error', () => resolve(null));
  });
  if (text === null) {
    socket.destroy();
    return null;
  }
  let answer: BackupSocketAnswer;
  try {
    answer = JSON.parse(text) as BackupSocketAnswer;
  } catch {
    socket.destroy();
    throw new BackupError(`The running server's answer at ${file} was not understood: ${text}`);
  }
  if ('error' in answer) {
    socket.destroy();
    throw new BackupError(`The running server could not copy its database: ${answer.error}`);
  }
  return { dir: answer.copy, done: () => socket.end() };
}
