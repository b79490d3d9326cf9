import { displayName, handle } from '@devplay/shared';
import type { ReactNode } from 'react';
import type { UserSummary } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { Card } from '../../../components/card';
import { coverStyle } from './cover';
import coverStyles from './cover.module.css';
import styles from './profile-header.module.css';

interface ProfileHeaderProps {
  user: UserSummary;
  /** Subscriber / subscription chips (with their popups, composed by the page). */
  stats?: ReactNode;
  /** Subscribe and Write a message on another's profile; Edit profile on one's own. */
  actions?: ReactNode;
  /** Beside the @username ('You are subscribed'). */
  marker?: ReactNode;
  /** Under everything: what stands between the viewer and this member (a block, their privacy). */
  notice?: ReactNode;
}

export function ProfileHeader({ user, stats, actions, marker, notice }: ProfileHeaderProps) {
  return (
    <Card flush className={styles.header} aria-labelledby="profile-name">
      <div className={`${coverStyles.cover} ${styles.cover}`} style={coverStyle(user.id)} />
      <div className={styles.body}>
        <Avatar src={user.avatar} alt="" size="lg" className={styles.avatar} />
        {actions && <div className={styles.actions}>{actions}</div>}
        <h1 id="profile-name" className={styles.name}>
          {displayName(user)}
        </h1>
        <p className={styles.username}>
          <span>{handle(user.username)}</span>
          {marker}
        </p>
        {stats && <div className={styles.stats}>{stats}</div>}
        {notice && <div className={styles.notice}>{notice}</div>}
      </div>
    </Card>
  );
}
