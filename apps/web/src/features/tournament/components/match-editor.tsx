import { ChevronDown, Trophy } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  type Match,
  matchLabel,
  type MatchValues,
  type Participant,
  TOURNAMENT_MESSAGES,
} from '@devplay/shared';
import { matchInputOf } from '../api';
import {
  formatMatchDate,
  readMatchDate,
  readMatchTime,
  readSide,
  scoreOf,
  scoreSides,
  sidesAhead,
} from '../bracket-model';
import card from './match-card.module.css';
import styles from './match-editor.module.css';

interface MatchEditorProps {
  match: Match;
  participants: readonly Participant[];
  onSave: (input: MatchValues) => void;
  /** A typed value the server would refuse anyway (a side above 99). */
  onInvalid: (message: string) => void;
}

type Slot = 'team1Id' | 'team2Id';
const SLOTS: readonly Slot[] = ['team1Id', 'team2Id'];

/** An input's text while it is edited; the saved value again once it is committed. */
function useDraft() {
  const [draft, setDraft] = useState<string | null>(null);
  return { draft, setDraft, clear: () => setDraft(null) };
}

/**
 * A match as admins edit it (SPEC §4): each change is saved at once — players and the winner
 * when chosen, the score, the date and the time when typed (on leaving the box or Enter).
 */
