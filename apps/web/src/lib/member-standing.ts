import { SAFETY_MESSAGES, type Profile } from '@devplay/shared';

/** What a suspended member's profile and chat say in place of everything else. */
export const SUSPENDED_ACCOUNT = 'This account is suspended.';

type Standing = Pick<Profile, 'suspended' | 'blocked' | 'blocksMe' | 'canMessage' | 'canSendMoney'>;

/** Why the viewer cannot reach this member, most telling first; null when nothing stands between. */
function barrier(profile: Standing): string | null {
  if (profile.suspended) return SUSPENDED_ACCOUNT;
  if (profile.blocked || profile.blocksMe) return SAFETY_MESSAGES.blocked;
  return null;
}

/** Why the viewer may not message this member (API.md Safety), or null when they may. */
export const messageRefusal = (profile: Standing): string | null =>
  barrier(profile) ?? (profile.canMessage ? null : SAFETY_MESSAGES.messagesClosed);

/** Why the viewer may not send this member money, or null when they may. */
export const paymentRefusal = (profile: Standing): string | null =>
  barrier(profile) ?? (profile.canSendMoney ? null : SAFETY_MESSAGES.transfersClosed);
