import type { SchemasOf } from './api-contract';
import { messageResponseSchema as message } from './schemas/errors';
import {
  pushKeySchema,
  subscribePushInputSchema,
  unsubscribePushInputSchema,
} from './schemas/push';

/** The schemas of the Web Push operations: a part of `apiContract`. */
export const pushContract = {
  getPushKey: { response: pushKeySchema },
  subscribePush: { body: subscribePushInputSchema, response: message, status: 201 },
  unsubscribePush: { body: unsubscribePushInputSchema, response: message },
} satisfies { [K in 'getPushKey' | 'subscribePush' | 'unsubscribePush']: SchemasOf<K> };
