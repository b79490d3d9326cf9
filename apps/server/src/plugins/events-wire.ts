import { NOTIFICATION_TYPES } from '@devplay/shared';
import { z } from 'zod';
import type { BusMessage } from './events';

/** The envelope only: a payload that would make a listener throw is refused at the door. */
const wireSchema = z.object({
  deployment: z.string(),
  origin: z.string(),
  message: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('event'),
      audience: z.union([z.array(z.number().int()), z.object({ all: z.literal(true) })]),
      event: z.object({ type: z.string(), data: z.unknown() }),
    }),
    z.object({
      kind: z.literal('disconnect'),
      userId: z.number().int(),
      sessionId: z.string().optional(),
      suspended: z.boolean().optional(),
      // A WebSocket close reason holds at most 123 bytes.
      reason: z.string().max(123).optional(),
    }),
    z.object({ kind: z.literal('member'), userId: z.number().int() }),
    z.object({
      kind: z.literal('feed'),
      published: z.object({ postId: z.number().int(), authorId: z.number().int() }).optional(),
      counted: z.number().int().optional(),
      actorId: z.number().int().optional(),
    }),
    z.object({
      kind: z.literal('notifications'),
      userId: z.number().int(),
      groupIds: z.array(z.number().int()).max(10_000),
      subject: z
        .object({ type: z.enum(NOTIFICATION_TYPES), subjectKey: z.number().int() })
        .optional(),
      countMoved: z.boolean(),
      grown: z.array(z.number().int()).max(10_000).optional(),
    }),
  ]),
});

export function readWire(payload: string) {
  try {
    const parsed = wireSchema.safeParse(JSON.parse(payload));
    return parsed.success
      ? (parsed.data as { deployment: string; origin: string; message: BusMessage })
      : null;
  } catch {
    return null;
  }
}
