import { COMMENT_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { BLOCKED_OR_UNVERIFIED, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { actorOf, currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { deleteComment } from '../../use-cases/delete-comment';
import { editComment } from './edit-service';
import { addComment, countComments, listComments } from './comment-service';

const tags = ['comments'];
const security = SECURITY.member;
const noPost = { 404: 'No such post.' };

const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  route(
    app,
    'countComments',
    {
      summary: 'How many comments a post has',
      description:
        "All of them, as the post's card counts them, those hidden from the caller included. The post of a member in a block with the caller, either way, is not found.",
      tags,
      security,
      errors: errorResponses(400, 401, noPost),
    },
    async (request) => countComments(app.db, currentUser(request).id, request.params.postId),
  );

  route(
    app,
    'listComments',
    {
      summary: "A post's comments, oldest first",
      description:
        'Without the comments of members in a block with the caller (either way) or muted by the caller. The post of a member in a block with the caller is not found.',
      tags,
      security,
      errors: errorResponses(400, 401, noPost),
    },
    async (request) =>
      listComments(app.db, currentUser(request).id, request.params.postId, request.query),
  );

  // Commenting takes a confirmed e-mail address.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'createComment',
        {
          summary: 'Comment on a post',
          description: 'Not the post of a member in a block with the caller, either way.',
          tags,
          security,
          errors: errorResponses(400, 401, BLOCKED_OR_UNVERIFIED, noPost, 429),
        },
        async (request, reply) => {
          const { postId, text } = request.body;
          return reply
            .status(201)
            .send(await addComment(app.db, app.events, currentUser(request).id, postId, text));
        },
      );

      route(
        confirmed,
        'updateComment',
        {
          summary: 'Edit a comment',
          description: 'Its author only; the same rules as commenting.',
          tags,
          security,
          errors: errorResponses(
            400,
            401,
            {
              403: 'Not the author (`FORBIDDEN`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
            },
            { 404: 'No such comment.' },
            429,
          ),
        },
        async (request) =>
          editComment(deps, currentUser(request).id, request.params.id, request.body.text),
      );
    }),
  );

  route(
    app,
    'deleteComment',
    {
      summary: 'Delete a comment',
      description: 'Its author or an admin.',
      tags,
      security,
      errors: errorResponses(
        400,
        401,
        { 403: 'Not the author (nor an admin).' },
        { 404: 'No such comment.' },
      ),
    },
    async (request) => {
      await deleteComment(deps, actorOf(request), request.params.id);
      return { message: COMMENT_MESSAGES.deleted };
    },
  );
};
export default commentRoutes;
