import { Lock, Dices, RotateCcw, Shuffle, Swords, ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { MATCHES_PER_ROUND, type Participant } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { useApplyPairs, useMatches } from '../api';
import { primaryAction } from '../draw-machine';
import type { DrawSession } from '../use-draw';
import styles from './draw-panel.module.css';
import panels from './tournament-panels.module.css';

const ROUND1_MATCHES = MATCHES_PER_ROUND.round1;

/** A member's draw runs on their screen only: said before they roll, not discovered after. */
const PRACTICE_NOTE =
  'Practice draw: it runs on your screen only and changes nothing in the tournament. ' +
  'The admins make the real draw; its pairs are in the Tournament Table.';

function Player({ player, lit = false }: { player: Participant; lit?: boolean }) {
  return (
    <span className={styles.player} data-lit={lit || undefined}>
      <Avatar src={player.avatar} alt="" size="sm" />
      <span className={styles.playerName}>{player.username}</span>
    </span>
  );
}

/**
 * SPEC §2 Rondom, the draw (§4): a roll through the remaining players, a pair at a time, or all
 * at once. Everyone may try it; only admins can put the locked pairs into round 1, so for members
 * it is a practice draw and says so.
 */
export function DrawPanel({ draw, canEdit }: { draw: DrawSession; canEdit: boolean }) {
  const { machine, state } = draw;
  const poolId = useId();
  const pairsId = useId();
  const toast = useToast();
  const matches = useMatches();
  const apply = useApplyPairs();
  const [confirming, setConfirming] = useState(false);
  const primary = primaryAction(state);
  const rolling = state.roll !== null;
  const [first, second] = state.current;
  const applied = state.pairs.slice(0, ROUND1_MATCHES);
  const round1Taken = (matches.data ?? []).some(
    (match) => match.round === 'round1' && (match.team1Id !== null || match.team2Id !== null),
  );
  const total = state.pool.length + state.current.length + state.pairs.length * 2;

  const runApply = () =>
    apply.mutate(
      applied.map(([a, b]) => [a.id, b.id] as const),
      {
        onSuccess: () => {
          setConfirming(false);
          toast.show(
            `Round 1 now has ${applied.length} ${applied.length === 1 ? 'pair' : 'pairs'} from the draw`,
          );
        },
      },
    );

  let status = '';
  if (rolling) status = 'Drawing…';
  else if (state.current.length === 2)
    status = `${first?.username} vs ${second?.username}: lock the pair`;
  else if (first) status = `${first.username} drawn`;

  if (draw.error) return <Alert tone="error">{getErrorMessage(draw.error)}</Alert>;
  if (draw.loading) {
    return (
      <div className={panels.loading} aria-busy="true" aria-label="Loading participants">
        <Skeleton height={160} />
      </div>
    );
  }
  if (total === 0) {
    return (
      <p className={panels.empty}>No participants yet: the draw starts once there are some.</p>
    );
  }

  return (
    <div className={`${panels.panel} ${styles.draw}`}>
      {!canEdit && <Alert tone="info">{PRACTICE_NOTE}</Alert>}
      <div className={styles.stage}>
        <div className={styles.pair} aria-label="Current pair" role="group">
          {[first, second].map((player, index) => (
            <div key={index} className={styles.seat} data-filled={player ? true : undefined}>
              {player ? <Player player={player} /> : <span className={styles.unknown}>?</span>}
            </div>
          ))}
          <span className={styles.versus} aria-hidden="true">
            <Swords size={20} />
          </span>
        </div>
        <p className={styles.status} role="status" aria-live="polite">
          {status}
        </p>
        <div className={styles.actions}>
          <Button onClick={machine.primary} disabled={!primary.enabled} loading={rolling}>
            {primary.label === 'Lock pair' ? (
              <Lock size={16} aria-hidden />
            ) : (
              !rolling && <Dices size={16} aria-hidden />
            )}
            {primary.label}
          </Button>
          <Button
            variant="secondary"
            onClick={machine.shuffleAndPairAll}
            disabled={state.pool.length + state.current.length < 2}
          >
            <Shuffle size={16} aria-hidden />
            Shuffle &amp; Pair All
          </Button>
          <Button variant="ghost" onClick={machine.reset}>
            <RotateCcw size={16} aria-hidden />
            Reset
          </Button>
        </div>
      </div>

      <section aria-labelledby={poolId} className={styles.section}>
        <h3 id={poolId} className={panels.heading}>
          Pool <span className={styles.count}>({state.pool.length} left)</span>
        </h3>
        {state.pool.length === 0 ? (
          <p className={styles.note}>Everyone has been drawn.</p>
        ) : (
          <ul className={styles.pool}>
            {state.pool.map((player) => (
              <li key={player.id}>
                <Player player={player} lit={state.roll?.highlightId === player.id} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={pairsId} className={styles.section}>
        <div className={panels.toolbar}>
          <h3 id={pairsId} className={panels.heading}>
            Pairs <span className={styles.count}>({state.pairs.length})</span>
          </h3>
          {canEdit && (
            <Button
              variant="primary"
              size="sm"
              disabled={state.pairs.length === 0 || rolling}
              onClick={() => setConfirming(true)}
            >
              <ListChecks size={16} aria-hidden />
              Apply to round 1
            </Button>
          )}
        </div>
        {state.pairs.length === 0 ? (
          <p className={styles.note}>Locked pairs appear here.</p>
        ) : (
          <ol className={styles.pairs}>
            {state.pairs.map(([a, b], index) => (
              <li key={`${a.id}-${b.id}`} className={styles.pairRow}>
                <span className={styles.pairNumber}>
                  {index < ROUND1_MATCHES ? `Match ${index + 1}` : 'Reserve'}
                </span>
                <Player player={a} />
                <span className={styles.vs}>vs</span>
                <Player player={b} />
              </li>
            ))}
          </ol>
        )}
      </section>

      {canEdit && (
        <ConfirmDialog
          open={confirming}
          title="Apply the pairs to round 1?"
          confirmLabel="Apply to round 1"
          variant="primary"
          pending={apply.isPending}
          error={apply.error}
          onConfirm={runApply}
          onClose={() => {
            setConfirming(false);
            apply.reset();
          }}
        >
          <p>
            Pair{' '}
            {applied.length === 1
              ? '1 becomes match 1'
              : `1 to ${applied.length} become matches 1 to ${applied.length}`}{' '}
            of round 1.
            {round1Taken &&
              ' The players, scores and winners there now are replaced; dates and times stay.'}
            {state.pairs.length > ROUND1_MATCHES &&
              ` Round 1 has ${ROUND1_MATCHES} matches: the pairs after the ${ROUND1_MATCHES}th are left out.`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
