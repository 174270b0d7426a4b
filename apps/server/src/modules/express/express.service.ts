import {
  EXPRESS_CONFIRMATION_VALID_MINUTES,
  EXPRESS_CONFIRM_LOCK_MINUTES,
  EXPRESS_CONFIRM_MAX_FAILURES,
  type AcceptAnswer,
  type ConfirmBody,
  type ExpressLinkProblem,
  type ExpressPrefill,
  type InvitationLookup,
} from '@portal/domain/express/express-api';
import { accountDetailsStepSchema, includesMargin } from '@portal/domain/rules/account-selection';
import { normalizePostalCode } from '@portal/domain/rules/address';
import { phoneTypes, type NamedAccountTypeName } from '@portal/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { advisorInvestors, expressInvitations, users } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  createApplication,
  findOwnedApplication,
  recordAuditEvent,
  saveStep,
} from '../applications/applications.service.ts';
import { countAttempt } from '../security/security.repo.ts';
import { detailsOf, tokenHashesOf, type InvestorDetails } from '../advisor/advisor.service.ts';
import { ExpressRefusal } from '../advisor/express-refusal.ts';

/**
 * The invitee's side of an express invitation (issue 17): look the link up, confirm the birth
 * date or postal code the advisor entered, and accept it as a signed-in client, which starts a
 * prefilled individual application. The token is the secret: only its keyed hash is looked up.
 */

export interface ExpressDeps {
  db: Database;
  cipher: FieldCipher;
}

type InvitationRow = typeof expressInvitations.$inferSelect;
type InvestorRow = typeof advisorInvestors.$inferSelect;

/** Confirmations tried from one address, whatever the link: a guesser moves between links. */
export const CONFIRMATIONS_PER_ADDRESS_PER_HOUR = 60;
const MINUTE_MS = 60_000;

async function invitationOf(
  db: Database,
  cipher: FieldCipher,
  token: string,
  { lock = false } = {},
): Promise<{ invitation: InvitationRow; investor: InvestorRow } | undefined> {
  const query = db
    .select({ invitation: expressInvitations, investor: advisorInvestors })
    .from(expressInvitations)
    .innerJoin(advisorInvestors, eq(advisorInvestors.id, expressInvitations.investorId))
    .where(inArray(expressInvitations.tokenHash, tokenHashesOf(cipher, token)));
  const [row] = lock ? await query.for('update', { of: expressInvitations }) : await query;
  return row;
}

async function isExistingClient(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.onboardingComplete, true)));
  return row !== undefined;
}

/** Why the link cannot be used now, if it cannot; `acceptedBy` is for the acceptor's retry. */
async function problemOf(
  db: Database,
  found: { invitation: InvitationRow; investor: InvestorRow } | undefined,
  now: Date,
  acceptor?: string,
): Promise<ExpressLinkProblem | null> {
  if (!found) return 'notFound';
  const { invitation, investor } = found;
  if (invitation.acceptedBy !== null || invitation.startedAt !== null) {
    return acceptor !== undefined && invitation.acceptedBy === acceptor ? null : 'used';
  }
  if (invitation.voidedAt) return 'outdated';
  if (invitation.expiresAt <= now) return 'expired';
  if (await isExistingClient(db, investor.email)) return 'alreadyClient';
  return null;
}

const gone = (problem: ExpressLinkProblem) => new ExpressRefusal(410, problem);

const confirmedRecently = (invitation: InvitationRow, now: Date) =>
  invitation.confirmedAt !== null &&
  invitation.confirmedAt.getTime() > now.getTime() - EXPRESS_CONFIRMATION_VALID_MINUTES * MINUTE_MS;

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

const advisorNameOf = async (db: Database, advisorId: string) => {
  const [advisor] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, advisorId));
  return advisor ? `${advisor.firstName} ${advisor.lastName}` : '';
};

/** The link's state for the action screen; the first look marks the invitation opened. */
export async function lookUp(
  { db, cipher }: ExpressDeps,
  token: string,
  now: Date = new Date(),
): Promise<InvitationLookup> {
  const found = await invitationOf(db, cipher, token);
  const problem = await problemOf(db, found, now);
  if (problem || !found) return { status: problem ?? 'notFound' };
  const { invitation, investor } = found;
  if (!invitation.openedAt) {
    await db
      .update(expressInvitations)
      .set({ openedAt: now })
      .where(and(eq(expressInvitations.id, invitation.id), isNull(expressInvitations.openedAt)));
  }
  return {
    status: 'valid',
    advisorName: await advisorNameOf(db, invitation.advisorId),
    investorFirstName: investor.firstName,
    expiresAt: invitation.expiresAt.toISOString(),
    confirmed: confirmedRecently(invitation, now),
  };
}

