import { createContext, type ReactNode } from 'react';
import type { UserSummary } from '@devplay/shared';

export interface MemberActionsTarget {
  member: UserSummary;
  /** Where the actions sit; each place offers what fits it. */
  on: 'post' | 'comment' | 'chat';
  /** The viewer already blocks them (a chat knows it): Unblock is offered instead of Block. */
  blocked?: boolean;
}

/**
 * What may be done about another member from their post, comment or chat (block, mute). The
 * pages that show those put it in place, so the features drawing them need not know it.
 */
export const MemberActionsContext = createContext<
  ((target: MemberActionsTarget) => ReactNode) | null
>(null);
