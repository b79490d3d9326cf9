import { ECDH } from 'node:crypto';
import { PUSH, PUSH_MESSAGES, type SubscribePushInput } from '@devplay/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { checkEndpointHost } from './endpoint-check';
import { removeSubscription, saveSubscription } from './subscriptions';

/** The subscription's keys as encryption will use them: a point on P-256 and 16 bytes. */
function keysAreUsable({ p256dh, auth }: SubscribePushInput['keys']) {
  if (Buffer.from(auth, 'base64url').length !== PUSH.authBytes) return false;
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== PUSH.p256dhBytes) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export function createPushService(db: Db, allowPrivateHosts: boolean) {
  return {
    /** API.md Push: a device's subscription, replacing the row of the same endpoint. */
    async subscribe(userId: number, input: SubscribePushInput) {
      if (!keysAreUsable(input.keys))
        throw badRequest(PUSH_MESSAGES.keysInvalid, undefined, 'keys');
      if (!allowPrivateHosts) {
        const verdict = await checkEndpointHost(input.endpoint);
        if (verdict !== 'public')
          throw badRequest(
            verdict === 'private'
              ? PUSH_MESSAGES.endpointPrivate
              : PUSH_MESSAGES.endpointUnresolved,
            undefined,
            'endpoint',
          );
      }
      await saveSubscription(db, userId, input);
      return { message: PUSH_MESSAGES.subscribed };
    },
    async unsubscribe(userId: number, endpoint: string) {
      await removeSubscription(db, userId, endpoint);
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  };
}
