import {
  ERROR_CODES,
  MEMBER_STATUSES,
  memberDeletionRefusal,
  REGISTRATION_TEXTS,
  type AdminUser,
  type MemberStatus,
} from '@devplay/shared';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date-time';
import { formatEuro } from '../../../lib/format-euro';
import { paths } from '../../../lib/paths';
import { useApproval } from '../api';
import { deleteQuestions, plural } from '../delete-questions';
import { AdminListPanel } from './admin-list-panel';
import styles from './admin.module.css';

const STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  suspended: 'Suspended',
};

const isStatus = (value: string): value is MemberStatus =>
  (MEMBER_STATUSES as readonly string[]).includes(value);

/** The Status column: Active, Pending, or Suspended (until when, if it ends by itself). */
function statusText(user: AdminUser) {
  if (user.status === 'suspended' && user.suspendedUntil) {
    return `Suspended until ${formatDateTime(user.suspendedUntil)}`;
  }
  return STATUS_LABELS[user.status];
}

const STATUS_BADGE: Record<MemberStatus, string | undefined> = {
  active: styles.badgeOk,
  pending: styles.badgeWarning,
  suspended: styles.badgeDanger,
};

interface Decisions {
  onApprove: (user: AdminUser) => void;
  onReject: (user: AdminUser) => void;
  /** The member whose approval is on its way: their buttons wait. */
  approving: number | null;
}

function UserRow({ user, decisions }: { user: AdminUser; decisions: Decisions }) {
  return (
    <div className={styles.userRow}>
      <Avatar src={user.avatar} alt="" size="md" />
      <div className={styles.main}>
        <Link to={paths.user(user.username)} className={styles.name}>
          {user.username}
        </Link>
        <span className={styles.meta}>{user.email}</span>
        <span className={styles.meta}>
          Joined {formatDateTime(user.createdAt)} · {plural(user.posts_count, 'post')} ·{' '}
          {formatEuro(user.balance)}
        </span>
        <span className={styles.badges}>
          <span className={STATUS_BADGE[user.status]}>
            <span className="visually-hidden">Status: </span>
            {statusText(user)}
          </span>
          <span className={user.isVerified ? styles.badgeOk : styles.badge}>
            {user.isVerified ? 'Verified' : 'Not verified'}
          </span>
          {user.isAdmin && <span className={styles.badgeAccent}>Admin</span>}
        </span>
        {user.status === 'pending' && (
          <span className={styles.decisions}>
            <Button
              size="sm"
              loading={decisions.approving === user.id}
              aria-label={`Approve ${user.username}`}
              onClick={() => decisions.onApprove(user)}
            >
              <Check size={16} aria-hidden />
              Approve
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={decisions.approving === user.id}
              aria-label={`Reject ${user.username}`}
              onClick={() => decisions.onReject(user)}
            >
              <X size={16} aria-hidden />
              Reject
            </Button>
          </span>
        )}
      </div>
    </div>
  );
}

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
 * Status filter finds the members waiting for approval, each with Approve and Reject.
 */
export function UsersPanel({ myId }: { myId: number | undefined }) {
  const [status, setStatus] = useState<MemberStatus | ''>('');
  const { approve, reject } = useApproval();
  const toast = useToast();
  const [rejecting, setRejecting] = useState<AdminUser | null>(null);

  const decisions: Decisions = {
    approving: approve.isPending ? (approve.variables ?? null) : null,
    onApprove: (user) =>
      approve.mutate(user.id, {
        onSuccess: (answer) => toast.show(answer.message, 'success'),
        onError: (error) => toast.show(getErrorMessage(error), 'error'),
      }),
    onReject: setRejecting,
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
    </>
  );
}
