import type { Profile } from '@portal/domain/rules/profile';
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, clientIdentities, signInThrottles, users } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import * as repo from '../applications/applications.repo.ts';
import {
  restoreBlankFields,
  savedSin,
  sealFields,
  withoutSealedValues,
} from '../applications/sealed-fields.ts';
import { countAttempt } from '../security/security.repo.ts';

/**
 * Existing clients (issue 17; spec sections 6 and 8). Each approved applicant with a login has
 * one `client_identities` row: keyed hashes (`cipher.mac`, one key per field) of their email,
 * SIN and birth date. A new profile is compared with other people's rows by looking its own
 * hashes up, so nobody else's SIN or birth date is ever decrypted, and a copy of the table
 * gives away nothing without the field-cipher key.
 */

const PURPOSES = {
  email: 'client-identities/email',
  sin: 'client-identities/sin',
  birthDate: 'client-identities/birth-date',
} as const;

/** Who a person is, as the profile says it. */
export interface Identity {
  email: string;
  sin: string;
  birthDate: string;
}

export interface IdentityHashes {
  emailHash: string;
  sinHash: string;
  birthDateHash: string;
}

/** The same person always hashes the same: email lower case, SIN digits, birth date ISO. */
const normalized = (identity: Identity): Identity => ({
  email: identity.email.trim().toLowerCase(),
  sin: identity.sin.replace(/\D/g, ''),
  birthDate: identity.birthDate.trim().replaceAll('/', '-'),
});

/** The identity's hashes under the current key. */
export function identityHashesOf(cipher: FieldCipher, identity: Identity): IdentityHashes {
  const { email, sin, birthDate } = normalized(identity);
  return {
    emailHash: cipher.mac(PURPOSES.email, email),
    sinHash: cipher.mac(PURPOSES.sin, sin),
    birthDateHash: cipher.mac(PURPOSES.birthDate, birthDate),
  };
}

/**
 * Whether stored hashes are this identity's, each checked under the key its prefix names: the
 * key rotation (ADR 0043) re-hashes a row only from inputs that made exactly its hashes.
 */
export function identityMatchesHashes(
  cipher: FieldCipher,
  identity: Identity,
  hashes: IdentityHashes,
): boolean {
  const { email, sin, birthDate } = normalized(identity);
  return (
    cipher.verifyMac(PURPOSES.email, email, hashes.emailHash) &&
    cipher.verifyMac(PURPOSES.sin, sin, hashes.sinHash) &&
    cipher.verifyMac(PURPOSES.birthDate, birthDate, hashes.birthDateHash)
  );
}

/**
 * The hashes under each live key, the current one first (ADR 0043): a row keeps the key it was
 * hashed under until it is renewed, so look-ups try every version.
 */
export function identityHashVersionsOf(cipher: FieldCipher, identity: Identity): IdentityHashes[] {
  const plain = normalized(identity);
  const email = cipher.macs(PURPOSES.email, plain.email);
  const sin = cipher.macs(PURPOSES.sin, plain.sin);
  const birthDate = cipher.macs(PURPOSES.birthDate, plain.birthDate);
  return email.map((emailHash, index) => ({
    emailHash,
    sinHash: sin[index]!,
    birthDateHash: birthDate[index]!,
  }));
}

