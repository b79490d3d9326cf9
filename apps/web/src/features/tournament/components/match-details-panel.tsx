import { Map as MapIcon } from 'lucide-react';
import { useId } from 'react';
import {
  type GameMap,
  type Match,
  matchLabel,
  type MatchMaps,
  type Participant,
  TOURNAMENT_LIMITS,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { useMaps, useMatches, useMatchMaps, useParticipants, useSaveMatchMaps } from '../api';
import { bracketOf } from '../bracket-model';
import { MatchWhen } from './match-when';
import styles from './match-details-panel.module.css';
import panels from './tournament-panels.module.css';

const SLOTS = ['map1', 'map2', 'map3'] as const;
type MapSlot = (typeof SLOTS)[number];

interface MatchMapsCardProps {
  match: Match;
  chosen: MatchMaps | undefined;
  maps: readonly GameMap[];
  players: ReadonlyMap<number, Participant>;
  onSave?: (input: MatchMaps) => void;
}

function MatchMapsCard({ match, chosen, maps, players, onSave }: MatchMapsCardProps) {
  const titleId = useId();
  const label = matchLabel(match.round, match.matchIndex);
  const name = (id: number | null) =>
    id === null ? 'To be decided' : (players.get(id)?.username ?? 'Unknown player');
  const picks = {
    map1: chosen?.map1 ?? null,
    map2: chosen?.map2 ?? null,
    map3: chosen?.map3 ?? null,
  };
  const mapOf = (id: number | null) => maps.find((map) => map.id === id);
  const exists = match.id > 0;

  const choose = (slot: MapSlot, value: string) =>
    onSave?.({ matchId: match.id, ...picks, [slot]: value === '' ? null : Number(value) });

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          {label}
        </h3>
        <p className={styles.players}>
          {name(match.team1Id)} <span className={styles.vs}>vs</span> {name(match.team2Id)}
        </p>
        <p className={styles.when}>
          <MatchWhen match={match} />
        </p>
      </header>
      {!exists ? (
        <p className={styles.note}>
          Not set up yet: maps can be chosen once the match has players.
        </p>
      ) : onSave ? (
        <div className={styles.selects}>
          {SLOTS.map((slot, index) => (
            <label key={slot} className={styles.field}>
              <span className={styles.fieldLabel}>Map {index + 1}</span>
              <select
                className={styles.select}
                value={picks[slot] ?? ''}
                aria-label={`Map ${index + 1}, ${label}`}
                onChange={(event) => choose(slot, event.target.value)}
              >
                <option value="">Not chosen</option>
                {maps.map((map) => (
                  <option
                    key={map.id}
                    value={map.id}
                    disabled={SLOTS.some((other) => other !== slot && picks[other] === map.id)}
                  >
                    {map.name}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      ) : SLOTS.every((slot) => picks[slot] === null) ? (
        <p className={styles.note}>No maps chosen yet.</p>
      ) : (
        <ol className={styles.maps}>
          {SLOTS.map((slot, index) => {
            const map = mapOf(picks[slot]);
            return (
              <li key={slot} className={styles.map}>
                <span className={styles.fieldLabel}>Map {index + 1}</span>
                <span className={styles.mapName}>
                  <MapIcon size={16} aria-hidden />
                  {map?.name ?? (picks[slot] === null ? 'Not chosen' : 'Unknown map')}
                </span>
                {map?.description && <span className={styles.description}>{map.description}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </article>
  );
}

/** SPEC §2 Match Details: up to 3 maps of the pool per match; admins choose, all see. */
export function MatchDetailsPanel({ canEdit }: { canEdit: boolean }) {
  const matches = useMatches();
  const participants = useParticipants();
  const maps = useMaps();
  const matchMaps = useMatchMaps();
  const toast = useToast();
  const save = useSaveMatchMaps({
    onRefused: (error) => toast.show(getErrorMessage(error), 'error'),
  });
  const failed = [matches, participants, maps, matchMaps].find((query) => query.isError);

  if (failed) return <Alert tone="error">{getErrorMessage(failed.error)}</Alert>;
  if (!matches.data || !participants.data || !maps.data || !matchMaps.data) {
    return (
      <div className={panels.loading} aria-busy="true" aria-label="Loading match details">
        <Skeleton height={96} />
        <Skeleton height={96} />
      </div>
    );
  }

  const players = new Map(participants.data.map((participant) => [participant.id, participant]));
  const slots = bracketOf(matches.data).flatMap((round) => round.matches);

  return (
    <div className={panels.panel}>
      <p className={panels.hint}>
        Up to {TOURNAMENT_LIMITS.mapsPerMatch} maps per match, from the pool:{' '}
        {maps.data.map((map) => map.name).join(', ')}.{canEdit && ' Choices are saved at once.'}
      </p>
      <div className={styles.grid}>
        {slots.map((match) => (
          <MatchMapsCard
            key={`${match.round}-${match.matchIndex}`}
            match={match}
            chosen={matchMaps.data.find((entry) => entry.matchId === match.id)}
            maps={maps.data}
            players={players}
            onSave={canEdit ? (input) => save.mutate(input) : undefined}
          />
        ))}
      </div>
    </div>
  );
}
