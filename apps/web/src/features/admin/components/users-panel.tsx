import { ERROR_CODES, memberDeletionRefusal, type AdminUser } from '@devplay/shared';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { formatDateTime } from '../../../lib/format-date-time';
import { paths } from '../../../lib/paths';
import { deleteQuestions, plural } from '../delete-questions';
import { formatEuro } from '../../../lib/format-euro';
import { AdminListPanel } from './admin-list-panel';
import styles from './admin.module.css';

function UserRow({ user }: { user: AdminUser }) {
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
          <span className={user.isVerified ? styles.badgeOk : styles.badge}>
            {user.isVerified ? 'Verified' : 'Not verified'}
          </span>
          {user.isAdmin && <span className={styles.badgeAccent}>Admin</span>}
        </span>
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

/** Users tab: avatar, username, e-mail, verified, admin, joined, posts and balance. */
export function UsersPanel({ myId }: { myId: number | undefined }) {
  return (
    <AdminListPanel<AdminUser>
      kind="users"
      noun="users"
      searchLabel="Search users by name or e-mail"
      loadError="Error loading users"
      renderRow={(user) => <UserRow user={user} />}
      refusal={(user) => refusalLabel(myId, user)}
      deleteLabel={(user) => `Delete user ${user.username}`}
      question={deleteQuestions.user}
    />
  );
}
