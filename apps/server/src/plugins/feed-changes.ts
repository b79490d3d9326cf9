import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { moveFeedVersion } from '../db/feed-version';
import type { BusMessage } from './events';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A successful answer of this route means a feed may read differently (a post, like, comment
     * or follow came or went, or a member with their content). Unless only a post's counts moved
     * (`feedChange.counted`), which every feed read reads afresh, the feed's version moves before
     * the answer leaves (db/feed-version.ts), and the message goes to every process for the live
     * feed.
     */
    changesFeed?: boolean;
  }
  interface FastifyRequest {
    /** What the handler adds to the route's feed message: the post it published or counted. */
    feedChange: Omit<Extract<BusMessage, { kind: 'feed' }>, 'kind'> | null;
  }
}

/** Routes say `config: { changesFeed: true }`; only they get the hook, the others pay nothing. */
export default fp(
  async function feedChangesPlugin(app: FastifyInstance) {
    app.decorateRequest('feedChange', null);
    const announce: onSendHookHandler = async (request, reply, payload) => {
      if (reply.statusCode >= 400) return payload;
      if (request.feedChange?.counted === undefined) await moveFeedVersion(app.db);
      // Delivered here at once and sent to the other processes; their acknowledgement is not
      // the member's to wait for (post logs a failure itself).
      void app.events.post({ kind: 'feed', ...request.feedChange });
      return payload;
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.changesFeed) return;
      const own = route.onSend ?? [];
      route.onSend = [...(Array.isArray(own) ? own : [own]), announce];
    });
  },
  { name: 'feed-changes', dependencies: ['events'] },
);
