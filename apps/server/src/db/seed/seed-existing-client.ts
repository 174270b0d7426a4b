import { accountNumberOf } from '@portal/domain/operations/account-numbers';
import { completeProfile } from '@portal/domain/rules/profile.fixtures';
import type { Database } from '../client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import * as applicationsRepo from '../../modules/applications/applications.repo.ts';
import { createApplication, saveStep } from '../../modules/applications/applications.service.ts';
import { recordApplicantIdentities } from '../../modules/client-identities/client-identities.ts';

/**
 * The demo's existing client (issue 17; listed in the README): approved before, with a client
 * number, so a new application of theirs starts from their profile, a new login giving their
 * SIN and birth date is told to sign in with this one, and a joint applicant may name them by
 * their client number. Demonstration values only: the SIN is invented (valid check digit).
 */
export const EXISTING_CLIENT = {
  email: 'existing.client@demo.laurentide.ca',
  firstName: 'Nadia',
  lastName: 'Roy',
  sin: '521 234 567',
  birthDate: '1975-04-12',
  // Far above what the client-number sequence hands out for years: never assigned to another.
  clientNumber: accountNumberOf(9_900_001),
} as const;

/**
 * Through the applications service, as a person would: an individual TFSA application with
 * the client's profile, then approved (the seed stands in for operations) and their identity
 * recorded as an approval records it.
 */
export async function seedExistingClient(
  db: Database,
  cipher: FieldCipher,
  userId: string,
): Promise<void> {
  const created = await createApplication(db, userId);
  let version = created.version;
  const answers = [
    ['ownership', { ownershipTypeId: 1 }],
    ['doyouknow', { knowsAccount: true }],
    ['allaccounts', { accounts: ['tfsa'] }],
    ['account', {}],
    [
      'profile',
      {
        ...completeProfile,
        firstName: EXISTING_CLIENT.firstName,
        lastName: EXISTING_CLIENT.lastName,
        email: EXISTING_CLIENT.email,
        confirmEmail: EXISTING_CLIENT.email,
        sin: EXISTING_CLIENT.sin,
        birthDate: EXISTING_CLIENT.birthDate,
      },
    ],
  ] as const;
  for (const [step, data] of answers) {
    version = (await saveStep(db, userId, created.id, step, { version, data }, cipher)).version;
  }
  await db.transaction(async (tx) => {
    const row = await applicationsRepo.updateApplication(tx, created.id, {
      status: 'approved',
      version: version + 1,
      updatedAt: new Date(),
    });
    await applicationsRepo.insertAudit(tx, {
      applicationId: created.id,
      actorId: userId,
      action: 'approved',
      fromStatus: created.status,
      toStatus: 'approved',
      details: { seeded: true },
    });
    await recordApplicantIdentities(tx, cipher, row);
  });
}
