import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { verifiedWorkEmails } from '../../db/schema.ts';

/**
 * Whether `userId` proved `email` with a code (work-email.service.ts). Its own file so the
 * applications service can check a save with it without importing the promo module's services.
 */
export async function isWorkEmailVerified(
  db: Database,
  userId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ email: verifiedWorkEmails.email })
    .from(verifiedWorkEmails)
    .where(
      and(eq(verifiedWorkEmails.userId, userId), eq(verifiedWorkEmails.email, email.toLowerCase())),
    );
  return row !== undefined;
}
