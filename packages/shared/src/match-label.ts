import type { Round } from './schemas/tournament-texts';

export const ROUND_LABELS: Record<Round, string> = {
  round1: 'Round 1',
  round2: 'Round 2',
  final: 'Final',
};

/**
 * "Round 1 · Match 2", or "Final": how a match is named on screen and to screen readers, in the
 * bracket and in the notifications about it alike.
 */
export const matchLabel = (round: Round, matchIndex: number) =>
  round === 'final' ? 'Final' : `${ROUND_LABELS[round]} · Match ${matchIndex + 1}`;