export function MatchEditor({ match, participants, onSave, onInvalid }: MatchEditorProps) {
  const titleId = useId();
  const hintId = useId();
  const label = matchLabel(match.round, match.matchIndex);
  const sides = scoreSides(match.score);
  const ahead = sidesAhead(match.score);
  const hinted = match.winnerId === null && match.team1Id !== null && match.team2Id !== null;
  const scoreDrafts = [useDraft(), useDraft()] as const;
  const dateDraft = useDraft();
  const timeDraft = useDraft();
  // The sides last committed, until the match changes: a side typed while that save is still on
  // its way (the other box left, then Enter) builds on it, not on the score before it.
  const committed = useRef<readonly (number | '')[] | null>(null);
  // Likewise the date and time: a time typed right after the date must not send the old date.
  const when = useRef<Partial<Pick<MatchValues, 'matchDate' | 'matchTime'>>>({});
  useEffect(() => {
    committed.current = null;
    when.current = {};
  }, [match]);
  const save = (change: Partial<MatchValues>) =>
    onSave({ ...matchInputOf(match), ...when.current, ...change });
  const nameOf = (id: number | null) =>
    participants.find((participant) => participant.id === id)?.username ?? 'Unknown player';

  // A score and a winner belong to the pairing that played: a player taken out takes them along.
  const choosePlayer = (slot: Slot, value: string) => {
    const player = value === '' ? null : Number(value);
    save(
      match[slot] === null ? { [slot]: player } : { [slot]: player, score: null, winnerId: null },
    );
  };

  const commitScore = () => {
    const [a, b] = scoreDrafts.map((draft, side) =>
      draft.draft !== null
        ? readSide(draft.draft)
        : (committed.current?.[side] ?? readSide(sides[side]!)),
    );
    scoreDrafts.forEach((draft) => draft.clear());
    if (a === null || a === undefined || b === null || b === undefined) {
      onInvalid(TOURNAMENT_MESSAGES.scoreFormat);
      return;
    }
    committed.current = [a, b];
    const score = scoreOf(a, b);
    // No score, no winner: the server refuses one without the other.
    if (score !== match.score) save(score === null ? { score, winnerId: null } : { score });
  };

  /** A typed date or time, saved when it reads as one; the saved value again when it does not. */
  const commitWhen = (
    field: 'matchDate' | 'matchTime',
    draft: ReturnType<typeof useDraft>,
    read: (text: string) => string | null,
    message: string,
  ) => {
    const text = draft.draft;
    draft.clear();
    if (text === null) return;
    const value = text.trim() === '' ? null : read(text);
    if (value === null && text.trim() !== '') onInvalid(message);
    else if (value !== (field in when.current ? when.current[field] : match[field])) {
      save({ [field]: value });
      when.current = { ...when.current, [field]: value };
    }
  };
  const commitDate = () =>
    commitWhen('matchDate', dateDraft, readMatchDate, TOURNAMENT_MESSAGES.dateFormat);
  const commitTime = () =>
    commitWhen('matchTime', timeDraft, readMatchTime, TOURNAMENT_MESSAGES.timeFormat);

  const commitOnEnter = (event: KeyboardEvent<HTMLInputElement>, commit: () => void) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return (
    <article className={`${card.card} ${styles.editor}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={card.title}>
        {label}
      </h3>
      <div className={styles.rows}>
        {SLOTS.map((slot, side) => {
          const playerId = match[slot];
          const other = match[slot === 'team1Id' ? 'team2Id' : 'team1Id'];
          const won = playerId !== null && playerId === match.winnerId;
          const draft = scoreDrafts[side]!;
          return (
            <div key={slot} className={styles.row} data-winner={won || undefined}>
              <button
                type="button"
                className={styles.winner}
                aria-pressed={won}
                aria-label={
                  playerId === null
                    ? `Winner, player ${side + 1} of ${label} (no player yet)`
                    : `Winner: ${nameOf(playerId)}, ${label}`
                }
                aria-describedby={hinted && !ahead[side] ? hintId : undefined}
                // A winner stands on the score: only the player ahead can be marked.
                disabled={playerId === null || (!won && !ahead[side])}
                onClick={() => save({ winnerId: won ? null : playerId })}
              >
                <Trophy size={18} aria-hidden />
              </button>
              {/* A native list clips a long name to its box: the name is drawn beside it,
                  free to wrap, and the transparent list above it takes the taps and keys. */}
              <span className={styles.player}>
                <span className={styles.playerName} aria-hidden>
                  {playerId === null ? 'To be decided' : nameOf(playerId)}
                </span>
                <ChevronDown size={16} aria-hidden className={styles.chevron} />
                <select
                  className={styles.select}
                  aria-label={`Player ${side + 1}, ${label}`}
                  value={playerId ?? ''}
                  onChange={(event) => choosePlayer(slot, event.target.value)}
                >
                  <option value="">To be decided</option>
                  {participants.map((participant) => (
                    <option
                      key={participant.id}
                      value={participant.id}
                      disabled={participant.id === other}
                    >
                      {participant.username}
                    </option>
                  ))}
                </select>
              </span>
              <input
                className={styles.score}
                type="text"
                inputMode="numeric"
                maxLength={2}
                pattern="\d{1,2}"
                aria-label={`Score of player ${side + 1}, ${label}`}
                placeholder="–"
                value={draft.draft ?? sides[side]}
                onChange={(event) => draft.setDraft(event.target.value)}
                onBlur={() => draft.draft !== null && commitScore()}
                onKeyDown={(event) => commitOnEnter(event, commitScore)}
              />
            </div>
          );
        })}
      </div>
      {hinted && (
        <p id={hintId} className={styles.hint}>
          {ahead[0] || ahead[1]
            ? 'Mark the winner: the player ahead.'
            : 'Enter the score to mark a winner.'}
        </p>
      )}
      <div className={styles.when}>
        {/* Text, not the browser's date and time inputs, which write the browser's locale
            (12/04/2026, 08:00 PM): dates read dd.mm.yyyy and times hh:mm everywhere here. */}
        <input
          className={styles.date}
          type="text"
          inputMode="decimal"
          maxLength={10}
          placeholder="dd.mm.yyyy"
          aria-label={`Date, ${label}`}
          value={dateDraft.draft ?? (match.matchDate ? formatMatchDate(match.matchDate) : '')}
          onChange={(event) => dateDraft.setDraft(event.target.value)}
          onBlur={commitDate}
          onKeyDown={(event) => commitOnEnter(event, commitDate)}
        />
        <input
          className={styles.time}
          type="text"
          inputMode="decimal"
          maxLength={5}
          placeholder="hh:mm"
          aria-label={`Time, ${label}`}
          value={timeDraft.draft ?? match.matchTime ?? ''}
          onChange={(event) => timeDraft.setDraft(event.target.value)}
          onBlur={commitTime}
          onKeyDown={(event) => commitOnEnter(event, commitTime)}
        />
      </div>
    </article>
  );
}
