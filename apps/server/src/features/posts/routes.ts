import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import commentRoutes from './comment-routes';
import likeRoutes from './like-routes';
import liveFeed from './live-feed';
import postRoutes from './post-routes';

/** The posts feature: posts, their likes and their comments. */
const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(postRoutes);
  await app.register(likeRoutes);
  await app.register(commentRoutes);
  await app.register(liveFeed);
};
export default postsRoutes;
