import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { errorResponses, SECURITY, UNVERIFIED } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { block, listRelations, mute, unblock, unmute, updatePrivacy } from './service';

const tags = ['safety'];
const security = SECURITY.member;
const refusals = [
  { 400: 'Invalid input, or the caller themself (`SELF_TARGET`).' },
  401,
  { 404: 'No member has this username.' },
] as const;

const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  // Blocking and muting take a confirmed e-mail address; taking either back does not.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'blockMember',
        {
          summary: 'Block a member',
          description:
            "Mutual in effect: the follows between the two end both ways, the notifications between them go, and from then on neither sees the other's posts, comments, likes, lists or search results, nor follows, likes, comments on, messages or pays the other (403 `BLOCKED`). Idempotent. The blocked member is not told; their profile shows `blocksMe`.",
          tags,
          security,
          errors: errorResponses(...refusals, UNVERIFIED, 429),
        },
        async (request) => block(deps, currentUser(request).id, request.body.username),
      );

      route(
        confirmed,
        'muteMember',
        {
          summary: 'Mute a member',
          description:
            "Their posts and comments leave the caller's feeds and threads (a direct link to a post still opens), and with `notifications` (default true) their likes, comments and follows no longer notify the caller. They are not told and can still message. Muting again updates `notifications`.",
          tags,
          security,
          errors: errorResponses(...refusals, UNVERIFIED, 429),
        },
        async (request) => mute(deps, currentUser(request).id, request.body),
      );
    }),
  );

  route(
    app,
    'unblockMember',
    {
      summary: 'Take a block back',
      description:
        'Idempotent. Follows and notifications the block ended do not come back. Either member may still block the other.',
      tags,
      security,
      errors: errorResponses(...refusals, 429),
    },
    async (request) => unblock(deps, currentUser(request).id, request.body.username),
  );

  route(
    app,
    'unmuteMember',
    {
      summary: 'Take a mute back',
      description: 'Idempotent.',
      tags,
      security,
      errors: errorResponses(...refusals, 429),
    },
    async (request) => unmute(deps, currentUser(request).id, request.body.username),
  );

  route(
    app,
    'listBlocks',
    {
      summary: 'The members the caller blocks, newest first',
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => listRelations(app.db, currentUser(request).id, 'blocks', request.query),
  );

  route(
    app,
    'listMutes',
    {
      summary: 'The members the caller mutes, newest first',
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => listRelations(app.db, currentUser(request).id, 'mutes', request.query),
  );

  route(
    app,
    'updatePrivacy',
    {
      summary: 'Who may message the caller and send them money',
      description:
        "Any subset of `messagesFrom` and `transfersFrom`: `everyone`, `following` (the members the caller follows) or `nobody`. Others are refused with 403 `MESSAGES_CLOSED` or `TRANSFERS_CLOSED`; admins too. A profile's `canMessage` and `canSendMoney` follow the same rule.",
      tags,
      security,
      errors: errorResponses(400, 401, 429),
    },
    async (request) => {
      const userId = currentUser(request).id;
      const privacy = await updatePrivacy(app.db, userId, request.body);
      // Sessions keep the member's row (Me shows it); money keeps whom a member pays.
      await app.memberChanged(userId, { inFeeds: false });
      return privacy;
    },
  );
};
export default safetyRoutes;
