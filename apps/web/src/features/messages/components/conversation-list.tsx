import { Trash2, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Conversation, displayName, handle, MESSAGE_MESSAGES } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { Card } from '../../../components/card';
import { RetryAlert } from '../../../components/retry-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CountBadge } from '../../../components/count-badge';
import { SkeletonRow } from '../../../components/skeleton';
import { getErrorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date-time';
import { useDrawnLater } from '../../../lib/use-drawn-later';
import { useDeleteConversation } from '../api';
import { useConversations } from '../conversations-query';
import { chatLinkState, peerFromConversation } from '../chat-peer';
import pageTitle from '../../../components/page-title.module.css';
import styles from './conversation-list.module.css';
import { paths } from '../../../lib/paths';

const SKELETON_ROWS = 4;

/** SPEC §2 /message: one row per conversation, newest first, unread ones marked. */
export function ConversationList() {
  const conversations = useConversations();
  const deleteConversation = useDeleteConversation();
  const [toDelete, setToDelete] = useState<Conversation | null>(null);
  const list = useDrawnLater(conversations.data);

  const close = () => {
    setToDelete(null);
    deleteConversation.reset();
  };
  const confirm = () =>
    toDelete && deleteConversation.mutate(toDelete.userId, { onSuccess: () => setToDelete(null) });

  return (
    <>
      <h1 id="messages-title" className={pageTitle.title}>
        {MESSAGE_MESSAGES.title}
      </h1>
      <Card aria-labelledby="messages-title">
        {list === undefined && !conversations.isError && <ConversationSkeleton />}
        {conversations.isError && !list && (
          <RetryAlert
            text={getErrorMessage(conversations.error)}
            onRetry={() => void conversations.refetch()}
          />
        )}
        {list?.length === 0 && (
          <div className={styles.empty}>
            <p>{MESSAGE_MESSAGES.empty}</p>
            {/* Users to follow live on the home page; each opens a profile with 'Write a message'. */}
            <Link to={paths.home} className={styles.nextStep}>
              <UserSearch size={18} aria-hidden />
              Find people to write to
            </Link>
          </div>
        )}
        {list && list.length > 0 && (
          <ul className={styles.list}>
            {list.map((conversation) => (
              <ConversationRow
                key={conversation.userId}
                conversation={conversation}
                onDelete={() => setToDelete(conversation)}
              />
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={toDelete !== null}
          title="Delete this conversation?"
          confirmLabel="Delete"
          pending={deleteConversation.isPending}
          error={deleteConversation.error}
          onConfirm={confirm}
          onClose={close}
        >
          <p>
            The conversation with @{toDelete?.username} leaves your list until a new message
            arrives. @{toDelete?.username} keeps their copy.
          </p>
        </ConfirmDialog>
      </Card>
    </>
  );
}

interface ConversationRowProps {
  conversation: Conversation;
  onDelete: () => void;
}

function ConversationRow({ conversation, onDelete }: ConversationRowProps) {
  const { userId, username, avatar, lastMessage, lastMessageTime, unread } = conversation;
  return (
    <li className={[styles.row, unread > 0 && styles.unread].filter(Boolean).join(' ')}>
      <Link
        to={paths.chat(userId)}
        state={chatLinkState(peerFromConversation(conversation))}
        className={styles.link}
      >
        <Avatar src={avatar} alt="" />
        <span className={styles.body}>
          <span className={styles.who}>
            <span className={styles.name}>{displayName(conversation)}</span>
            <span className={styles.username}>{handle(username)}</span>
          </span>
          <time className={styles.time} dateTime={lastMessageTime}>
            {formatDateTime(lastMessageTime)}
          </time>
          <span className={styles.preview}>{lastMessage}</span>
          <CountBadge count={unread} className={styles.badge} />
        </span>
      </Link>
      <button
        type="button"
        className={styles.delete}
        aria-label={`Delete conversation with ${username}`}
        onClick={onDelete}
      >
        <Trash2 size={18} aria-hidden />
      </button>
    </li>
  );
}

function ConversationSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <li key={index}>
            <SkeletonRow className={styles.skeletonRow} />
          </li>
        ))}
      </ul>
    </div>
  );
}
