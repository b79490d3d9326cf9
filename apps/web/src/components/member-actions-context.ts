import { createContext, type ReactNode } from 'react';
import type { ReportInput, UserSummary } from '@devplay/shared';

export interface MemberActionsTarget {
  member: UserSummary;
  /** Where the actions sit; each place offers what fits it. */
  on: 'post' | 'comment' | 'chat' | 'message';
  /** What a report from here is about: the post, the comment, the message or the member. */
  report: Pick<ReportInput, 'targetType' | 'targetId'>;
  /** How a message's report button names it (its time): a chat holds many. */
  label?: string;
  /** A message's lone button takes the look of the bubble's other buttons. */
  className?: string;
  /** The viewer already blocks them (a chat knows it): Unblock is offered instead of Block. */
  blocked?: boolean;
}

/**
 * What may be done about another member from their post, comment or chat (block, mute, report). The
 * pages that show those put it in place, so the features drawing them need not know it.
 */
export const MemberActionsContext = createContext<
  ((target: MemberActionsTarget) => ReactNode) | null
>(null);
