import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/features/auth/session-store';
import { returnToState } from '@/lib/return-to';

/** Signed-out visitors go to sign-in, which brings them back here afterwards. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/auth/sign-in" replace state={returnToState(location)} />;
  return <Outlet />;
}
