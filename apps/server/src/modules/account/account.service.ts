import { mfaRequiredFor, type AccountSettings } from '@portal/domain/rules/account-security';
import { mfaSettingsOf } from '../security/second-factor.service.ts';
import type { Database } from '../../db/client.ts';
import * as repo from '../security/security.repo.ts';
import type * as security from '../security/security.service.ts';

/**
 * The account settings page (issue 11): what it shows, and the changes that are not sign-in
 * rules themselves (those live in the security services, which this module calls).
 */

export type Caller = security.AuthenticatedUser;

export async function settingsOf(
  deps: Pick<security.SecurityDeps, 'db' | 'cipher'>,
  user: Caller,
): Promise<AccountSettings> {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    language: user.language === 'fr' ? 'fr' : 'en',
    mfa: await mfaSettingsOf(deps, user, mfaRequiredFor(user.role)),
  };
}

/** The caller as stored now (a change just made is part of it). */
export async function currentUser(db: Database, id: string): Promise<Caller> {
  const user = await repo.findUserById(db, id);
  if (!user) throw new Error('the caller disappeared');
  return user;
}

/** Name and language: the person's own, changed at will (the profile reads the name). */
export async function updateProfileBasics(
  db: Database,
  id: string,
  values: { firstName?: string; lastName?: string; language?: 'en' | 'fr' },
): Promise<void> {
  await repo.updateUser(db, id, values);
}
