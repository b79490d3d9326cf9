import type { EventBus } from '../../apps/server/src/plugins/events';

/** For seeding through the server's services while no server runs: nobody listens. */
export const quietBus: EventBus = {
  post: async () => {},
  publish: async () => {},
  subscribe: () => () => {},
  close: async () => {},
};
