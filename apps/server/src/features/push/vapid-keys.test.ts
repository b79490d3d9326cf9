import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveVapidKeys, VAPID_FILE } from './vapid-keys';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-vapid-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const NONE = { publicKey: undefined, privateKey: undefined, subject: undefined };
const site = { publicUrl: 'http://localhost:3000', mailFrom: 'DevPlay <no-reply@devplay.local>' };

describe('the VAPID keys', () => {
  it('are generated once into DATA_DIR, owner-only, and read back on the next start', async () => {
    const first = await resolveVapidKeys({ ...site, dataDir, vapid: NONE });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(first.subject).toBe('mailto:no-reply@devplay.local');
    expect((await stat(path.join(dataDir, VAPID_FILE))).mode & 0o077).toBe(0);
    const again = await resolveVapidKeys({ ...site, dataDir, vapid: NONE });
    expect(again).toEqual(first);
    expect(JSON.parse(await readFile(path.join(dataDir, VAPID_FILE), 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
  });

  it('come from VAPID_* when set (both keys or neither), and the subject from an https site', async () => {
    const set = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@example.org' };
    expect(await resolveVapidKeys({ ...site, dataDir, vapid: set })).toEqual(set);
    for (const wrong of [
      { ...set, publicKey: 'short' },
      { ...set, subject: 'ops@example.org' },
    ])
      await expect(resolveVapidKeys({ ...site, dataDir, vapid: wrong })).rejects.toThrow(
        'VAPID keys or subject unusable',
      );
    const https = { ...site, publicUrl: 'https://devplay.example.org' };
    expect((await resolveVapidKeys({ ...https, dataDir, vapid: NONE })).subject).toBe(
      'https://devplay.example.org',
    );
    await expect(
      resolveVapidKeys({ ...site, dataDir, vapid: { ...NONE, publicKey: 'x' } }),
    ).rejects.toThrow('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  });
});
