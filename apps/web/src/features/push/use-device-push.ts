import type { PushType } from '@devplay/shared';
import { useEffect, useState } from 'react';
import { devicePushSubscription, endDevicePush } from '../../lib/device-push';
import { storedPushTypes, storePushTypes } from './push-types';
import { pushSupported, subscribeDevice, updateDeviceTypes } from './subscribe-device';

export type DevicePushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** What the browser says now: nothing is asked of the member here. */
async function currentState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await devicePushSubscription().catch(() => null);
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * This device's push switch: its state as the browser has it, the kinds chosen here, and the
 * moves. Permission is asked in `turnOn`, called from the member's click and from nowhere else.
 */
export function useDevicePush() {
  const [state, setState] = useState<DevicePushState>('checking');
  const [types, setTypes] = useState<PushType[]>(storedPushTypes);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void currentState().then((found) => {
      if (current) setState(found);
    });
    return () => {
      current = false;
    };
  }, []);

  const run = async (move: () => Promise<DevicePushState | null>) => {
    setPending(true);
    setFailed(false);
    try {
      const next = await move();
      if (next) setState(next);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return 'denied';
      // Dismissed without an answer: nothing changes, and the member may ask again.
      if (permission !== 'granted') return null;
      await subscribeDevice(types);
      return 'on';
    });

  const turnOff = () =>
    run(async () => {
      const subscription = await devicePushSubscription();
      if (subscription) await endDevicePush(subscription);
      return 'off';
    });

  const choose = (type: PushType, on: boolean) => {
    const before = types;
    const next = on ? [...types, type] : types.filter((chosen) => chosen !== type);
    setTypes(next);
    storePushTypes(next);
    void run(async () => {
      try {
        await updateDeviceTypes(next);
        return null;
      } catch (error) {
        setTypes(before);
        storePushTypes(before);
        throw error;
      }
    });
  };

  return { state, types, pending, failed, turnOn, turnOff, choose };
}
