import { House, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Only pages that exist; later features append theirs (messages, calendar, tournament, …). */
export const SIDE_MENU_ITEMS: readonly NavItem[] = [
  { to: '/home_page', label: 'Home', icon: House },
];
