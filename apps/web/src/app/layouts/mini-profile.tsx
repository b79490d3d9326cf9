import { useSession } from '../../lib/session';
import { MiniProfileCard } from '../../features/users/components/mini-profile-card';

/**
 * The mini-profile card above the side menu on /home_page. Its menu is the side menu right below
 * it (see nav-items), so the card repeats none of it.
 */
export function MiniProfile() {
  const { me } = useSession();
  if (!me) return null;
  return <MiniProfileCard me={me} menu={[]} />;
}
