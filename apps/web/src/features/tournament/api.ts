import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Match, MatchMaps, MatchValues, Participant, Round } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { useLiveEvents } from '../../lib/use-live';

/** Every tournament query hangs under ['tournament'], so one live event reaches them all. */
export const tournamentKeys = {
  all: ['tournament'] as const,
  participants: () => [...tournamentKeys.all, 'participants'] as const,
  matches: () => [...tournamentKeys.all, 'matches'] as const,
  maps: () => [...tournamentKeys.all, 'maps'] as const,
  matchMaps: () => [...tournamentKeys.all, 'match-maps'] as const,
  /** The admin's member search when adding participants (outside the prefix: not tournament data). */
  memberSearch: (query: string) => ['tournament-member-search', query.toLowerCase()] as const,
};

export function useParticipants() {
  return useQuery({
    queryKey: tournamentKeys.participants(),
    queryFn: ({ signal }) => api.call('listParticipants', { signal }),
  });
}

export function useMatches() {
  return useQuery({
    queryKey: tournamentKeys.matches(),
    queryFn: ({ signal }) => api.call('listMatches', { signal }),
  });
}

export function useMaps() {
  return useQuery({
    queryKey: tournamentKeys.maps(),
    queryFn: ({ signal }) => api.call('listMaps', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useMatchMaps() {
  return useQuery({
    queryKey: tournamentKeys.matchMaps(),
    queryFn: ({ signal }) => api.call('listMatchMaps', { signal }),
  });
}

const refetchAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: tournamentKeys.all });

/**
 * Everyone watching sees changes at once: the server announces `tournament:changed`
 * to every signed-in member.
 */
export function useTournamentLive() {
  const queryClient = useQueryClient();
  useLiveEvents([tournamentKeys.all], (event) => {
    if (event.type === 'tournament:changed') void refetchAll(queryClient);
  });
}

export function useAddParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call('addParticipant', { body: { userId } }),
    onSuccess: (participant) => {
      queryClient.setQueryData<Participant[]>(tournamentKeys.participants(), (list) =>
        list && !list.some((entry) => entry.id === participant.id) ? [...list, participant] : list,
      );
      return queryClient.invalidateQueries({ queryKey: tournamentKeys.participants() });
    },
  });
}

export function useRemoveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.call('removeParticipant', { params: { id: userId } }),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<Participant[]>(tournamentKeys.participants(), (list) =>
        list?.filter((entry) => entry.id !== userId),
      );
      return queryClient.invalidateQueries({ queryKey: tournamentKeys.participants() });
    },
  });
}

/** The whole match as POST /tournament-match takes it (an omitted field would be emptied). */
export const matchInputOf = (match: Match): MatchValues => ({
  round: match.round,
  matchIndex: match.matchIndex,
  team1Id: match.team1Id,
  team2Id: match.team2Id,
  score: match.score,
  matchDate: match.matchDate,
  matchTime: match.matchTime,
  winnerId: match.winnerId,
});

const sameSlot = (match: Match, input: { round: Round; matchIndex: number }) =>
  match.round === input.round && match.matchIndex === input.matchIndex;

const MATCH_WRITE = [...tournamentKeys.all, 'match-write'] as const;

/**
 * An admin's change shows at once and is saved behind it; a refusal puts the match back and the
 * caller shows the server's message. Once the last write settles the bracket is fetched again:
 * the server may have moved a winner on into the next round.
 */
export function useSaveMatch({ onRefused }: { onRefused: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MATCH_WRITE,
    scope: { id: 'tournament-match-write' },
    mutationFn: (input: MatchValues) => api.call('saveMatch', { body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: tournamentKeys.matches() });
      const previous = queryClient.getQueryData<Match[]>(tournamentKeys.matches());
      queryClient.setQueryData<Match[]>(tournamentKeys.matches(), (list = []) => {
        const existing = list.find((match) => sameSlot(match, input));
        const next: Match = {
          id: existing?.id ?? -1,
          round: input.round,
          matchIndex: input.matchIndex,
          team1Id: input.team1Id,
          team2Id: input.team2Id,
          score: input.score,
          matchDate: input.matchDate,
          matchTime: input.matchTime,
          winnerId: input.winnerId,
        };
        return existing
          ? list.map((match) => (match === existing ? next : match))
          : [...list, next];
      });
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(tournamentKeys.matches(), context.previous);
      onRefused(error);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: MATCH_WRITE }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: tournamentKeys.matches() });
    },
  });
}

/** 'Reset Bracket': all 7 matches go, with the maps chosen for them. */
export function useResetBracket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('resetBracket'),
    onSuccess: () => {
      queryClient.setQueryData<Match[]>(tournamentKeys.matches(), []);
      queryClient.setQueryData<MatchMaps[]>(tournamentKeys.matchMaps(), []);
      return refetchAll(queryClient);
    },
  });
}

/**
 * Beyond the spec: the locked pairs of the draw become round 1, one POST per match, in order.
 * A match keeps its date and time; score and winner start empty, since the players changed.
 */
export function useApplyPairs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pairs: readonly (readonly [number, number])[]) => {
      const current = queryClient.getQueryData<Match[]>(tournamentKeys.matches()) ?? [];
      for (const [matchIndex, [team1Id, team2Id]] of pairs.entries()) {
        const existing = current.find((match) => sameSlot(match, { round: 'round1', matchIndex }));
        await api.call('saveMatch', {
          body: {
            round: 'round1',
            matchIndex,
            team1Id,
            team2Id,
            score: null,
            winnerId: null,
            matchDate: existing?.matchDate ?? null,
            matchTime: existing?.matchTime ?? null,
          },
        });
      }
    },
    onSettled: () => refetchAll(queryClient),
  });
}

/** An admin's map choice for one match, shown at once and saved behind it. */
export function useSaveMatchMaps({ onRefused }: { onRefused: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'tournament-match-maps-write' },
    mutationFn: (input: MatchMaps) => api.call('saveMatchMaps', { body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: tournamentKeys.matchMaps() });
      const previous = queryClient.getQueryData<MatchMaps[]>(tournamentKeys.matchMaps());
      queryClient.setQueryData<MatchMaps[]>(tournamentKeys.matchMaps(), (list = []) => [
        ...list.filter((entry) => entry.matchId !== input.matchId),
        input,
      ]);
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(tournamentKeys.matchMaps(), context.previous);
      onRefused(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tournamentKeys.matchMaps() }),
  });
}
