import { lookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webPush, { WebPushError } from 'web-push';
import { isPrivateAddress } from './endpoint-check';
import type { VapidKeys } from './vapid-keys';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** What a push service's answer means for the subscription. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'refused';

const PUSH_TIMING = {
  /** A push service that has not answered by then is tried again with the job's backoff. */
  timeoutMs: 10_000,
  /** Kept this long for a member who is away (RFC 8030 TTL, seconds). */
  ttlSeconds: 24 * 60 * 60,
};

/** An endpoint whose name now points inside: retrying will not help. */
class PrivateAddressError extends Error {}

/**
 * The address the endpoint's name resolves to when the push leaves, checked again: a name that
 * was public when the member subscribed may point inside since (DNS rebinding).
 */
const publicOnly: LookupFunction = (hostname, options, callback) =>
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '');
    if (addresses.some(({ address }) => isPrivateAddress(address)))
      return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });

function outcomeOf(error: unknown): PushOutcome {
  if (error instanceof PrivateAddressError) return 'refused';
  if (!(error instanceof WebPushError)) return 'retry';
  const status = error.statusCode;
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** Sends with web-push (RFC 8291 encryption, RFC 8292 VAPID). */
export function createPushSender(
  vapid: VapidKeys,
  allowPrivateHosts: boolean,
  log: FastifyBaseLogger,
) {
  const agent = allowPrivateHosts ? undefined : new Agent({ keepAlive: true, lookup: publicOnly });
  return async function send(target: PushTarget, payload: object, topic: string) {
    try {
      await webPush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TIMING.ttlSeconds,
          timeout: PUSH_TIMING.timeoutMs,
          topic,
          ...(agent ? { agent } : {}),
        },
      );
      return 'sent' as PushOutcome;
    } catch (error) {
      const outcome = outcomeOf(error);
      // A refusal will not change on a retry (a bad key, a name now private): said once, dropped.
      if (outcome === 'refused')
        log.warn(
          {
            status: error instanceof WebPushError ? error.statusCode : undefined,
            reason: (error as Error).message,
            host: new URL(target.endpoint).host,
          },
          'push: refused by the push service',
        );
      return outcome;
    }
  };
}
