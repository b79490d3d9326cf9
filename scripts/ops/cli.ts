import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../../apps/server/src/config';
import { BackupError } from './archive';

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

/**
 * Runs a command-line tool: `--help` prints the usage and does nothing else; a wrong option
 * prints it too (exit 2); a refusal or failure prints one clear line (exit 1).
 */
export async function runCli(
  usage: string,
  options: NonNullable<ParseArgsConfig['options']>,
  main: (config: Config, args: Parsed) => Promise<void>,
) {
  let args: Parsed;
  try {
    args = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }) as Parsed;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (args.values.help) {
    console.log(usage);
    return;
  }
  // As the server: what this writes (an archive holding the secret, a restored DATA_DIR) is the
  // owner's alone.
  process.umask(0o077);
  try {
    await main(loadConfig(), args);
  } catch (error) {
    const known = error instanceof BackupError || error instanceof ConfigError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  }
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
