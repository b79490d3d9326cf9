import {
  ArrowLeftRight,
  FileText,
  House,
  LogOut,
  MessageSquare,
  Settings,
  ShieldCheck,
  UserCheck,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Me } from '@devplay/shared';
import type { ProfileMenuEntry } from '../../features/users/components/mini-profile-card';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A live count beside the label (unread messages). */
  badge?: (me: Me) => number;
}

const unreadMessages = (me: Me) => me.unreadMessages;

/** Only pages that exist; later features append theirs (messages, calendar, tournament, …). */
export const SIDE_MENU_ITEMS: readonly NavItem[] = [
  { to: '/home_page', label: 'Home', icon: House },
  { to: '/profile', label: 'My profile', icon: UserRound },
  { to: '/my_posts', label: 'My posts', icon: FileText },
  { to: '/followers', label: 'Followers', icon: Users },
  { to: '/following', label: 'Following', icon: UserCheck },
  { to: '/message', label: 'Messages', icon: MessageSquare, badge: unreadMessages },
  { to: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export type AccountAction = 'exit';

interface AccountMenuItem {
  id: string;
  label: string;
  icon: LucideIcon;
  to?: string;
  action?: AccountAction;
  adminOnly?: boolean;
  badge?: (me: Me) => number;
}

/**
 * SPEC §2 mini-profile menu, as data: Messages with its unread count and Transactions; Calendar
 * and Tournament go before Settings when their issues land. The mobile menu lists it too.
 */
export const ACCOUNT_MENU_ITEMS: readonly AccountMenuItem[] = [
  { id: 'messages', to: '/message', label: 'Messages', icon: MessageSquare, badge: unreadMessages },
  { id: 'transactions', to: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
  { id: 'settings', to: '/settings', label: 'Settings', icon: Settings },
  { id: 'exit', action: 'exit', label: 'Exit', icon: LogOut },
  { id: 'admin', to: '/admin', label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
];

/** The account menu one member sees, with its actions bound. */
export function accountMenuFor(
  me: Me | null,
  actions: Record<AccountAction, () => void>,
): ProfileMenuEntry[] {
  return ACCOUNT_MENU_ITEMS.filter((item) => !item.adminOnly || me?.isAdmin).map(
    ({ id, label, icon, to, action, badge }) => ({
      id,
      label,
      icon,
      to,
      onSelect: action && actions[action],
      badge: me && badge ? badge(me) : undefined,
    }),
  );
}
