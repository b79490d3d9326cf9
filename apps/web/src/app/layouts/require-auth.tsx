import { Navigate, Outlet, useLocation } from 'react-router';
import { welcomeWithNext } from '../../lib/next-path';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';

/**
 * Signed-in pages. Without a session the visitor lands on the welcome screen, which remembers
 * the page asked for and opens it after signing in; a member whose
 * e-mail is not confirmed yet lands on the code form, whichever page was asked for. While the
 * profile is still on its way the page renders (most members are confirmed), so its own data
 * loads beside the profile instead of after it.
 */
export function RequireAuth() {
  const { isSignedIn, me } = useSession();
  const location = useLocation();
  if (!isSignedIn) {
    const asked = location.pathname + location.search + location.hash;
    return <Navigate to={welcomeWithNext(asked)} replace />;
  }
  if (me && !me.isVerified) return <Navigate to={paths.confirmEmail} replace />;
  return <Outlet />;
}
