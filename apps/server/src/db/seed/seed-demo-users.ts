import { inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { seedTotp } from '../../modules/security/second-factor.service.ts';
import { hashPassword } from '../../modules/security/security.service.ts';
import { createApplication, saveStep } from '../../modules/applications/applications.service.ts';
import { seedAdvisorDemoBook } from '../../modules/advisor/advisor-demo-book.ts';
import { EXISTING_CLIENT, seedExistingClient } from './seed-existing-client.ts';

/** The password of every demo user (listed in the README). */
export const DEMO_PASSWORD = 'Laurentide-Demo-2026';

/**
 * The authenticator secrets of the demo roles that must sign in with a second factor (listed
 * in the README, so the demo and the tests can compute codes). Demonstration only: never real.
 */
export const DEMO_TOTP_SECRETS = {
  'advisor@demo.laurentide.ca': 'LAURENTIDEADVISORDEMOKEYQ2Z6W3XA',
  'staff@demo.laurentide.ca': 'LAURENTIDESTAFFDEMOKEYQ2Z6W3XAPB',
  'reviewer@demo.laurentide.ca': 'LAURENTIDEREVIEWERDEMOKEYQ2Z6W3X',
} as const;

/** One demo user per role; the busy client also gets applications (seedBusyClientApplications). */
export const demoUsers = [
  {
    email: 'new.client@demo.laurentide.ca',
    firstName: 'Camille',
    lastName: 'Tremblay',
    language: 'fr',
    role: 'client',
  },
  {
    email: 'busy.client@demo.laurentide.ca',
    firstName: 'Jordan',
    lastName: 'Singh',
    language: 'en',
    role: 'client',
  },
  {
    email: 'advisor@demo.laurentide.ca',
    firstName: 'Marc',
    lastName: 'Gagnon',
    language: 'fr',
    role: 'advisor',
  },
  {
    email: 'trial@demo.laurentide.ca',
    firstName: 'Sam',
    lastName: 'Lee',
    language: 'en',
    role: 'trial',
  },
  {
    // The trial account in French (issue 17: the trial journeys run in both languages).
    email: 'essai@demo.laurentide.ca',
    firstName: 'Dominique',
    lastName: 'Roy',
    language: 'fr',
    role: 'trial',
  },
  {
    email: 'staff@demo.laurentide.ca',
    firstName: 'Priya',
    lastName: 'Patel',
    language: 'en',
    role: 'staff',
  },
  {
    // A second staff member: a PEP/HIO approval needs two (issue 16's four eyes).
    email: 'reviewer@demo.laurentide.ca',
    firstName: 'Théo',
    lastName: 'Bouchard',
    language: 'fr',
    role: 'staff',
  },
  {
    // An existing client, approved before, with a client number (issue 17).
    email: EXISTING_CLIENT.email,
    firstName: EXISTING_CLIENT.firstName,
    lastName: EXISTING_CLIENT.lastName,
    language: 'en',
    role: 'client',
    onboardingComplete: true,
    ibId: EXISTING_CLIENT.clientNumber,
  },
] as const;

/** Adds the demo users that are missing; existing ones (and their passwords) are left alone. */
export async function seedDemoUsers(db: Database, cipher: FieldCipher): Promise<void> {
  const existing = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            demoUsers.map((user) => user.email),
          ),
        )
    ).map((row) => row.email),
  );
  const missing = demoUsers.filter((user) => !existing.has(user.email));
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Demo addresses are at the brokerage's own demo domain: seeded as already proved.
  const inserted = await db
    .insert(users)
    .values(missing.map((user) => ({ ...user, passwordHash, emailVerifiedAt: new Date() })))
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  for (const user of inserted) {
    const secret = DEMO_TOTP_SECRETS[user.email as keyof typeof DEMO_TOTP_SECRETS];
    if (secret) await seedTotp({ db, cipher }, user.id, secret);
  }
  const busy = inserted.find((user) => user.email === BUSY_CLIENT_EMAIL);
  if (busy) await seedBusyClientApplications(db, cipher, busy.id);
  // The demo advisor's investors, one already invited (issue 17): the search is not empty.
  const advisor = inserted.find((user) => user.email === 'advisor@demo.laurentide.ca');
  if (advisor) await seedAdvisorDemoBook(db, cipher, advisor.id);
  const existingClient = inserted.find((user) => user.email === EXISTING_CLIENT.email);
  if (existingClient) await seedExistingClient(db, cipher, existingClient.id);
}

const BUSY_CLIENT_EMAIL = 'busy.client@demo.laurentide.ca';

/**
 * Through the applications service, so the demo data passes the same rules and leaves the same
 * audit trail as a person's: one individual application stopped at the options step (TFSA and
 * margin chosen) and one joint application (spouses) with only its ownership answered.
 */
async function seedBusyClientApplications(
  db: Database,
  cipher: FieldCipher,
  ownerId: string,
): Promise<void> {
  const started = await createApplication(db, ownerId);
  let version = started.version;
  const answers = [
    ['ownership', { ownershipTypeId: 1 }],
    ['doyouknow', { knowsAccount: true }],
    ['allaccounts', { accounts: ['tfsa', 'margin'] }],
  ] as const;
  for (const [step, data] of answers) {
    version = (await saveStep(db, ownerId, started.id, step, { version, data }, cipher)).version;
  }
  const joint = await createApplication(db, ownerId);
  await saveStep(
    db,
    ownerId,
    joint.id,
    'ownership',
    {
      version: joint.version,
      data: { ownershipTypeId: 2, jointRelationship: 'spouse' },
    },
    cipher,
  );
}
