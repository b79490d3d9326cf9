import type { FastifyPluginAsync } from 'fastify';
import { closeAccount, grantWelcomeCredit } from './service';

/**
 * Money's part of a member's standing (plugins/member-steps.ts): the welcome credit when their
 * address is confirmed, their balance back to the system account when they leave.
 */
const moneyMemberSteps: FastifyPluginAsync = async (app) => {
  app.memberSteps.confirmed.push((db, userId) =>
    grantWelcomeCredit(db, app.events, userId, app.config.welcomeCreditCents),
  );
  app.memberSteps.leaving.push(closeAccount);
};

export default moneyMemberSteps;
