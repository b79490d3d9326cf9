import type { UserSummary } from '@devplay/shared';

/** A profile's Send money link carries the member along, so the form opens with them chosen. */
interface PayLinkState {
  recipient: UserSummary;
}

export const payLinkState = ({ id, username, fullName, avatar }: UserSummary): PayLinkState => ({
  recipient: { id, username, fullName, avatar },
});

/** The member a link brought along, if it did (history state survives a reload). */
export function recipientFromLinkState(state: unknown): UserSummary | null {
  const recipient = (state as Partial<PayLinkState> | null)?.recipient;
  return recipient && typeof recipient.id === 'number' && typeof recipient.username === 'string'
    ? recipient
    : null;
}
