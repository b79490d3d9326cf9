import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A successful answer of this route means a feed may read differently (a post, like, comment
     * or follow came or went, or a member with their content): every process forgets its copies
     * of the feeds (features/posts/feed-cache.ts) before the answer leaves.
     */
    changesFeed?: boolean;
  }
}

/** Routes say `config: { changesFeed: true }`; only they get the hook, the others pay nothing. */
export default fp(
  async function feedChangesPlugin(app: FastifyInstance) {
    const announce: onSendHookHandler = async (_request, reply, payload) => {
      if (reply.statusCode < 400) await app.events.post({ kind: 'feed' });
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
