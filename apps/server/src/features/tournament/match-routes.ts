import { TOURNAMENT_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { tournamentChanged } from './live';
import { deleteMatch, listMatches, resetBracket, saveMatch } from './match-service';

const tags = ['tournament'];
const security = SECURITY.member;

const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'listMatches',
    {
      summary: 'The bracket: its matches, round by round',
      description: '`matchIndex` counts from 0 within its round (round1 0-3, round2 0-1, final 0).',
      tags,
      security,
      errors: errorResponses(401),
    },
    async () => listMatches(app.db),
  );

  // The bracket is for admins to change.
  await app.register(
    guarded('requireAdmin', async (admins) => {
      route(
        admins,
        'saveMatch',
        {
          summary: 'Save a match of the bracket',
          description:
            "Admins only. Upsert by `round` and `matchIndex` (from 0): the match as sent, an omitted field empty. Players are distinct participants, each in one match of a round; the winner is one of them and has the higher score (a tie has none). The winner then moves into the next round's slot (round1 match i → round2 match ⌊i/2⌋, round2 → final; even i → `team1Id`, odd → `team2Id`).",
          tags,
          security,
          errors: errorResponses(400, 401, ADMIN_ONLY, {
            409: 'A player (or the winner, moving on) already plays another match of that round (`PLAYER_BUSY_IN_ROUND`).',
          }),
        },
        async (request) => {
          const match = await saveMatch(app.db, app.events, request.body, actorOf(request));
          await tournamentChanged(app.events);
          return match;
        },
      );

      route(
        admins,
        'deleteMatch',
        {
          summary: 'Delete one match of the bracket',
          description: 'Admins only. Its winner leaves the next round too.',
          tags,
          security,
          errors: errorResponses(400, 401, ADMIN_ONLY, { 404: 'No such match.' }),
        },
        async (request) => {
          const { round, index: matchIndex } = request.params;
          await deleteMatch(app.db, app.events, { round, matchIndex }, actorOf(request));
          await tournamentChanged(app.events);
          return { message: TOURNAMENT_MESSAGES.matchDeleted };
        },
      );

      route(
        admins,
        'resetBracket',
        {
          summary: 'Reset Bracket: delete all matches',
          description: 'Admins only. The maps chosen for them go too.',
          tags,
          security,
          errors: errorResponses(401, ADMIN_ONLY),
        },
        async (request) => {
          await resetBracket(app.db, app.events, actorOf(request));
          await tournamentChanged(app.events);
          return { message: TOURNAMENT_MESSAGES.bracketReset };
        },
      );
    }),
  );
};
export default matchRoutes;
