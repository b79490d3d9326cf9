// Kept apart from the schemas so the app shell can show these without pulling in zod.
export const MESSAGE_MAX = 2000;

/** SPEC §2 and §8 texts for messages, verbatim where the spec gives them. */
export const MESSAGE_MESSAGES = {
  title: 'Your messages',
  empty: 'No messages',
  placeholder: 'Enter message...',
  send: 'Send',
  blank: 'Write a message first.',
  tooLong: `A message can be at most ${MESSAGE_MAX} characters.`,
  toSelf: 'You cannot write to yourself',
  notFound: 'Message not found',
  notSender: 'You can only delete your own messages',
  deleted: 'Message deleted',
  conversationDeleted: 'Conversation deleted',
  userNotFound: 'User not found',
} as const;
