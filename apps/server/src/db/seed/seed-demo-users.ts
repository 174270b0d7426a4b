import { inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema.ts';
import { hashPassword } from '../../modules/security/security.service.ts';

/** The password of every demo user (listed in the README). */
export const DEMO_PASSWORD = 'Laurentide-Demo-2026';

/** One demo user per role; applications for the busy client arrive with the applications issue. */
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
    email: 'staff@demo.laurentide.ca',
    firstName: 'Priya',
    lastName: 'Patel',
    language: 'en',
    role: 'staff',
  },
] as const;

/** Adds the demo users that are missing; existing ones (and their passwords) are left alone. */
export async function seedDemoUsers(db: Database): Promise<void> {
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
  await db
    .insert(users)
    .values(missing.map((user) => ({ ...user, passwordHash })))
    .onConflictDoNothing();
}
