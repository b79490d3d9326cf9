import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * For bodies a route cannot declare up front (multipart forms): the same 400 the route schemas
 * give, naming the first field at fault.
 */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.path[0];
  throw badRequest(
    issue?.message ?? 'Invalid request',
    undefined,
    typeof field === 'string' ? field : undefined,
  );
}
