import { z } from 'zod';
import { fromDigits, textInput, urlIdSchema } from './primitives';

/** DESIGN §4: `?cursor=&limit=` (default 20, max 100) answering `{ items, nextCursor }`. */
export const pageQueryWithDefault = (defaultLimit: number) =>
  z.object({
    cursor: textInput().max(200).optional(),
    limit: fromDigits(z.number().int().min(1).max(100)).prefault(defaultLimit),
  });
export const pageQuerySchema = pageQueryWithDefault(20);

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export type Page<T> = { items: T[]; nextCursor: string | null };

export const countSchema = z.object({ count: z.number().int() });

export const idParamSchema = z.object({ id: urlIdSchema });
export const postIdParamSchema = z.object({ postId: urlIdSchema });
export const userIdParamSchema = z.object({ userId: urlIdSchema });
