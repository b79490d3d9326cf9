import {
  ERROR_CODES,
  MEMBER_STATUSES,
  memberDeletionRefusal,
  REGISTRATION_TEXTS,
  type AdminUser,
  type MemberStatus,
} from '@devplay/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { useApproval, useSuspension } from '../api';
import { deleteQuestions } from '../delete-questions';
import { isStatus, STATUS_LABELS } from '../member-status';
import { AdminListPanel } from './admin-list-panel';
import { UserRow, type Decisions } from './admin-user-row';
import styles from './admin.module.css';
import { SuspendDialog } from './suspend-dialog';

/** The row's short word for why the server would refuse deleting this member, or null. */
function refusalLabel(myId: number | undefined, user: AdminUser) {
  const refusal = memberDeletionRefusal(myId, user);
  if (!refusal) return null;
  return refusal.code === ERROR_CODES.cannotDeleteSelf ? 'You' : 'Admin';
}

function StatusFilter({
  value,
  onChange,
}: {
  value: MemberStatus | '';
  onChange: (status: MemberStatus | '') => void;
}) {
  return (
    <FormField label="Status">
      {(control) => (
        <select
          {...control}
          className={styles.select}
          value={value}
          onChange={(event) => onChange(isStatus(event.target.value) ? event.target.value : '')}
        >
          <option value="">All members</option>
          {MEMBER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * Users tab: avatar, username, e-mail, status, verified, admin, joined, posts and balance; the
 * Status filter finds the members waiting for approval, each with Approve and Reject; an active
 * member can be suspended, a suspended one let back in.
 */
export function UsersPanel({ myId }: { myId: number | undefined }) {
  const [status, setStatus] = useState<MemberStatus | ''>('');
  const { approve, reject } = useApproval();
  const { unsuspend } = useSuspension();
  const toast = useToast();
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const tell = {
    onSuccess: (answer: { message: string }) => toast.show(answer.message, 'success'),
    onError: (error: unknown) => toast.show(getErrorMessage(error), 'error'),
  };

  const decisions: Decisions = {
    approving: approve.isPending ? (approve.variables ?? null) : null,
    onApprove: (user) => approve.mutate(user.id, tell),
    onReject: setRejecting,
    unsuspending: unsuspend.isPending ? (unsuspend.variables ?? null) : null,
    onSuspend: setSuspending,
    onUnsuspend: (user) => unsuspend.mutate(user.id, tell),
  };
  const closeReject = () => {
    setRejecting(null);
    reject.reset();
  };
  const confirmReject = () => {
    if (!rejecting) return;
    reject.mutate(rejecting.id, {
      onSuccess: (answer) => {
        toast.show(answer.message, 'success');
        closeReject();
      },
    });
  };

  return (
    <>
      <AdminListPanel<AdminUser>
        kind="users"
        noun="users"
        searchLabel="Search users by name or e-mail"
        loadError="Error loading users"
        renderRow={(user) => <UserRow user={user} decisions={decisions} />}
        refusal={(user) => refusalLabel(myId, user)}
        deleteLabel={(user) => `Delete user ${user.username}`}
        question={deleteQuestions.user}
        filter={{
          value: { status },
          control: <StatusFilter value={status} onChange={setStatus} />,
          emptyText: status ? `No ${STATUS_LABELS[status].toLowerCase()} users.` : null,
        }}
      />
      <ConfirmDialog
        open={rejecting !== null}
        title={REGISTRATION_TEXTS.rejectQuestion(rejecting?.username ?? '')}
        confirmLabel="Reject"
        pending={reject.isPending}
        error={reject.error}
        onConfirm={confirmReject}
        onClose={closeReject}
      >
        {REGISTRATION_TEXTS.rejectExplained}
      </ConfirmDialog>
      {suspending && <SuspendDialog user={suspending} onClose={() => setSuspending(null)} />}
    </>
  );
}
