import { RotateCw, Trash2, X } from 'lucide-react';
import type { Message, UserSummary } from '@devplay/shared';
import { LinkedText } from '../../../components/linked-text';
import { MemberActions } from '../../../components/member-actions';
import { formatDateTime } from '../../../lib/format-date-time';
import type { ChatItem } from '../chat-items';
import { formatClock } from '../chat-time';
import type { OutgoingMessage } from '../message-cache';
import styles from './message-log.module.css';

export interface BubbleActions {
  onDelete: (message: Message) => void;
  onRetry: (item: OutgoingMessage) => void;
  onDiscard: (item: OutgoingMessage) => void;
  /** The other member, whose messages may be reported; whether the viewer blocks them. */
  peer?: { member: UserSummary; blocked?: boolean };
}

/** One message: own ones on the right in the accent colour, the peer's on the left. */
export function MessageBubble({ item, actions }: { item: ChatItem; actions: BubbleActions }) {
  const { own, deletable, text, createdAt, message, outgoing, seen } = item;
  const time = formatDateTime(createdAt);
  const className = [
    styles.item,
    own ? styles.own : styles.theirs,
    outgoing && styles[outgoing.status],
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li className={className}>
      <div className={styles.row}>
        {deletable && message && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Delete your message of ${time}`}
            onClick={() => actions.onDelete(message)}
          >
            <Trash2 size={16} aria-hidden />
          </button>
        )}
        {!own && message && actions.peer && (
          <MemberActions
            member={actions.peer.member}
            blocked={actions.peer.blocked}
            on="message"
            report={{ targetType: 'message', targetId: message.id }}
            label={time}
            className={styles.iconButton}
          />
        )}
        <div className={styles.bubble}>
          <p className={styles.text}>
            <LinkedText text={text} />
          </p>
          <p className={styles.meta}>
            {/* The day is its separator's; the buttons' names keep the whole date. */}
            <time dateTime={createdAt}>{formatClock(createdAt)}</time>
            {seen && <span className={styles.seen}>· Seen</span>}
            {outgoing?.status === 'sending' && <span>· Sending...</span>}
            {outgoing?.status === 'failed' && <span className={styles.notSent}>· Not sent</span>}
          </p>
        </div>
      </div>
      {outgoing?.status === 'failed' && (
        <div className={styles.failedActions}>
          <button
            type="button"
            className={styles.textButton}
            onClick={() => actions.onRetry(outgoing)}
          >
            <RotateCw size={14} aria-hidden />
            Retry
          </button>
          <button
            type="button"
            className={styles.textButton}
            onClick={() => actions.onDiscard(outgoing)}
          >
            <X size={14} aria-hidden />
            Remove
          </button>
        </div>
      )}
    </li>
  );
}
