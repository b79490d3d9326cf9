import type { FastifyPluginAsync } from 'fastify';
import { leaveBracket } from './bracket-moves';

/** A member leaving takes their results out of the bracket (plugins/member-steps.ts). */
const tournamentMemberSteps: FastifyPluginAsync = async (app) => {
  app.memberSteps.leaving.push(leaveBracket);
};

export default tournamentMemberSteps;
