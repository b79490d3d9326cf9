import { useState } from 'react';
import { useSession } from '../../lib/session';
import { MiniProfileCard } from '../../features/users/components/mini-profile-card';
import { ExitDialog } from './exit-dialog';
import { accountMenuFor } from './nav-items';

/** The mini-profile card with the shell's account menu and its Exit confirmation. */
export function MiniProfile() {
  const { me } = useSession();
  const [exitOpen, setExitOpen] = useState(false);
  if (!me) return null;

  return (
    <>
      <MiniProfileCard me={me} menu={accountMenuFor(me, { exit: () => setExitOpen(true) })} />
      <ExitDialog open={exitOpen} onClose={() => setExitOpen(false)} />
    </>
  );
}
