import { flag, optionalText } from './env-values';

/** Web Push's settings (features/push): all optional. */
export const PUSH_ENV = {
  /** The VAPID key pair, as web-push writes it (base64url); both or neither. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Whom push services may contact: an https: URL or a mailto: address. */
  VAPID_SUBJECT: optionalText,
  /** `on` for tests against a local push service: endpoints on private addresses are accepted. */
  PUSH_ALLOW_PRIVATE_HOSTS: flag('off'),
};

/**
 * How long a member's news gathers before its push is queued: a post liked 100 times in that
 * second is one job and one push (its group's newest state), not 100, and the like itself only
 * adds to a map. Pushes arrive seconds late anyway; a member waits at most this much more.
 */
const PUSH_GATHER_MS = 1_000;

type PushEnv = {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_ALLOW_PRIVATE_HOSTS: boolean;
};

export const pushSettings = (e: PushEnv) => ({
  vapid: {
    publicKey: e.VAPID_PUBLIC_KEY,
    privateKey: e.VAPID_PRIVATE_KEY,
    subject: e.VAPID_SUBJECT,
  },
  pushAllowPrivateHosts: e.PUSH_ALLOW_PRIVATE_HOSTS,
  pushGatherMs: PUSH_GATHER_MS,
});
export type PushSettings = ReturnType<typeof pushSettings>;
