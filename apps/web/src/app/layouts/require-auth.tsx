import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';

/**
 * Signed-in pages. Without a session the visitor lands on the welcome screen; a member whose
 * e-mail is not confirmed yet lands on the code form, whichever page was asked for. While the
 * profile is still on its way the page renders (most members are confirmed), so its own data
 * loads beside the profile instead of after it.
 */
export function RequireAuth() {
  const { isSignedIn, me } = useSession();
  if (!isSignedIn) return <Navigate to={paths.welcome} replace />;
  if (me && !me.isVerified) return <Navigate to={paths.confirmEmail} replace />;
  return <Outlet />;
}
