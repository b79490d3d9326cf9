import { handle } from '../../lib/member-name';

/** The safety screens' own words; API.md gives only the refusals (SAFETY_MESSAGES). */
export const SAFETY_TEXTS = {
  block: (username: string) => `Block ${handle(username)}`,
  blockAction: 'Block',
  unblock: 'Unblock',
  muteAction: 'Mute',
  mute: (username: string) => `Mute ${handle(username)}`,
  unmute: 'Unmute',
  blockTitle: (username: string) => `Block ${handle(username)}?`,
  blockLead:
    'They will not be able to follow you, message you, send you money or see your posts and ' +
    'comments, and you will not see theirs. Subscriptions between you end.',
  blockQuiet: 'They are not told. You can unblock them at any time in Settings.',
  muteTitle: (username: string) => `Mute ${handle(username)}?`,
  muteLead:
    'Their posts and comments are hidden from you. They are not told, and they can still ' +
    'message you.',
  muteNotifications: 'Also mute their notifications',
  blocked: (username: string) => `${handle(username)} is blocked.`,
  unblocked: (username: string) => `${handle(username)} is unblocked.`,
  muted: (username: string) => `${handle(username)} is muted.`,
  unmuted: (username: string) => `${handle(username)} is unmuted.`,
  youMuted: 'You have muted this member: their posts and comments are hidden from you.',
  youBlocked: 'You have blocked this member: neither of you sees the other’s posts.',
  moreFor: (username: string) => `More actions for ${handle(username)}`,
  moreForPost: (username: string) => `More actions for the post by ${handle(username)}`,
  moreForComment: (username: string) => `More actions for the comment by ${handle(username)}`,
  blockedTitle: 'Blocked',
  blockedLead:
    'Members you block cannot follow, message or pay you, and you do not see each other.',
  blockedEmpty: 'You have not blocked anyone.',
  blockedError: 'Error loading blocked members',
  mutedTitle: 'Muted',
  mutedLead: 'Their posts and comments are hidden from you; they can still message you.',
  mutedEmpty: 'You have not muted anyone.',
  mutedError: 'Error loading muted members',
  privacyTitle: 'Privacy',
  privacyLead: 'Choose who may reach you. People you block never can.',
  messagesFrom: 'Who may message me',
  transfersFrom: 'Who may send me money',
  privacySaved: 'Privacy saved',
  privacySaveError: 'Error saving privacy',
} as const;
