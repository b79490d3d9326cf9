import { formatEuro } from '@devplay/shared';
import type { AdminUser, MemberStatus } from '@devplay/shared';
import { Ban, Check, RotateCcw, X } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { SoftBreaks } from '../../../components/soft-breaks';
import { formatDateTime } from '../../../lib/format-date-time';
import { paths } from '../../../lib/paths';
import { plural } from '../delete-questions';
import { STATUS_LABELS } from '../member-status';
import styles from './admin.module.css';

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

export interface Decisions {
  onApprove: (user: AdminUser) => void;
  onReject: (user: AdminUser) => void;
  /** The member whose approval is on its way: their buttons wait. */
  approving: number | null;
  onSuspend: (user: AdminUser) => void;
  onUnsuspend: (user: AdminUser) => void;
  /** The member whose suspension is being lifted. */
  unsuspending: number | null;
}

/** Suspend for an active member, Unsuspend for a suspended one; admins are never suspended. */
function SuspensionButton({ user, decisions }: { user: AdminUser; decisions: Decisions }) {
  if (user.status === 'suspended') {
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={decisions.unsuspending === user.id}
        aria-label={`Unsuspend ${user.username}`}
        onClick={() => decisions.onUnsuspend(user)}
      >
        <RotateCcw size={16} aria-hidden />
        Unsuspend
      </Button>
    );
  }
  if (user.status !== 'active' || user.isAdmin) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Suspend ${user.username}`}
      onClick={() => decisions.onSuspend(user)}
    >
      <Ban size={16} aria-hidden />
      Suspend
    </Button>
  );
}

export function UserRow({ user, decisions }: { user: AdminUser; decisions: Decisions }) {
  return (
    <div className={styles.userRow}>
      <Avatar src={user.avatar} alt="" size="md" />
      <div className={styles.main}>
        <Link to={paths.user(user.username)} className={styles.name}>
          <SoftBreaks text={user.username} />
        </Link>
        <span className={styles.meta}>
          <SoftBreaks text={user.email} />
        </span>
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
        {user.status !== 'pending' && (
          <span className={styles.decisions}>
            <SuspensionButton user={user} decisions={decisions} />
          </span>
        )}
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
