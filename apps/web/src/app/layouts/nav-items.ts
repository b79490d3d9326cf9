import {
  ArrowLeftRight,
  CalendarDays,
  FileText,
  House,
  LogOut,
  MessageSquare,
  Settings,
  ShieldCheck,
  Trophy,
  UserCheck,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Me } from '@devplay/shared';
import type { ProfileMenuEntry } from '../../features/users/components/mini-profile-card';
import { paths } from '../paths';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A live count beside the label (unread messages). */
  badge?: (me: Me) => number;
}

const unreadMessages = (me: Me) => me.unreadMessages;

/** Only pages that exist; later features append theirs. */
export const SIDE_MENU_ITEMS: readonly NavItem[] = [
  { to: paths.home, label: 'Home', icon: House },
  { to: paths.profile, label: 'My profile', icon: UserRound },
  { to: paths.myPosts, label: 'My posts', icon: FileText },
  { to: paths.followers, label: 'Followers', icon: Users },
  { to: paths.following, label: 'Following', icon: UserCheck },
  { to: paths.messages, label: 'Messages', icon: MessageSquare, badge: unreadMessages },
  { to: paths.calendar, label: 'Calendar', icon: CalendarDays },
  { to: paths.tournament, label: 'Tournament', icon: Trophy },
  { to: paths.transactions, label: 'Transactions', icon: ArrowLeftRight },
  { to: paths.settings, label: 'Settings', icon: Settings },
];

type AccountAction = 'exit';

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
 * SPEC §2 mini-profile menu, as data, in the spec's order: Messages with its unread count,
 * Calendar, Tournament, Transactions, Settings, Exit, Admin Panel. The mobile menu lists it too.
 */
const ACCOUNT_MENU_ITEMS: readonly AccountMenuItem[] = [
  {
    id: 'messages',
    to: paths.messages,
    label: 'Messages',
    icon: MessageSquare,
    badge: unreadMessages,
  },
  { id: 'calendar', to: paths.calendar, label: 'Calendar', icon: CalendarDays },
  { id: 'tournament', to: paths.tournament, label: 'Tournament', icon: Trophy },
  { id: 'transactions', to: paths.transactions, label: 'Transactions', icon: ArrowLeftRight },
  { id: 'settings', to: paths.settings, label: 'Settings', icon: Settings },
  { id: 'exit', action: 'exit', label: 'Exit', icon: LogOut },
  { id: 'admin', to: paths.admin, label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
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
