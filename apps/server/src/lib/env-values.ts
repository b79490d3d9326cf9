import { z } from 'zod';

/** An on/off setting; an empty value (`NAME=` in .env) means unset, as for every other variable. */
export const flag = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', ''])
    .default(fallback)
    .transform((value) => ['on', 'true', '1'].includes(value || fallback));

export const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
