import {
  ArrowLeftRight,
  CalendarDays,
  LogOut,
  MessageSquare,
  Settings,
  ShieldCheck,
  Trophy,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import type { Me } from '@devplay/shared';
import {
  MiniProfileCard,
  type ProfileMenuEntry,
} from '../../features/users/components/mini-profile-card';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import { lazyNamed } from '../../lib/lazy-named';

const ExitDialog = lazyNamed(() => import('./exit-dialog'), 'ExitDialog');

/**
 * SPEC §2's mini-profile menu, in the spec's order. It stays collapsed until opened, so on
 * screen it does not repeat the side menu below it, yet the SPEC's entries are there.
 */
function menuFor(me: Me, exit: () => void): ProfileMenuEntry[] {
  const entries: ProfileMenuEntry[] = [
    {
      id: 'messages',
      label: 'Messages',
      icon: MessageSquare,
      to: paths.messages,
      badge: me.unreadMessages,
    },
    { id: 'calendar', label: 'Calendar', icon: CalendarDays, to: paths.calendar },
    { id: 'tournament', label: 'Tournament', icon: Trophy, to: paths.tournament },
    { id: 'transactions', label: 'Transactions', icon: ArrowLeftRight, to: paths.transactions },
    { id: 'settings', label: 'Settings', icon: Settings, to: paths.settings },
    { id: 'exit', label: 'Exit', icon: LogOut, onSelect: exit },
  ];
  if (me.isAdmin) {
    entries.push({ id: 'admin', label: 'Admin Panel', icon: ShieldCheck, to: paths.admin });
  }
  return entries;
}

/** The mini-profile card on /home_page with SPEC §2's collapsible menu and its Exit question. */
export function MiniProfile() {
  const { me } = useSession();
  const [exitOpen, setExitOpen] = useState(false);
  if (!me) return null;
  return (
    <>
      <MiniProfileCard me={me} menu={menuFor(me, () => setExitOpen(true))} />
      {exitOpen && (
        <Suspense fallback={null}>
          <ExitDialog open onClose={() => setExitOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