/** One of the answers given matches what the advisor entered (postal codes normalised). */
export function answersMatch(details: InvestorDetails, body: ConfirmBody): boolean {
  if (body.birthDate !== undefined && details.birthDate === body.birthDate) return true;
  const onFile = details.postalCode ?? details.address?.postalCode;
  if (body.postalCode === undefined || !onFile) return false;
  const given = normalizePostalCode(body.postalCode);
  return given !== '' && given === normalizePostalCode(onFile);
}

/**
 * Checks the invitee's birth date or postal code. Wrong answers are counted in the invitation's
 * row by one statement each: rows lock one update at a time and the guard is read again after
 * the wait, so concurrent wrong answers can never count past the limit, and the one that
 * reaches it starts the lock (429 with the seconds to wait).
 */
export async function confirm(
  { db, cipher }: ExpressDeps,
  token: string,
  body: ConfirmBody,
  { address, now = new Date() }: { address: string; now?: Date },
): Promise<{ confirmed: true }> {
  const counted = await countAttempt(db, `express-confirm:${address}`, {
    now,
    windowStart: new Date(now.getTime() - 60 * MINUTE_MS),
    limit: CONFIRMATIONS_PER_ADDRESS_PER_HOUR,
    lockUntil: new Date(now.getTime() + EXPRESS_CONFIRM_LOCK_MINUTES * MINUTE_MS),
  });
  if (counted.lockedUntil && counted.lockedUntil > now) {
    throw new ExpressRefusal(429, 'expressLocked', {
      retryAfterSeconds: secondsUntil(counted.lockedUntil, now),
    });
  }
  const found = await invitationOf(db, cipher, token);
  const problem = await problemOf(db, found, now);
  if (problem || !found) throw gone(problem ?? 'notFound');
  const { invitation, investor } = found;
  if (invitation.lockedUntil && invitation.lockedUntil > now) {
    throw new ExpressRefusal(429, 'expressLocked', {
      retryAfterSeconds: secondsUntil(invitation.lockedUntil, now),
    });
  }
  const at = sql`${now.toISOString()}::timestamptz`;
  const t = expressInvitations;
  const unlocked = or(isNull(t.lockedUntil), sql`${t.lockedUntil} <= ${at}`);
  if (answersMatch(detailsOf(cipher, investor), body)) {
    const [confirmed] = await db
      .update(t)
      .set({ confirmedAt: now, confirmFailures: 0, lockedUntil: null })
      .where(and(eq(t.id, invitation.id), unlocked))
      .returning({ id: t.id });
    if (confirmed) return { confirmed: true };
  } else {
    // A lock that has ended starts the count again.
    const failures = sql`case when ${t.lockedUntil} is not null then 1 else ${t.confirmFailures} + 1 end`;
    const lockAt = new Date(now.getTime() + EXPRESS_CONFIRM_LOCK_MINUTES * MINUTE_MS);
    const [counted] = await db
      .update(t)
      .set({
        confirmFailures: failures,
        lockedUntil: sql`case when ${failures} >= ${EXPRESS_CONFIRM_MAX_FAILURES} then ${lockAt.toISOString()}::timestamptz end`,
      })
      .where(and(eq(t.id, invitation.id), unlocked))
      .returning({ failures: t.confirmFailures, lockedUntil: t.lockedUntil });
    if (counted && !counted.lockedUntil) {
      throw new ExpressRefusal(400, 'expressMismatch', {
        attemptsLeft: EXPRESS_CONFIRM_MAX_FAILURES - counted.failures,
      });
    }
  }
  // Locked now, by this answer or by a concurrent one.
  const [row] = await db
    .select({ lockedUntil: t.lockedUntil })
    .from(t)
    .where(eq(t.id, invitation.id));
  const until =
    row?.lockedUntil ?? new Date(now.getTime() + EXPRESS_CONFIRM_LOCK_MINUTES * MINUTE_MS);
  throw new ExpressRefusal(429, 'expressLocked', { retryAfterSeconds: secondsUntil(until, now) });
}

