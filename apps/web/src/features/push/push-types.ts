import { PUSH_TYPES, type PushType } from '@devplay/shared';

/** The kinds this device asked for, kept by the browser: the server has no read of them. */
const STORAGE_KEY = 'devplay-push-types';

const isPushType = (value: unknown): value is PushType =>
  (PUSH_TYPES as readonly unknown[]).includes(value);

export function storedPushTypes(): PushType[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(stored)) return stored.filter(isPushType);
  } catch {
    // Storage disabled or spoiled: every kind, as on a new device.
  }
  return [...PUSH_TYPES];
}

export function storePushTypes(types: PushType[]) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(types));
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}

/** What the server is sent: null (every kind, new kinds too) when nothing is left out. */
export const typesToSend = (types: PushType[]) =>
  PUSH_TYPES.every((type) => types.includes(type)) ? null : types;