/** Writes (or renews) a client's identity row, in the caller's transaction. */
export async function recordClientIdentity(
  db: Database,
  cipher: FieldCipher,
  userId: string,
  identity: Identity,
): Promise<void> {
  const hashes = identityHashesOf(cipher, identity);
  await db
    .insert(clientIdentities)
    .values({ userId, ...hashes })
    .onConflictDoUpdate({ target: clientIdentities.userId, set: hashes });
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The identity a saved profile step states, its SIN decrypted (this application's only). The
 * key rotation reads it again to re-hash the identity recorded from it.
 */
export function identityOfSaved(
  cipher: FieldCipher,
  applicationId: string,
  step: 'profile' | 'profilejoint',
  saved: unknown,
): Identity | undefined {
  const profile = record(saved);
  const sin = savedSin(cipher, applicationId, step, saved);
  const { email, birthDate } = profile;
  if (!sin || typeof email !== 'string' || typeof birthDate !== 'string') return undefined;
  return { email, sin, birthDate };
}

/**
 * At approval, in its transaction: each applicant with a login (the owner; the joint applicant
 * once they joined) becomes a known client under the profile they gave.
 */
export async function recordApplicantIdentities(
  db: Database,
  cipher: FieldCipher,
  application: { id: string; ownerId: string; jointUserId: string | null },
): Promise<void> {
  const steps = (await repo.stepsOf(db, [application.id])).get(application.id) ?? {};
  const applicants = [
    { userId: application.ownerId, step: 'profile' as const },
    ...(application.jointUserId
      ? [{ userId: application.jointUserId, step: 'profilejoint' as const }]
      : []),
  ];
  for (const { userId, step } of applicants) {
    const identity = identityOfSaved(cipher, application.id, step, steps[step]);
    if (identity) await recordClientIdentity(db, cipher, userId, identity);
  }
}

/**
 * Refused identity checks one person may cause in an hour. Each refusal says something about a
 * SIN (a client holds it), so without a bound a signed-in person could test SINs one profile
 * save at a time; past it, profile saves wait an hour (429 `tooManyIdentityChecks`).
 */
export const IDENTITY_REFUSALS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;
const identityThrottleKey = (userId: string) => `identity-check:${userId}`;
const identityRefusalCodes: ReadonlySet<string> = new Set<IdentityRefusal['code']>([
  'existingAccount',
  'identityMismatch',
  'identityMismatchJoint',
  'shareholderIdNotValidated',
]);

/** Whether the field codes of a refused save hold an identity refusal. */
export const holdsIdentityRefusal = (fields: Readonly<Record<string, string>> | undefined) =>
  Object.values(fields ?? {}).some((code) => identityRefusalCodes.has(code));

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Seconds the person must wait before a profile can be checked again; null: no wait. */
export async function identityChecksWait(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<number | null> {
  const [row] = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(eq(signInThrottles.key, identityThrottleKey(userId)));
  return row?.lockedUntil && row.lockedUntil > now ? secondsUntil(row.lockedUntil, now) : null;
}

/** Counts a refused check (outside the refused save's transaction, which rolls back). */
export async function countIdentityRefusal(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<void> {
  await countAttempt(db, identityThrottleKey(userId), {
    now,
    windowStart: new Date(now.getTime() - HOUR_MS),
    // countAttempt locks on the count past `limit`: the last refusal allowed starts the wait.
    limit: IDENTITY_REFUSALS_PER_HOUR - 1,
    lockUntil: new Date(now.getTime() + HOUR_MS),
  });
}

/** A refusal of a profile, at the field the message belongs to. */
export interface IdentityRefusal {
  field: string;
  code:
    'existingAccount' | 'identityMismatch' | 'identityMismatchJoint' | 'shareholderIdNotValidated';
}

/**
 * Checks a profile being saved against the known clients, by hash. The people saving it never
 * count against themselves: `ownUserIds` (the owner; the joint applicant once they joined).
 *
 * - Primary: another login with the same SIN and birth date is the same person (existing
 *   account: sign in there); the same SIN with another birth date, or the same email with another
 *   SIN, is a mismatch. An existing client's own row must agree too: their identity fields are
 *   read-only on screen, and the server holds them so.
 * - Joint: the joint applicant may well be a client already (a full match is fine: that is what
 *   the shareholder ID is for); a partial match is the joint mismatch. A shareholder ID must be
 *   the client number of a client whose SIN and birth date hashes are the joint applicant's.
 */
export async function identityRefusalOf(
  db: Database,
  cipher: FieldCipher,
  check: {
    step: 'profile' | 'profilejoint';
    ownerId: string;
    jointUserId: string | null;
    profile: Pick<Profile, 'email' | 'sin' | 'birthDate' | 'shareholderId'>;
  },
): Promise<IdentityRefusal | undefined> {
  const joint = check.step === 'profilejoint';
  const versions = identityHashVersionsOf(cipher, check.profile);
  const sinHashes = versions.map((version) => version.sinHash);
  const emailHashes = versions.map((version) => version.emailHash);
  const birthDateHashes = versions.map((version) => version.birthDateHash);
  const ownUserIds = [check.ownerId, ...(check.jointUserId ? [check.jointUserId] : [])];
  const rows = await db
    .select()
    .from(clientIdentities)
    .where(
      or(
        inArray(clientIdentities.sinHash, sinHashes),
        inArray(clientIdentities.emailHash, emailHashes),
        inArray(clientIdentities.userId, ownUserIds),
      ),
    );
  const sameSin = (row: IdentityHashes) => sinHashes.includes(row.sinHash);
  const sameBirthDate = (row: IdentityHashes) => birthDateHashes.includes(row.birthDateHash);
  const others = rows.filter((row) => !ownUserIds.includes(row.userId));
  const mismatch = joint ? 'identityMismatchJoint' : 'identityMismatch';

  const ownUserId = joint ? check.jointUserId : check.ownerId;
  const own = rows.find((row) => row.userId === ownUserId);
  if (own && !(sameSin(own) && sameBirthDate(own))) return { field: 'sin', code: mismatch };

  if (!joint && others.some((row) => sameSin(row) && sameBirthDate(row))) {
    return { field: 'sin', code: 'existingAccount' };
  }
  const partial = others.some(
    (row) =>
      (sameSin(row) && !sameBirthDate(row)) ||
      (emailHashes.includes(row.emailHash) && !sameSin(row)),
  );
  if (partial) return { field: 'sin', code: mismatch };

  if (joint && check.profile.shareholderId) {
    const valid = await shareholderIdMatches(db, check.profile.shareholderId, versions);
    if (!valid) return { field: 'shareholderId', code: 'shareholderIdNotValidated' };
  }
  return undefined;
}

/** Whether a client number belongs to the client with these SIN and birth date hashes. */
async function shareholderIdMatches(
  db: Database,
  shareholderId: string,
  versions: IdentityHashes[],
): Promise<boolean> {
  const [found] = await db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(clientIdentities, eq(clientIdentities.userId, users.id))
    .where(
      and(
        eq(users.ibId, shareholderId),
        or(
          ...versions.map((version) =>
            and(
              eq(clientIdentities.sinHash, version.sinHash),
              eq(clientIdentities.birthDateHash, version.birthDateHash),
            ),
          ),
        ),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * A new application of an existing client (`onboardingComplete`) starts with the profile of
 * their latest approved application, so they confirm it rather than type it again (spec
 * section 2: "Some fields are prefilled and read-only"). Its SINs are decrypted from that
 * application, theirs, and sealed again for the new one. In the creation's transaction;
 * answers the id of the application the profile came from (for the audit trail).
 */
export async function prefillExistingClientProfile(
  db: Database,
  cipher: FieldCipher,
  userId: string,
  applicationId: string,
): Promise<string | undefined> {
  const [user] = await db
    .select({ onboardingComplete: users.onboardingComplete })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.onboardingComplete) return undefined;
  const [latest] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.ownerId, userId),
        eq(applications.status, 'approved'),
        ne(applications.id, applicationId),
      ),
    )
    .orderBy(desc(applications.updatedAt))
    .limit(1);
  if (!latest) return undefined;
  const stored = (await repo.stepsOf(db, [latest.id])).get(latest.id)?.profile;
  if (stored === undefined) return undefined;
  // Without its sealed values a SIN reads as blank, which takes back the one on file.
  const shown = withoutSealedValues({ profile: stored }).profile;
  const plain = restoreBlankFields(cipher, latest.id, 'profile', shown, stored);
  await repo.upsertStep(
    db,
    applicationId,
    'profile',
    sealFields(cipher, applicationId, 'profile', plain),
    new Date(),
  );
  return latest.id;
}
