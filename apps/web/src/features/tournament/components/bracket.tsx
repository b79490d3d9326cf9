import { ROUND_LABELS } from '@devplay/shared';
import { Trophy } from 'lucide-react';
import type { Match, MatchValues, Participant } from '@devplay/shared';
import { bracketOf } from '../bracket-model';
import { MatchCard } from './match-card';
import { MatchEditor } from './match-editor';
import styles from './bracket.module.css';

interface BracketProps {
  matches: readonly Match[];
  participants: readonly Participant[];
  /** Given to admins only: the bracket is then edited in place. */
  editing?: {
    onSave: (input: MatchValues) => void;
    onInvalid: (message: string) => void;
  };
}

/**
 * SPEC §4 bracket drawn as one: 4 + 2 + 1 matches in three columns, each match centred between
 * the two it follows, with lines joining them (CSS: each match is half the height of the two
 * before it, so the centres line up by themselves).
 */
export function Bracket({ matches, participants, editing }: BracketProps) {
  const players = new Map(participants.map((participant) => [participant.id, participant]));
  const rounds = bracketOf(matches);
  const final = rounds[2]?.matches[0];
  const champion = final?.winnerId ? players.get(final.winnerId) : undefined;

  return (
    <div className={styles.wrap}>
      {champion && (
        <p className={styles.champion}>
          <Trophy size={20} aria-hidden />
          <span>
            Champion: <strong>{champion.username}</strong>
          </span>
        </p>
      )}
      {/* Read-only, nothing inside takes focus: the scroller does, so keys can scroll it. */}
      <div
        className={styles.scroller}
        {...(editing
          ? {}
          : { role: 'region', 'aria-label': 'Bracket, scrolls sideways', tabIndex: 0 })}
      >
        <ol
          className={[styles.bracket, editing && styles.editing].filter(Boolean).join(' ')}
          aria-label="Bracket"
        >
          {rounds.map(({ round, matches: roundMatches }) => (
            <li key={round} className={styles.round} aria-label={ROUND_LABELS[round]}>
              <h3 className={styles.roundTitle} aria-hidden="true">
                {ROUND_LABELS[round]}
              </h3>
              <ul className={styles.matches}>
                {roundMatches.map((match) => (
                  <li key={match.matchIndex} className={styles.slot}>
                    {editing ? (
                      <MatchEditor
                        match={match}
                        participants={participants}
                        onSave={editing.onSave}
                        onInvalid={editing.onInvalid}
                      />
                    ) : (
                      <MatchCard match={match} players={players} />
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
