import {
  ArrowLeftRight,
  Bell,
  CalendarDays,
  FileText,
  House,
  MessageSquare,
  ShieldCheck,
  Trophy,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Me } from '@devplay/shared';
import { openReportsNoun } from '../../features/admin/reports-texts';
import { paths } from '../../lib/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A live count beside the label (unread messages, unread notifications, open reports). */
  badge?: (me: Me) => number;
  /** What screen readers hear the count as: 'unread' unless said. */
  badgeNoun?: (count: number) => string;
  adminOnly?: boolean;
}

/**
 * The one menu of pages: the side menu on desktops, the drawer on phones. SPEC §2's mini-profile
 * entries are all here (Messages with its unread count, Calendar, Tournament, Transactions, Admin
 * Panel for admins) beside the pages of the left column, in SPEC's words ("Subscribers",
 * "Subscriptions"); Settings and Exit are the account's, in the avatar menu.
 */
const MAIN_NAV: readonly NavItem[] = [
  { to: paths.home, label: 'Home', icon: House },
  { to: paths.myPosts, label: 'My posts', icon: FileText },
  { to: paths.followers, label: 'Subscribers', icon: Users },
  { to: paths.following, label: 'Subscriptions', icon: UserCheck },
  { to: paths.messages, label: 'Messages', icon: MessageSquare, badge: (me) => me.unreadMessages },
  {
    to: paths.notifications,
    label: 'Notifications',
    icon: Bell,
    badge: (me) => me.unreadNotifications,
  },
  { to: paths.calendar, label: 'Calendar', icon: CalendarDays },
  { to: paths.tournament, label: 'Tournament', icon: Trophy },
  { to: paths.transactions, label: 'Transactions', icon: ArrowLeftRight },
  {
    to: paths.admin,
    label: 'Admin Panel',
    icon: ShieldCheck,
    adminOnly: true,
    badge: (me) => me.openReports ?? 0,
    badgeNoun: openReportsNoun,
  },
];

/** The entries one member sees: Admin Panel only for admins (SPEC §6). */
export const mainNavFor = (me: Me | null): NavItem[] =>
  MAIN_NAV.filter((item) => !item.adminOnly || me?.isAdmin === true);
