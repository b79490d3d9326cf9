import { matchLabel } from '@devplay/shared';
import { Trophy } from 'lucide-react';
import { useId } from 'react';
import type { Match, Participant } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { scoreSides } from '../bracket-model';
import { MatchWhen } from './match-when';
import styles from './match-card.module.css';

interface MatchCardProps {
  match: Match;
  players: ReadonlyMap<number, Participant>;
}

const nameOf = (players: ReadonlyMap<number, Participant>, id: number | null) =>
  id === null ? null : (players.get(id)?.username ?? 'Unknown player');

/** A match as members see it (SPEC §4: read-only, date and time as text). */
export function MatchCard({ match, players }: MatchCardProps) {
  const titleId = useId();
  const sides = scoreSides(match.score);
  const slots = [match.team1Id, match.team2Id] as const;

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {matchLabel(match.round, match.matchIndex)}
      </h3>
      <ul className={styles.players}>
        {slots.map((playerId, side) => {
          const name = nameOf(players, playerId);
          const won = playerId !== null && playerId === match.winnerId;
          return (
            <li key={side} className={styles.player} data-winner={won || undefined}>
              {playerId !== null && (
                <Avatar
                  src={players.get(playerId)?.avatar}
                  alt=""
                  size="sm"
                  className={styles.avatar}
                />
              )}
              <span className={name ? styles.name : styles.empty}>{name ?? 'To be decided'}</span>
              {won && (
                <span className={styles.winner}>
                  <Trophy size={16} aria-hidden />
                  <span className="visually-hidden">winner</span>
                </span>
              )}
              <span className={styles.side} aria-hidden="true">
                {sides[side] || '–'}
              </span>
            </li>
          );
        })}
      </ul>
      <p className={styles.meta}>
        <span>Score {match.score ?? '–'}</span>
        <span aria-hidden="true"> · </span>
        <MatchWhen match={match} />
      </p>
    </article>
  );
}
