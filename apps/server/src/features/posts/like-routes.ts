import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BLOCKED_OR_UNVERIFIED, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { like, likedPostIds, listLikers, unlike } from './like-service';

const tags = ['likes'];
const security = SECURITY.member;
const noPost = { 404: 'No such post.' };

const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liking takes a confirmed e-mail address; taking a like back does not.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'likePost',
        {
          summary: 'Like a post',
          description:
            'Idempotent: liking twice leaves one like. Not the post of a member in a block with the caller, either way.',
          tags,
          security,
          errors: errorResponses(400, 401, BLOCKED_OR_UNVERIFIED, noPost),
        },
        async (request) => like(app.db, app.events, request.body.post_id, currentUser(request).id),
      );
    }),
  );

  route(
    app,
    'unlikePost',
    {
      summary: 'Take back a like',
      description: 'Idempotent: no like to take back is not an error.',
      tags,
      security,
      errors: errorResponses(400, 401, noPost),
    },
    async (request) => unlike(app.db, app.events, request.params.postId, currentUser(request).id),
  );

  route(
    app,
    'listLikers',
    {
      summary: 'Who liked a post, newest first',
      description:
        "Members in a block with the caller, either way, are left out; `total` is the post's count. The post of such a member reads as none (no one, 0).",
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) =>
      listLikers(app.db, currentUser(request).id, request.params.postId, request.query.limit),
  );

  route(
    app,
    'listLikedPosts',
    {
      summary: 'The ids of the posts a member liked',
      description:
        "The caller's unless `user_id` names another member; none of a member in a block with the caller.",
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => {
      const viewerId = currentUser(request).id;
      return {
        likedPosts: await likedPostIds(app.db, viewerId, request.query.user_id ?? viewerId),
      };
    },
  );
};
export default likeRoutes;
