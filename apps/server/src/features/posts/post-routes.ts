import { POST_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps';
import { notFound } from '../../lib/errors';
import { ifNoneMatchHas } from '../../lib/etags';
import { errorResponses, SECURITY, UNVERIFIED } from '../../lib/openapi';
import { sendWrittenOnce } from '../../lib/response-serializer';
import { route } from '../../lib/route';
import { actorOf, currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { deletePost } from '../../use-cases/delete-post';
import { editPost } from './edit-service';
import { createFeedCache } from './feed-cache';
import { feedSource } from './feed-fresh';
import { findPost, listPosts } from './post-queries';
import { createPost } from './post-service';

const tags = ['posts'];
const security = SECURITY.member;

const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const feeds = createFeedCache(feedSource(app.db));

  route(
    app,
    'listPosts',
    {
      summary: 'List posts, newest first',
      description:
        "Everyone's posts, one member's (`user_id`), or those of the members the caller follows (`feed=following`), never those of a member in a block with the caller (either way) or muted by the caller. The first page of either feed carries an ETag: sent back in `If-None-Match`, it answers 304 while that page reads the same for the caller.",
      tags,
      security,
      answers: {
        // A null schema is how @fastify/swagger writes an answer without a body; optional, so
        // the route can send none (a null would be serialised and counted in Content-Length).
        304: z
          .null()
          .optional()
          .describe('The page reads as it did under the ETag sent (no body).'),
      },
      errors: errorResponses(400, 401),
    },
    async (request, reply) => {
      const { user_id, ...query } = request.query;
      const viewerId = currentUser(request).id;
      if (user_id !== undefined || query.cursor !== undefined) {
        return listPosts(app.db, viewerId, { ...query, authorId: user_id });
      }
      const { page, etag, lasting } =
        query.feed === 'all'
          ? await feeds.newest(viewerId, query.limit)
          : await feeds.following(viewerId, query.limit);
      // Personal (likedByMe): a browser may keep it for this member, but must ask each time.
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (ifNoneMatchHas(request.headers['if-none-match'], etag))
        return reply.code(304).send(undefined);
      return lasting ? sendWrittenOnce(reply, page) : page;
    },
  );

  route(
    app,
    'getPost',
    {
      summary: 'Read one post',
      description:
        "A muted author's post opens; the post of a member in a block with the caller, either way, does not (404).",
      tags,
      security,
      errors: errorResponses(400, 401, { 404: 'No such post, or one hidden from the caller.' }),
    },
    async (request) => {
      const post = await findPost(app.db, currentUser(request).id, request.params.id);
      if (!post) throw notFound(POST_MESSAGES.notFound);
      return post;
    },
  );

  // Publishing takes a confirmed e-mail address.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'createPost',
        {
          summary: 'Publish a post',
          tags,
          security,
          errors: errorResponses(
            { 400: 'Invalid input, or an image the caller did not upload.' },
            401,
            UNVERIFIED,
            { 422: 'Too soon after the previous post (`COOLDOWN`).' },
            429,
          ),
        },
        async (request, reply) => {
          const post = await createPost(deps, currentUser(request).id, request.body);
          return reply.status(201).send(post);
        },
      );

      route(
        confirmed,
        'updatePost',
        {
          summary: 'Edit a post',
          description:
            'Its author only. An omitted field is unchanged; `null` or `""` clears `image`, `video` or `imageAlt` (no image, no `imageAlt`); the post must keep an image or a video. Not subject to the publishing cooldown.',
          tags,
          security,
          errors: errorResponses(
            { 400: 'Invalid input, or an image the caller did not upload.' },
            401,
            {
              403: 'Not the author (`FORBIDDEN`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
            },
            { 404: 'No such post.' },
            429,
          ),
        },
        async (request) => editPost(deps, currentUser(request).id, request.params.id, request.body),
      );
    }),
  );

  route(
    app,
    'deletePost',
    {
      summary: 'Delete a post',
      description: 'Its author or an admin.',
      tags,
      security,
      errors: errorResponses(
        400,
        401,
        { 403: 'Not the author (nor an admin).' },
        { 404: 'No such post.' },
      ),
    },
    async (request) => {
      await deletePost(deps, actorOf(request), request.params.id);
      return { message: POST_MESSAGES.deleted };
    },
  );
};
export default postRoutes;
