import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

/** Signed-in pages; without a session the visitor lands on the welcome screen. */
export function RequireAuth() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <Navigate to={paths.welcome} replace />;
  return <Outlet />;
}
