import type { Conversation, Message, UserSummary } from '@devplay/shared';

/** There is no GET /user by id: links into a chat carry the peer along, for the header. */
interface ChatLinkState {
  peer: UserSummary;
}

export const chatLinkState = ({ id, username, fullName, avatar }: UserSummary): ChatLinkState => ({
  peer: { id, username, fullName, avatar },
});

/** The peer as a link brought it, if it did (history state survives a reload, not a new tab). */
export function peerFromLinkState(state: unknown, peerId: number): UserSummary | null {
  const peer = (state as Partial<ChatLinkState> | null)?.peer;
  return peer && peer.id === peerId && typeof peer.username === 'string' ? peer : null;
}

/** Who the chat is with, read off its messages when it has any. */
export function peerFromMessages(messages: readonly Message[], peerId: number) {
  const message = messages[0];
  if (!message) return null;
  return message.senderId === peerId ? message.sender : message.receiver;
}

export const peerFromConversation = ({
  userId,
  username,
  fullName,
  avatar,
}: Conversation): UserSummary => ({ id: userId, username, fullName, avatar });
