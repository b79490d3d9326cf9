import { z } from 'zod';

const BACKUP_INTERVAL_MESSAGE =
  'BACKUP_INTERVAL must be minutes, hours or days, like 30m, 6h or 1d (from 15 minutes to 30 days)';
const BACKUP_KEEP_MESSAGE = 'BACKUP_KEEP must be a whole number of archives from 1 to 1000';
const DEFAULT_BACKUP_KEEP = 7;
const INTERVAL_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** How often the server backs itself up (BACKUP_INTERVAL): `30m`, `6h`, `1d`, in milliseconds. */
export const backupInterval = z
  .string()
  .trim()
  .default('1d')
  .transform((value, ctx) => {
    const match = /^(\d{1,5})([mhd])$/.exec(value || '1d');
    const ms = match ? Number(match[1]) * INTERVAL_UNITS_MS[match[2] as 'm' | 'h' | 'd'] : 0;
    if (ms >= 15 * 60_000 && ms <= 30 * 86_400_000) return ms;
    ctx.addIssue({ code: 'custom', message: BACKUP_INTERVAL_MESSAGE });
    return z.NEVER;
  });

/** How many of its archives the server keeps (BACKUP_KEEP). */
export const backupKeep = z
  .string()
  .trim()
  .regex(/^\d{0,4}$/, BACKUP_KEEP_MESSAGE)
  .transform((value) => (value === '' ? DEFAULT_BACKUP_KEEP : Number(value)))
  .pipe(z.number().min(1, BACKUP_KEEP_MESSAGE).max(1000, BACKUP_KEEP_MESSAGE))
  .default(DEFAULT_BACKUP_KEEP);
