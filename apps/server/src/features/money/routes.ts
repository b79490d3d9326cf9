import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { createPartiesCache } from './parties-cache';
import { history } from './history';
import { sendMoney } from './service';

const tags = ['money'];
const security = SECURITY.member;

const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const parties = createPartiesCache(app.db);
  const unsubscribe = app.events.subscribe((message) => {
    // A renamed, edited or departed member: a name may now be someone else's, or nobody's.
    if (message.kind === 'member' || message.kind === 'disconnect') parties.forget();
  });
  app.addHook('onClose', async () => unsubscribe());

  route(
    app,
    'listTransactions',
    {
      summary: "The caller's balance and transfers, newest first",
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => history(app.db, currentUser(request).id, request.query),
  );

  // Sending money takes a confirmed e-mail address; the history does not.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'sendMoney',
        {
          summary: 'Send money to a member',
          description:
            '201 for a new transfer; the same `idempotencyKey` again answers the original transfer with 200. Only to a member whose `transfersFrom` takes the caller (`everyone`, or `following` and they follow the caller) and with no block between the two, either way; admins alike. A refused transfer moves nothing.',
          tags,
          security,
          errors: errorResponses(
            { 400: 'Invalid input, or the caller themself as recipient.' },
            401,
            {
              403: 'Either member blocks the other (`BLOCKED`), the recipient does not take money from the caller (`TRANSFERS_CLOSED`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
            },
            { 404: 'No member has this username.' },
            {
              409: 'The `idempotencyKey` was used for a different transfer (`IDEMPOTENCY_CONFLICT`).',
            },
            { 422: 'The balance is too low (`INSUFFICIENT_FUNDS`).' },
            429,
          ),
        },
        async (request, reply) => {
          const { transaction, replayed } = await sendMoney(
            app.db,
            app.events,
            currentUser(request).id,
            request.body,
            parties.find,
          );
          // A replay answers the original transfer; 200 tells the client nothing new happened.
          return reply.status(replayed ? 200 : 201).send(transaction);
        },
      );
    }),
  );
};
export default moneyRoutes;
