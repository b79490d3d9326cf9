import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { TOURNAMENT_MESSAGES } from '@devplay/shared';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { useMatches, useParticipants, useResetBracket, useSaveMatch } from '../api';
import { Bracket } from './bracket';
import styles from './tournament-panels.module.css';

/** SPEC §2 Tournament Table: the bracket; admins edit it in place and may reset it. */
export function TournamentTable({ canEdit }: { canEdit: boolean }) {
  const matches = useMatches();
  const participants = useParticipants();
  const toast = useToast();
  const refused = (error: unknown) => toast.show(getErrorMessage(error), 'error');
  const save = useSaveMatch({ onRefused: refused });
  const reset = useResetBracket();
  const [confirming, setConfirming] = useState(false);

  if (matches.isError || participants.isError) {
    return (
      <RetryAlert
        text={TOURNAMENT_MESSAGES.errorLoadingBracket}
        onRetry={() => void Promise.all([matches.refetch(), participants.refetch()])}
      />
    );
  }
  if (!matches.data || !participants.data) {
    return (
      <div className={styles.loading} aria-busy="true" aria-label="Loading the bracket">
        <Skeleton height={120} />
        <Skeleton height={120} />
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <p className={styles.hint}>
          {canEdit
            ? 'Changes are saved at once. Mark the winner with the trophy: they move on to the next round.'
            : 'Winners move on to the next round. The table updates by itself.'}
        </p>
        {canEdit && (
          <Button
            variant="danger"
            size="sm"
            onClick={() => setConfirming(true)}
            disabled={matches.data.length === 0}
          >
            <RotateCcw size={16} aria-hidden />
            Reset Bracket
          </Button>
        )}
      </div>
      <Bracket
        matches={matches.data}
        participants={participants.data}
        editing={
          canEdit
            ? {
                onSave: (input) => save.mutate(input),
                onInvalid: (text) => toast.show(text, 'error'),
              }
            : undefined
        }
      />
      {canEdit && (
        <ConfirmDialog
          open={confirming}
          title="Reset the bracket?"
          confirmLabel="Reset Bracket"
          pending={reset.isPending}
          error={reset.error}
          onConfirm={() =>
            reset.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                toast.show(TOURNAMENT_MESSAGES.bracketReset);
              },
            })
          }
          onClose={() => {
            setConfirming(false);
            reset.reset();
          }}
        >
          <p>
            All 7 matches are deleted, with their players, scores, winners, dates, times and chosen
            maps. The participants stay.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
