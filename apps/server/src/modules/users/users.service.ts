import type { AuthenticatedUser } from '../security/security.service.ts';

/** Spec section 3 "User info", derived from the caller's role. */
export function userInfoOf(user: AuthenticatedUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    /** Issue 11: joining, signing and funding wait for a proved address. */
    emailVerified: user.emailVerifiedAt !== null,
    onboardingComplete: user.onboardingComplete,
    ibId: user.ibId,
    adminLogin: user.role === 'staff',
    trialUser: user.role === 'trial',
    advisor: user.role === 'advisor',
    /** Issue 12 item 8: once signed in, the account's language wins over the browser's. */
    language: user.language === 'fr' ? ('fr' as const) : ('en' as const),
  };
}