/**
 * Accepts the invitation for the signed-in client, in one transaction with the invitation row
 * locked: an individual application with the advisor's account types chosen on the account
 * steps, through the applications service (same rules and audit trail as a person's answers).
 * The profile is not saved: the profile screen starts from `prefillOf`, and the step's own
 * validation checks it when the applicant saves it.
 */
export async function accept(
  { db, cipher }: ExpressDeps,
  token: string,
  userId: string,
  now: Date = new Date(),
): Promise<AcceptAnswer> {
  return db.transaction(async (tx) => {
    const found = await invitationOf(tx, cipher, token, { lock: true });
    const problem = await problemOf(tx, found, now, userId);
    if (problem || !found) throw gone(problem ?? 'notFound');
    const { invitation } = found;
    if (invitation.acceptedBy === userId && invitation.applicationId) {
      return { applicationId: invitation.applicationId };
    }
    if (invitation.acceptedBy === userId) throw gone('used');
    if (!confirmedRecently(invitation, now)) throw new ExpressRefusal(409, 'expressNotConfirmed');
    const accounts = invitation.accountTypes;
    const started = await createApplication(tx, userId);
    let version = started.version;
    const answers: [Parameters<typeof saveStep>[3], unknown][] = [
      ['ownership', { ownershipTypeId: 1 }],
      ['doyouknow', { knowsAccount: true }],
      ['allaccounts', { accounts }],
    ];
    // The account details step asks nothing of most choices: answered too, so the applicant
    // lands on the profile; a margin account (options first) or a plan that asks its details
    // leaves the applicant to answer those steps first.
    const chosen = accounts as NamedAccountTypeName[];
    const detailsAskNothing = accountDetailsStepSchema({
      ownershipTypeId: 1,
      accounts: chosen,
    }).safeParse({}).success;
    if (!includesMargin(chosen) && detailsAskNothing) {
      answers.push(['account', {}]);
    }
    for (const [step, data] of answers) {
      version = (await saveStep(tx, userId, started.id, step, { version, data }, cipher)).version;
    }
    await tx
      .update(expressInvitations)
      .set({ acceptedBy: userId, applicationId: started.id, startedAt: now })
      .where(eq(expressInvitations.id, invitation.id));
    await recordAuditEvent(tx, {
      applicationId: started.id,
      actorId: userId,
      action: 'expressAccepted',
      details: { invitationId: invitation.id, advisorId: invitation.advisorId, accounts },
    });
    return { applicationId: started.id };
  });
}

/** What the advisor knew, shaped as the profile step's saved data. */
export function profileDraftOf(details: InvestorDetails): Record<string, unknown> {
  const homeAddress = details.address
    ? { ...details.address, countryId: 1 }
    : details.postalCode
      ? { countryId: 1, postalCode: details.postalCode }
      : undefined;
  return {
    ...(details.title !== undefined && { title: details.title }),
    firstName: details.firstName,
    lastName: details.lastName,
    ...(details.birthDate && { birthDate: details.birthDate }),
    email: details.email,
    ...(details.mobilePhone && {
      phones: [{ type: phoneTypes.Mobile, number: details.mobilePhone }],
    }),
    ...(homeAddress && { homeAddress }),
  };
}

/**
 * The profile draft of the caller's application when it came from an invitation, null when it
 * did not; another person's application is not found.
 */
export async function prefillOf(
  { db, cipher }: ExpressDeps,
  userId: string,
  applicationId: string,
): Promise<ExpressPrefill | null> {
  const owned = await findOwnedApplication(db, userId, applicationId);
  if (!owned) throw new ExpressRefusal(404, 'notFound');
  const [row] = await db
    .select({ invitation: expressInvitations, investor: advisorInvestors })
    .from(expressInvitations)
    .innerJoin(advisorInvestors, eq(advisorInvestors.id, expressInvitations.investorId))
    .where(
      and(
        eq(expressInvitations.applicationId, applicationId),
        eq(expressInvitations.acceptedBy, userId),
      ),
    );
  if (!row) return null;
  return {
    profile: profileDraftOf(detailsOf(cipher, row.investor)),
    advisorName: await advisorNameOf(db, row.invitation.advisorId),
  };
}
