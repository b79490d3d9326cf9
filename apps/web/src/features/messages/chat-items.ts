import type { Message } from '@devplay/shared';
import type { OutgoingMessage } from './message-cache';

interface ChatItemBase {
  key: string;
  own: boolean;
  text: string;
  createdAt: string;
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
  return [
    ...messages.map((message) => ({
      key: `m${message.id}`,
      own: message.senderId === meId,
      text: message.text,
      createdAt: message.createdAt,
      message,
    })),
    ...outbox.map((outgoing) => ({
      key: outgoing.clientId,
      own: true,
      text: outgoing.text,
      createdAt: outgoing.createdAt,
      outgoing,
    })),
  ];
}
