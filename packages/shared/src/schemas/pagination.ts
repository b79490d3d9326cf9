import { z } from 'zod';
import { idSchema, textInput } from './primitives';

/** DESIGN §4: `?cursor=&limit=` (default 20, max 100) answering `{ items, nextCursor }`. */
export const pageQueryWithDefault = (defaultLimit: number) =>
  z.object({
    cursor: textInput().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  });
export const pageQuerySchema = pageQueryWithDefault(20);

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export type Page<T> = { items: T[]; nextCursor: string | null };

export const countSchema = z.object({ count: z.number().int() });

export const idParamSchema = z.object({ id: idSchema });
export const postIdParamSchema = z.object({ postId: idSchema });
export const userIdParamSchema = z.object({ userId: idSchema });
