import type { App } from '../app';
import type { BusMessage } from '../plugins/events';

/**
 * The first bus message `app` hears that `match` accepts. The app's own listeners subscribed
 * before the test's, so when this resolves they have acted on it: a request to `app` from then
 * on sees its effect. Call it before the action that sends the message.
 */
export function nextMessage<K extends BusMessage['kind']>(
  app: App,
  kind: K,
  match: (message: Extract<BusMessage, { kind: K }>) => boolean = () => true,
) {
  return new Promise<Extract<BusMessage, { kind: K }>>((resolve) => {
    const stop = app.events.subscribe((message) => {
      if (message.kind !== kind) return;
      const wanted = message as Extract<BusMessage, { kind: K }>;
      if (!match(wanted)) return;
      stop();
      resolve(wanted);
    });
  });
}
