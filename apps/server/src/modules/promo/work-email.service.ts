import type { Database } from '../../db/client.ts';
import { verifiedWorkEmails } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { findParticipantApplication } from '../applications/applications.service.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import { sendCode, verifyCode, CodeRefused } from '../security/one-time-codes.service.ts';
import { isWorkEmailVerified } from './verified-work-emails.ts';
import { workEmailCodeMail } from './work-email-mail.ts';
import { PromoError } from './promo.service.ts';

/**
 * A partner employee's work email, proved by a six-digit code mailed to it (issue 17). The code
 * is the account-security one-time code with its own purpose, bound to the person and to the
 * address (`target`), so a code mailed to one address never proves another. What is proved is
 * kept per person and address, lower-cased, and outlives the application.
 */

export const WORK_EMAIL_CODE_VALIDITY_MS = 15 * 60_000;
const PURPOSE = 'workEmailVerification';

interface Deps {
  db: Database;
  cipher: FieldCipher;
}

async function participate(db: Database, userId: string, applicationId: string) {
  if (!(await findParticipantApplication(db, userId, applicationId))) {
    throw new PromoError(404, 'notFound');
  }
}

/** Mails a code to `email` for the caller (owner or joint applicant of the application). */
export async function sendWorkEmailCode(
  deps: Deps,
  user: { id: string; language: string },
  applicationId: string,
  email: string,
  now = new Date(),
): Promise<{ resendAvailableAt: Date }> {
  await participate(deps.db, user.id, applicationId);
  const language: MessageLanguage = user.language === 'fr' ? 'fr' : 'en';
  return deps.db.transaction((tx) =>
    sendCode(tx, deps.cipher, {
      userId: user.id,
      purpose: PURPOSE,
      target: email,
      validityMs: WORK_EMAIL_CODE_VALIDITY_MS,
      now,
      message: (code) => ({
        channel: 'email',
        recipient: email,
        language,
        content: workEmailCodeMail(language, {
          code,
          minutes: WORK_EMAIL_CODE_VALIDITY_MS / 60_000,
        }),
      }),
    }),
  );
}

/**
 * Proves `email` with `code`. The code must have been mailed to that very address; a right
 * code for another address is spent and answers `noCodePending`.
 */
export async function verifyWorkEmail(
  deps: Deps,
  userId: string,
  applicationId: string,
  input: { email: string; code: string },
  now = new Date(),
): Promise<{ email: string; verified: true }> {
  await participate(deps.db, userId, applicationId);
  // Outside a transaction: a wrong code's try must stay counted when it is refused.
  const { target } = await verifyCode(deps.db, deps.cipher, {
    userId,
    purpose: PURPOSE,
    code: input.code,
    now,
  });
  if (target !== input.email) throw new CodeRefused('noCodePending');
  await deps.db
    .insert(verifiedWorkEmails)
    .values({ userId, email: input.email, verifiedAt: now })
    .onConflictDoNothing();
  return { email: input.email, verified: true };
}

export async function workEmailStateOf(
  db: Database,
  userId: string,
  applicationId: string,
  email: string,
): Promise<{ email: string; verified: boolean }> {
  await participate(db, userId, applicationId);
  return { email, verified: await isWorkEmailVerified(db, userId, email) };
}
