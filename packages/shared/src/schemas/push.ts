import { z } from 'zod';
import { NOTIFICATION_TYPES } from './notifications';
import { textInput } from './primitives';
import { PUSH, PUSH_MESSAGES } from './push-texts';

/** What a device may ask pushes for: each notification type, and direct messages. */
export const PUSH_TYPES = [...NOTIFICATION_TYPES, 'message'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/** API.md Push: the server's VAPID public key, for `pushManager.subscribe()`. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** Lengths before patterns: the endpoint's scheme here, its host on the server (DNS). */
const endpointSchema = textInput({ error: PUSH_MESSAGES.endpointInvalid })
  .max(PUSH.endpointMax, PUSH_MESSAGES.endpointTooLong)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
    error: PUSH_MESSAGES.endpointInvalid,
  });

/** Base64url (padding allowed) of exactly `bytes` bytes. */
const keyOf = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return textInput({ error: PUSH_MESSAGES.keysInvalid })
    .max(chars + 2, PUSH_MESSAGES.keysInvalid)
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), PUSH_MESSAGES.keysInvalid);
};

/** `PushSubscription.toJSON()` as the browser gives it, with what this device wants pushed. */
export const subscribePushInputSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: keyOf(PUSH.p256dhBytes), auth: keyOf(PUSH.authBytes) }),
  /** Omitted or null: every type. */
  types: z
    .array(z.enum(PUSH_TYPES, { error: PUSH_MESSAGES.typesInvalid }))
    .max(PUSH_TYPES.length)
    .nullish(),
});
export type SubscribePushInput = z.infer<typeof subscribePushInputSchema>;

export const unsubscribePushInputSchema = z.object({ endpoint: endpointSchema });
