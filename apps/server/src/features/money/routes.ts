import {
  pageQuerySchema,
  sendMoneyInputSchema,
  transactionPageSchema,
  transactionSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { history, sendMoney } from './service';

const tags = ['money'];
const security = [{ accessToken: [] }];

const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        querystring: pageQuerySchema,
        response: { 200: transactionPageSchema },
      },
    },
    async (request) => history(app.db, currentUser(request).id, request.query),
  );

  app.post(
    '/transaction',
    {
      preHandler: app.requireVerified,
      config: { rateLimit: RATE_LIMITS.transaction },
      schema: {
        tags,
        security,
        body: sendMoneyInputSchema,
        response: { 200: transactionSchema, 201: transactionSchema },
      },
    },
    async (request, reply) => {
      const { transaction, replayed } = await sendMoney(
        app.db,
        app.events,
        currentUser(request).id,
        request.body,
      );
      // A replay answers the original transfer; 200 tells the client nothing new happened.
      return reply.status(replayed ? 200 : 201).send(transaction);
    },
  );
};
export default moneyRoutes;
