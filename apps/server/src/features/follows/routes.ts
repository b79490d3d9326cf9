import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BLOCKED_OR_UNVERIFIED, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { follow, listFollows, unfollow } from './service';

const tags = ['follows'];
const security = SECURITY.member;
const noMember = { 404: 'No member has this username.' };
const LISTS = {
  followers: { summary: "A member's followers, newest first", operationId: 'listFollowers' },
  followings: { summary: 'Whom a member follows, newest first', operationId: 'listFollowings' },
} as const;
const LIST_DESCRIPTION =
  'Members in a block with the caller, either way, are left out; the lists of such a member read empty.';

const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Following takes a confirmed e-mail address; unfollowing does not.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'followMember',
        {
          summary: 'Follow a member',
          description: 'Idempotent: following twice is one follow.',
          tags,
          security,
          errors: errorResponses(
            { 400: 'Invalid input, or the caller themself (`SELF_FOLLOW`).' },
            401,
            BLOCKED_OR_UNVERIFIED,
            noMember,
          ),
        },
        async (request) =>
          follow(app.db, app.events, currentUser(request).id, request.body.username),
      );
    }),
  );

  route(
    app,
    'unfollowMember',
    {
      summary: 'Stop following a member',
      description: 'Idempotent: not following is not an error.',
      tags,
      security,
      errors: errorResponses(400, 401, noMember),
    },
    async (request) => unfollow(app.db, app.events, currentUser(request).id, request.body.username),
  );

  for (const direction of ['followers', 'followings'] as const) {
    const { summary, operationId } = LISTS[direction];
    route(
      app,
      operationId,
      {
        summary,
        description: LIST_DESCRIPTION,
        tags,
        security,
        errors: errorResponses(400, 401, noMember),
      },
      async (request) =>
        listFollows(
          app.db,
          currentUser(request).id,
          request.params.username,
          direction,
          request.query,
        ),
    );
  }
};
export default followsRoutes;
