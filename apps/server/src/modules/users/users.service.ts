import type { AuthenticatedUser } from '../security/security.service.ts';

/** Spec section 3 "User info", derived from the caller's role. */
export function userInfoOf(user: AuthenticatedUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    onboardingComplete: user.onboardingComplete,
    ibId: user.ibId,
    adminLogin: user.role === 'staff',
    trialUser: user.role === 'trial',
    advisor: user.role === 'advisor',
  };
}
