import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserSummary } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { UserIdentity } from '../../../components/user-row';
import styles from './chat.module.css';
import { paths } from '../../../lib/paths';

interface ChatHeaderProps {
  peer: UserSummary | null;
  /** What may be done about the peer (block), at the far end. */
  actions?: ReactNode;
}

/** Who the chat is with, linking to their profile; without a known peer, a neutral title. */
export function ChatHeader({ peer, actions }: ChatHeaderProps) {
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
      {actions && <div className={styles.headerActions}>{actions}</div>}
    </header>
  );
}
