import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserSummary } from '@devplay/shared';
import { Avatar } from './avatar';
import styles from './user-row.module.css';
import { paths } from '../lib/paths';

type Person = Pick<UserSummary, 'username' | 'fullName' | 'avatar'>;

/** Avatar, full name and @username: how a person appears in every list. */
export function UserIdentity({ user, size = 'md' }: { user: Person; size?: 'sm' | 'md' }) {
  return (
    <span className={styles.identity}>
      <Avatar src={user.avatar} alt="" size={size} />
      <span className={styles.names}>
        <span className={styles.fullName}>{user.fullName || user.username}</span>
        <span className={styles.username}>@{user.username}</span>
      </span>
    </span>
  );
}

/** A person linking to their profile, with an optional action (a Subscribe button) beside it. */
export function UserRow({ user, action }: { user: Person; action?: ReactNode }) {
  return (
    <div className={styles.row}>
      <Link to={paths.user(user.username)} className={styles.link}>
        <UserIdentity user={user} />
      </Link>
      {action}
    </div>
  );
}
