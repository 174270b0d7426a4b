import { Navigate, Outlet } from 'react-router';
import { trialStayChosen } from '../../lib/trial-stay.ts';
import { useUserInfo } from '../../lib/user-info.tsx';

/**
 * The client home. A trial user is first asked about leaving the trial (spec section 6); one
 * who answered No sees the home, without starting an application.
 */
export function HomeLayout() {
  const userInfo = useUserInfo();
  if (userInfo.status === 'signedIn' && userInfo.user.trialUser && !trialStayChosen()) {
    return <Navigate to="/trial-error" replace />;
  }
  return <Outlet />;
}
