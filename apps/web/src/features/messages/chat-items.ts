import { canDeleteMessage, type Message } from '@devplay/shared';
import type { OutgoingMessage } from './message-cache';

interface ChatItemBase {
  key: string;
  own: boolean;
  /** Offered a delete button: what the server would let the member delete (policies.ts). */
  deletable: boolean;
  text: string;
  createdAt: string;
  /** The newest of the member's own messages the peer has read: "Seen" goes under it. */
  seen?: boolean;
}

/** One bubble: a stored message, or one of the author's own still on its way (or refused). */
export type ChatItem =
  | (ChatItemBase & { message: Message; outgoing?: undefined })
  | (ChatItemBase & { outgoing: OutgoingMessage; message?: undefined });

/** Stored messages in reading order, then the unsent ones, which are always the newest. */
export function toChatItems(
  messages: readonly Message[],
  outbox: readonly OutgoingMessage[],
  meId: number,
): ChatItem[] {
  const seenId = messages.findLast((message) => message.senderId === meId && message.readAt)?.id;
  return [
    ...messages.map((message) => ({
      key: `m${message.id}`,
      own: message.senderId === meId,
      deletable: canDeleteMessage({ id: meId }, message),
      text: message.text,
      createdAt: message.createdAt,
      seen: message.id === seenId,
      message,
    })),
    ...outbox.map((outgoing) => ({
      key: outgoing.clientId,
      own: true,
      // Not stored yet: a failed one is discarded instead.
      deletable: false,
      text: outgoing.text,
      createdAt: outgoing.createdAt,
      outgoing,
    })),
  ];
}
