import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  type Conversation,
  displayName,
  type Message,
  MESSAGE_MESSAGES,
  type UserSummary,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MemberActions } from '../../../components/member-actions';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { messageRefusal } from '../../../lib/member-standing';
import { useProfile } from '../../../lib/profile-query';
import { useSession } from '../../../lib/session';
import { messageKeys, useChat, useDeleteMessage, useOutbox, useSendMessage } from '../api';
import { toChatItems } from '../chat-items';
import { peerFromConversation, peerFromMessages } from '../chat-peer';
import { chatMessages } from '../message-cache';
import { useReadWhileOpen } from '../use-messages-live';
import { ChatHeader } from './chat-header';
import { MessageComposer } from './message-composer';
import { MessageLog } from './message-log';
import styles from './chat.module.css';

interface ChatViewProps {
  peerId: number;
  /** The peer as the link into the chat described them, for a chat with no messages yet. */
  peerHint: UserSummary | null;
}

/** SPEC §2 /message/{userId}: the history, newest at the bottom, and the composer under it. */
export function ChatView({ peerId, peerHint }: ChatViewProps) {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const chat = useChat(peerId);
  const outbox = useOutbox(peerId);
  const sender = useSendMessage(peerId);
  const deleteMessage = useDeleteMessage(peerId);
  const [toDelete, setToDelete] = useState<Message | null>(null);
  useReadWhileOpen(peerId);

  const messages = useMemo(() => chatMessages(chat.data), [chat.data]);
  const items = useMemo(
    () => (me ? toChatItems(messages, outbox, me.id) : []),
    [messages, outbox, me],
  );
  const listed = queryClient
    .getQueryData<Conversation[]>(messageKeys.conversations())
    ?.find((entry) => entry.userId === peerId);
  const peer =
    peerFromMessages(messages, peerId) ??
    (listed ? peerFromConversation(listed) : null) ??
    peerHint;
  const peerName = peer ? displayName(peer) : null;
  const isSelf = !!me && peerId === me.id;
  // Whether the peer takes the viewer's messages: the composer gives way to the reason if not.
  const peerUsername = peer && !isSelf ? peer.username : '';
  const profile = useProfile(peerUsername);
  const standing = profile.data;
  const refusal = standing ? messageRefusal(standing) : null;
  const lastFailure = outbox.findLast((item) => item.status === 'failed');
  // A refused message may mean a block or a privacy change since the chat opened: asking again
  // lets the composer give way to the reason.
  const { refetch: readStandingAgain } = profile;
  const failedId = lastFailure?.clientId;
  useEffect(() => {
    if (failedId && peerUsername) void readStandingAgain();
  }, [failedId, peerUsername, readStandingAgain]);

  const closeDelete = () => {
    setToDelete(null);
    deleteMessage.reset();
  };
  const confirmDelete = () =>
    toDelete && deleteMessage.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });

  let body;
  if (isSelf) {
    body = <Alert tone="info">{MESSAGE_MESSAGES.toSelf}</Alert>;
  } else if (chat.isPending) {
    body = (
      <div className={styles.state}>
        <Spinner size="lg" />
      </div>
    );
  } else if (chat.isError && !chat.data) {
    const notFound = chat.error instanceof ApiRequestError && chat.error.status === 404;
    body = (
      <div className={styles.state}>
        <Alert tone="error">
          {notFound ? MESSAGE_MESSAGES.userNotFound : getErrorMessage(chat.error)}
        </Alert>
        {!notFound && (
          <Button variant="secondary" onClick={() => void chat.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <MessageLog
          items={items}
          label={peerName ? `Messages with ${peerName}` : 'Messages'}
          actions={{
            onDelete: setToDelete,
            onRetry: sender.retry,
            onDiscard: sender.discard,
            peer: peer && !isSelf ? { member: peer, blocked: standing?.blocked } : undefined,
          }}
          hasOlder={chat.hasNextPage}
          loadingOlder={chat.isFetchingNextPage}
          onLoadOlder={() => {
            if (!chat.isFetching) void chat.fetchNextPage();
          }}
          pageCount={chat.data?.pages.length ?? 0}
          empty={MESSAGE_MESSAGES.empty}
        />
        {lastFailure?.error && (
          <Alert tone="error" className={styles.sendError}>
            {lastFailure.error}
          </Alert>
        )}
        {refusal ? (
          <p className={styles.closed}>{refusal}</p>
        ) : (
          <MessageComposer onSend={sender.send} />
        )}
      </>
    );
  }

  return (
    <Card flush className={styles.chat}>
      {/* Named once the peer is known: from the link, the conversation list or the messages. */}
      <title>{peerName ? `Chat with ${peerName} · DevPlay` : 'Messages · DevPlay'}</title>
      <ChatHeader
        peer={peer}
        actions={
          peer &&
          !isSelf && (
            <MemberActions
              member={peer}
              on="chat"
              blocked={standing?.blocked}
              report={{ targetType: 'user', targetId: peer.id }}
            />
          )
        }
      />
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this message?"
        confirmLabel="Delete"
        pending={deleteMessage.isPending}
        error={deleteMessage.error}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      >
        <p>It disappears for both of you.</p>
      </ConfirmDialog>
    </Card>
  );
}
