import { stepApplies, type CaseApplicant, type SavedSteps } from '@portal/domain';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { profileNameOf } from './application-queue.ts';

/**
 * The applicants of an application as operations see and mail them (issue 16): the primary
 * applicant (its owner) and, when joint, the joint applicant; each with the address they sign
 * in with and their account's language. A joint applicant not linked to an account yet is
 * known by the address and language on their profile.
 */

type Data = Record<string, unknown>;
const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export interface Applicant extends CaseApplicant {
  firstName: string;
}

export async function applicantsOf(
  db: Database,
  application: { ownerId: string; jointUserId: string | null },
  steps: SavedSteps,
): Promise<Applicant[]> {
  const ids = [application.ownerId, application.jointUserId].filter(
    (id): id is string => id !== null,
  );
  const accounts = new Map(
    (
      await db
        .select({
          id: users.id,
          email: users.email,
          language: users.language,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((row) => [row.id, row]),
  );
  const applicants: Applicant[] = [];
  const owner = accounts.get(application.ownerId);
  const profile = record(steps.profile);
  applicants.push({
    role: 'primary',
    userId: application.ownerId,
    name: profileNameOf(profile) || `${owner?.firstName ?? ''} ${owner?.lastName ?? ''}`.trim(),
    firstName: text(profile.firstName) || (owner?.firstName ?? ''),
    email: owner?.email ?? text(profile.email).toLowerCase(),
    language: owner?.language === 'fr' ? 'fr' : 'en',
  });
  if (stepApplies('profilejoint', steps)) {
    const joint = application.jointUserId ? accounts.get(application.jointUserId) : undefined;
    const jointProfile = record(steps.profilejoint);
    applicants.push({
      role: 'joint',
      userId: joint?.id ?? null,
      name: profileNameOf(jointProfile),
      firstName: text(jointProfile.firstName),
      email: joint?.email ?? text(jointProfile.email).toLowerCase(),
      language: (joint?.language ?? text(jointProfile.preferredLanguage)) === 'fr' ? 'fr' : 'en',
    });
  }
  return applicants;
}
