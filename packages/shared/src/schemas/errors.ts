import { z } from 'zod';

/** DESIGN §4: the one error body every failing /api call answers with. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
