import { isIP } from 'node:net';
import { z } from 'zod';

const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return (
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && +prefix <= (version === 4 ? 32 : 128))
  );
};

/**
 * Whom to believe about the client address (rate limits key on it). Trusting the whole
 * X-Forwarded-For chain would let any client name its own address, so `on` means one hop: the
 * address the balancer in front appended, the right-most one.
 */
export const trustProxy = z
  .string()
  .trim()
  .default('off')
  .transform((value, ctx): false | number | string[] => {
    if (['off', 'false', '0', ''].includes(value)) return false;
    if (value === 'on' || value === 'true') return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY must be off, on, a hop count (1, 2, …) or proxy addresses/CIDRs separated by commas',
    });
    return z.NEVER;
  });
