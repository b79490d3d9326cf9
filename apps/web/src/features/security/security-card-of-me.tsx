import { useSession } from '../../lib/session';
import { SecurityCard } from './components/security-card';

/** The card as Settings draws it, from the signed-in member's `security`: for this feature's tests. */
export function SecurityCardOfMe() {
  const { me } = useSession();
  return me ? <SecurityCard security={me.security} /> : null;
}
