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
});
export type PushSettings = ReturnType<typeof pushSettings>;
