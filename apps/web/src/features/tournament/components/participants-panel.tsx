import { UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import type { Participant } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { MemberCombobox, type SearchMembers } from '../../../components/member-combobox';
import { SkeletonRow } from '../../../components/skeleton';
import { useToast } from '../../../components/toast-context';
import { UserRow } from '../../../components/user-row';
import { getErrorMessage } from '../../../lib/error-message';
import { tournamentKeys, useAddParticipant, useParticipants, useRemoveParticipant } from '../api';
import styles from './participants-panel.module.css';
import panels from './tournament-panels.module.css';

interface ParticipantsPanelProps {
  canEdit: boolean;
  /** The member search (the users feature's), handed in by the page. */
  search: SearchMembers;
}

const countText = (count: number) => `${count} ${count === 1 ? 'participant' : 'participants'}`;

/** SPEC §2 List of Participants: everyone sees it; admins add by member search and remove. */
export function ParticipantsPanel({ canEdit, search }: ParticipantsPanelProps) {
  const headingId = useId();
  const participants = useParticipants();
  const add = useAddParticipant();
  const remove = useRemoveParticipant();
  const toast = useToast();

  const addMember = (member: Participant) =>
    add.mutate(member.id, {
      onSuccess: (added) => toast.show(`${added.username} joined the tournament`),
      onError: (error) => toast.show(getErrorMessage(error), 'error'),
    });

  // Removing is asked first: one stray tap on a list of people should not take one out.
  const [leaving, setLeaving] = useState<Participant | null>(null);
  const ask = (member: Participant) => {
    remove.reset();
    setLeaving(member);
  };
  const removeMember = (member: Participant) =>
    remove.mutate(member.id, {
      onSuccess: () => {
        setLeaving(null);
        toast.show(`${member.username} left the tournament`);
      },
    });

  return (
    <div className={panels.panel}>
      {canEdit && (
        <FormField label="Add a participant" hint="Search members by username or name.">
          {(control) => (
            <MemberCombobox
              control={control}
              search={search}
              queryKey={tournamentKeys.memberSearch}
              onChoose={addMember}
              placeholder="Search members"
              listLabel="Members"
              emptyText="No members found"
              disabled={add.isPending}
            />
          )}
        </FormField>
      )}
      <section aria-labelledby={headingId} className={styles.section}>
        <h3 id={headingId} className={panels.heading}>
          {participants.data ? countText(participants.data.length) : 'Participants'}
        </h3>
        {participants.isError ? (
          <Alert tone="error">{getErrorMessage(participants.error)}</Alert>
        ) : !participants.data ? (
          <div aria-busy="true" aria-label="Loading participants">
            <SkeletonRow />
            <SkeletonRow />
            <SkeletonRow />
          </div>
        ) : participants.data.length === 0 ? (
          <p className={panels.empty}>
            {canEdit
              ? 'No participants yet. Add members with the search above.'
              : 'No participants yet.'}
          </p>
        ) : (
          <ul className={styles.list} aria-labelledby={headingId}>
            {participants.data.map((participant) => (
              <li key={participant.id} className={styles.item}>
                <UserRow
                  user={participant}
                  action={
                    canEdit && (
                      <Button
                        variant="ghost"
                        onClick={() => ask(participant)}
                        aria-label={`Remove ${participant.username}`}
                      >
                        <UserMinus size={16} aria-hidden />
                        <span className={styles.removeText}>Remove</span>
                      </Button>
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {leaving && (
        <ConfirmDialog
          open
          title={`Remove ${leaving.username} from the tournament?`}
          confirmLabel="Remove"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => removeMember(leaving)}
          onClose={() => setLeaving(null)}
        />
      )}
    </div>
  );
}
