import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../features/auth/api';

/** Signed-in pages; without a session the visitor lands on the welcome screen. */
export function RequireAuth() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <Navigate to="/" replace />;
  return <Outlet />;
}
