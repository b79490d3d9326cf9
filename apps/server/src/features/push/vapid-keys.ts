import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import { ConfigError, type Config } from '../../config';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The file in DATA_DIR holding the generated pair; backups carry it (scripts/ops/archive.ts). */
export const VAPID_FILE = 'vapid-keys';

/** Whom a push service may write to about our pushes: the site, else the mail sender. */
function defaultSubject(config: Pick<Config, 'publicUrl' | 'mailFrom'>) {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address}`;
}

/** Refused at start-up rather than at the first push: web-push checks keys and subject. */
function checked(keys: VapidKeys) {
  try {
    webPush.getVapidHeaders(
      'https://push.invalid',
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
  } catch (error) {
    throw new ConfigError(`VAPID keys or subject unusable: ${(error as Error).message}`);
  }
  return keys;
}

async function readPair(file: string) {
  try {
    const { publicKey, privateKey } = JSON.parse(await readFile(file, 'utf8')) as {
      publicKey?: unknown;
      privateKey?: unknown;
    };
    if (typeof publicKey === 'string' && typeof privateKey === 'string')
      return { publicKey, privateKey };
    throw new ConfigError(`${file} does not hold a VAPID key pair: remove it to make a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Like the JWT secret (lib/secrets.ts): the pair set through VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, else one generated once into DATA_DIR and reused, so subscriptions made
 * against it keep working across restarts and every process of a deployment sends with it.
 */
export async function resolveVapidKeys(
  config: Pick<Config, 'vapid' | 'dataDir' | 'publicUrl' | 'mailFrom'>,
): Promise<VapidKeys> {
  const { publicKey, privateKey, subject = defaultSubject(config) } = config.vapid;
  if (publicKey && privateKey) return checked({ publicKey, privateKey, subject });
  if (publicKey || privateKey)
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const file = path.join(config.dataDir, VAPID_FILE);
  const kept = await readPair(file);
  if (kept) return checked({ ...kept, subject });
  await mkdir(config.dataDir, { recursive: true });
  const made = webPush.generateVAPIDKeys();
  // 'wx' fails if another process wrote it first; then that one's pair wins.
  await writeFile(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return checked({ ...(await readPair(file))!, subject });
}
