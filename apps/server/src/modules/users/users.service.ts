import { isAcceptedName } from '@portal/domain/rules/person-name';
import type { Database } from '../../db/client.ts';
import { updateUser } from '../security/security.repo.ts';
import type { AuthenticatedUser } from '../security/security.service.ts';

/**
 * `isAcceptedName` segments the name into graphemes (Intl.Segmenter): a sixth of the time of a
 * cached `GET users` when run on every call (issue 18). Names repeat call after call, and the
 * rule is a pure function of the text, so its answers are remembered (at most 10,000 names).
 */
const acceptedNames = new Map<string, boolean>();
const NAMES_REMEMBERED = 10_000;

function isAcceptedNameRemembered(name: string): boolean {
  let accepted = acceptedNames.get(name);
  if (accepted === undefined) {
    accepted = isAcceptedName(name);
    if (acceptedNames.size >= NAMES_REMEMBERED) acceptedNames.clear();
    acceptedNames.set(name, accepted);
  }
  return accepted;
}

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
    /**
     * Issue 12 item 1: a name given before the one name rule, which the rule refuses now; the
     * app asks for it to be corrected before anything else. Computed, so no migration.
     */
    nameNeedsCorrection:
      !isAcceptedNameRemembered(user.firstName) || !isAcceptedNameRemembered(user.lastName),
    /** Issue 12 item 8: once signed in, the account's language wins over the browser's. */
    language: user.language === 'fr' ? ('fr' as const) : ('en' as const),
  };
}

/**
 * The account's name, as the settings or the applicant's own profile step set it (the profile
 * saves it in its own transaction, so the step and the account never disagree).
 */
export async function renameUser(
  db: Database,
  userId: string,
  name: { firstName: string; lastName: string },
): Promise<void> {
  await updateUser(db, userId, { firstName: name.firstName, lastName: name.lastName });
}
