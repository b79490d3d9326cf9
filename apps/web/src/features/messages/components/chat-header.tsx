import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { UserSummary } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { UserIdentity } from '../../../components/user-row';
import styles from './chat.module.css';
import { paths } from '../../../lib/paths';

/** Who the chat is with, linking to their profile; without a known peer, a neutral title. */
export function ChatHeader({ peer }: { peer: UserSummary | null }) {
  return (
    <header className={styles.header}>
      <Link to={paths.messages} className={styles.back} aria-label="Back to messages">
        <ArrowLeft size={20} aria-hidden />
      </Link>
      <h1 className={styles.heading}>
        {peer ? (
          <Link to={paths.user(peer.username)} className={styles.peer}>
            <UserIdentity user={peer} size="sm" />
          </Link>
        ) : (
          <span className={styles.peer}>
            <Avatar src={null} alt="" size="sm" />
            <span>Conversation</span>
          </span>
        )}
      </h1>
    </header>
  );
}
