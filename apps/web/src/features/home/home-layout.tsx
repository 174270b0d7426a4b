import { Navigate, Outlet } from 'react-router';
import { useUserInfo } from '../../lib/user-info.tsx';

/** The client home; a trial user is asked about leaving the trial instead (spec section 6). */
export function HomeLayout() {
  const userInfo = useUserInfo();
  if (userInfo.status === 'signedIn' && userInfo.user.trialUser) {
    return <Navigate to="/trial-error" replace />;
  }
  return <Outlet />;
}
