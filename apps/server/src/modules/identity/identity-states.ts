import type { IdentityState } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import * as repo from './identity.repo.ts';

/**
 * The caller's own identity state on each of their applications (the application resource's
 * `identity`, issue 13): as primary applicant on those they own, as joint applicant on the
 * others. Kept apart from the identity service so the applications module can read it without
 * depending on what depends on it.
 */
export async function identityStatesOf(
  db: Database,
  userId: string,
  applications: readonly { id: string; ownerId: string }[],
): Promise<Map<string, IdentityState>> {
  const rows = await repo.verificationsOfUser(
    db,
    userId,
    applications.map((application) => application.id),
  );
  const states = new Map<string, IdentityState>();
  for (const application of applications) {
    const role = application.ownerId === userId ? 'primary' : 'joint';
    const row = rows.find((found) => found.applicationId === application.id && found.role === role);
    states.set(application.id, (row?.state ?? 'notStarted') as IdentityState);
  }
  return states;
}
