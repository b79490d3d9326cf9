import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const backups = (env: Record<string, string>) => loadConfig(env).backups;

describe('the server backs itself up when BACKUP_DIR is set', () => {
  it('every BACKUP_INTERVAL, keeping BACKUP_KEEP archives (a day and 7 unless said)', () => {
    expect(backups({})).toBeUndefined();
    expect(backups({ BACKUP_INTERVAL: '6h', BACKUP_KEEP: '3' })).toBeUndefined();
    expect(backups({ BACKUP_DIR: 'b', BACKUP_INTERVAL: '', BACKUP_KEEP: '' })).toEqual({
      dir: path.resolve('b'),
      intervalMs: 86_400_000,
      keep: 7,
    });
    expect(backups({ BACKUP_DIR: '/srv/b', BACKUP_INTERVAL: '30m', BACKUP_KEEP: '48' })).toEqual({
      dir: '/srv/b',
      intervalMs: 1_800_000,
      keep: 48,
    });
  });

  it('refuses an interval or a count it cannot follow, saying what it wants', () => {
    for (const [env, message] of [
      [{ BACKUP_INTERVAL: '5m' }, 'BACKUP_INTERVAL must be minutes, hours or days'],
      [{ BACKUP_INTERVAL: '31d' }, 'from 15 minutes to 30 days'],
      [{ BACKUP_INTERVAL: 'daily' }, 'like 30m, 6h or 1d'],
      [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP must be a whole number of archives from 1 to 1000'],
      [{ BACKUP_KEEP: '2.5' }, 'BACKUP_KEEP must be a whole number'],
    ] as const) {
      expect(() => backups({ BACKUP_DIR: 'b', ...env }), message).toThrow(ConfigError);
      expect(() => backups({ BACKUP_DIR: 'b', ...env }), message).toThrow(message);
    }
  });
});
