import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  applicationSteps,
  clientIdentities,
  mfaFactors,
  users,
} from '../../db/schema.ts';
import type { DataKeyRing } from '../../lib/crypto/data-key-ring.ts';
import { createFieldCipher } from '../../lib/crypto/field-cipher.ts';
import { applicationAtProfile, profileAnswers, saveStep } from '../../test/applications.ts';
import { documentsUrl, pdf, postDocument } from '../../test/documents.ts';
import { createSharedTestDatabase, type SharedTestDatabase } from '../../test/test-app.ts';
import { bearer, emailCodeFor, signedInUser, type TestUser } from '../../test/users.ts';
import { savedSin } from '../applications/sealed-fields.ts';
import {
  identityHashesOf,
  identityRefusalOf,
  recordApplicantIdentities,
  recordClientIdentity,
} from '../client-identities/client-identities.ts';
import { hasBankAccount, recordBankAccount } from '../funding/bank-accounts.ts';
import {
  newRecoveryCodes,
  startTotp,
  verifySecondFactor,
} from '../security/second-factor.service.ts';
import { keyUsage, keyUsageReport } from './key-usage.ts';
import { reencryptAll } from './re-encryption.ts';

/**
 * Rotating the data key end to end (issue 36, ADR 0043), on PGlite or, with TEST_DATABASE_URL,
 * on PostgreSQL: values made under the old key, a new key made current, the re-encryption
 * stopped half-way and resumed, then everything read back through the modules.
 */

const K1 = randomBytes(32);
const K2 = randomBytes(32);
const rotatedRing: DataKeyRing = {
  current: 'k2',
  keys: new Map([
    ['k2', K2],
    ['k1', K1],
  ]),
};
const ACCOUNT = { institutionNumber: '001', transitNumber: '12345', accountNumber: '1234567' };
const SIN = '130692544';
/** An approved client's identity, as his profile gives it. */
const BOB = { email: 'Bob@Example.com', sin: '193 456 787', birthDate: '1985-03-27' };
/** A client's identity whose approved application is gone (deleted by retention). */
const CAROL = { email: 'carol@example.com', sin: '046 454 286', birthDate: '1990-01-01' };
/** A client's approved profile, and the identity recorded from another one, since deleted. */
const DAVE = { email: 'dave@example.com', sin: '123 456 782', birthDate: '1985-03-27' };
const DAVE_RECORDED = { ...DAVE, birthDate: '1979-12-31' };

const rowsOf = async <Row>(app: FastifyInstance, query: SQL) =>
  ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;

const userIdOf = async (app: FastifyInstance, user: TestUser) => {
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, user.email.toLowerCase()));
  return row!.id;
};

const identityOf = async (app: FastifyInstance, userId: string) => {
  const [row] = await app.db
    .select()
    .from(clientIdentities)
    .where(eq(clientIdentities.userId, userId));
  return row!;
};

describe('rotating the data key (ADR 0043)', () => {
  let shared: SharedTestDatabase;
  let after: FastifyInstance;
  let alice: TestUser;
  let userId: string;
  let applicationId: string;
  let documentId: string;
  const documentBytes = pdf();
  let recoveryCodes: string[];
  let bobId: string;
  let carolId: string;
  let carolHashes: { emailHash: string; sinHash: string; birthDateHash: string };
  let daveId: string;
  let daveHashes: { emailHash: string; sinHash: string; birthDateHash: string };

  beforeAll(async () => {
    shared = await createSharedTestDatabase();
    // Everything below is made under the single key of before the ring (it is k1).
    const before = await shared.build({ dataKey: { kind: 'given', key: K1 } });
    alice = await signedInUser(before, 'alice');
    [{ id: userId }] = (await before.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, alice.email.toLowerCase()))) as [{ id: string }];
    const application = await applicationAtProfile(before, alice.token);
    applicationId = application.id;
    await saveStep(before, alice.token, applicationId, 'profile', application.version, {
      ...profileAnswers(),
      sin: SIN,
    });
    const upload = await postDocument(
      before,
      alice.token,
      applicationId,
      { documentType: 'bankStatement' },
      { fileName: 'relevé.pdf', content: documentBytes, contentType: 'application/pdf' },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    documentId = upload.json<{ id: string }>().id;
    await recordBankAccount(before.db, before.cipher, {
      userId,
      source: 'cheque',
      nickname: 'Chequing',
      currencyTypeId: 1,
      holderName: 'Alice Tremblay',
      ...ACCOUNT,
    });
    const deps = { db: before.db, cipher: before.cipher };
    await startTotp(deps, { id: userId, email: alice.email });
    await before.db
      .update(mfaFactors)
      .set({ confirmedAt: new Date() })
      .where(eq(mfaFactors.userId, userId));
    recoveryCodes = await newRecoveryCodes(deps, userId);

    // Bob becomes a client: approval records his identity from his profile, as the
    // operations console's approval does (it calls the same function in its transaction).
    const approvedClient = async (name: string, identity: typeof BOB) => {
      const client = await signedInUser(before, name);
      const application = await applicationAtProfile(before, client.token);
      await saveStep(
        before,
        client.token,
        application.id,
        'profile',
        application.version,
        profileAnswers(undefined, { ...identity, confirmEmail: identity.email }),
      );
      const [approved] = await before.db
        .update(applications)
        .set({ status: 'approved' })
        .where(eq(applications.id, application.id))
        .returning();
      await recordApplicantIdentities(before.db, before.cipher, approved!);
      return userIdOf(before, client);
    };
    bobId = await approvedClient('bob', BOB);
    // Dave's identity was recorded from another application than the one left: that one's
    // profile does not make his hashes, so it must not replace them.
    daveId = await approvedClient('dave', DAVE);
    await recordClientIdentity(before.db, before.cipher, daveId, DAVE_RECORDED);
    daveHashes = identityHashesOf(before.cipher, DAVE_RECORDED);
    // Carol's identity outlived its application: nothing it was hashed from is left.
    carolId = await userIdOf(before, await signedInUser(before, 'carol'));
    await recordClientIdentity(before.db, before.cipher, carolId, CAROL);
    carolHashes = identityHashesOf(before.cipher, CAROL);
    await before.outbox.runOnce();
    await before.close();

    // The new key is made current; the old one stays in the ring to read what it made.
    after = await shared.build({ dataKey: { kind: 'ring', ring: rotatedRing } });
  });

  afterAll(() => shared?.close());

  it('finds every value under the old key, then moves them in batches, resumably', async () => {
    const initially = await keyUsage(after.db, after.cipher);
    expect(initially.ciphertexts.k1).toBeGreaterThan(0);
    expect(initially.ciphertexts.k2).toBeUndefined();
    for (const table of [
      'application_documents',
      'bank_accounts',
      'sandbox_mailbox',
      'mfa_factors',
      'application_steps',
    ]) {
      expect(initially.columns.some((usage) => usage.table === table && usage.keyId === 'k1')).toBe(
        true,
      );
    }

    // Stopped after three one-row batches, as a crash would stop it.
    const interrupted = await reencryptAll(after.db, after.cipher, { batchSize: 1, maxBatches: 3 });
    expect(interrupted.complete).toBe(false);
    expect(interrupted.rewritten).toBeGreaterThan(0);
    const halfway = await keyUsage(after.db, after.cipher);
    expect(halfway.ciphertexts.k2).toBeGreaterThan(0);
    expect(halfway.ciphertexts.k1).toBeGreaterThan(0);
    // Half-way, the account is found by either key's fingerprint.
    expect(await hasBankAccount(after.db, after.cipher, userId, ACCOUNT, 'cheque')).toBe(true);

    // Resumed by running again (the server's job): it selects what is still under k1.
    const resumed = await after.keyRotation.runOnce();
    expect(resumed.complete).toBe(true);
    expect(resumed.unreadable).toBe(0);
    // Bob's identity re-hashed from his approved profile; Carol's and Dave's kept.
    expect(resumed.byTable.client_identities).toEqual({ rewritten: 1, unreadable: 0, kept: 2 });
    const again = await after.keyRotation.runOnce();
    expect(again.rewritten).toBe(0);
    expect(again.kept).toBe(2);

    const usage = await keyUsage(after.db, after.cipher);
    expect(usage.ciphertexts.k1).toBeUndefined();
    expect(usage.ciphertexts.k2).toBe(initially.ciphertexts.k1);
    // The old key is still used only by the recovery codes, which cannot be hashed again, and
    // by Carol's and Dave's identities, kept (the status says why).
    const stillK1 = usage.columns.filter((column) => column.keyId === 'k1');
    expect(
      stillK1
        .map((column) => ({
          column: `${column.table}.${column.column}`,
          count: column.count,
          kept: column.kept ?? 0,
        }))
        .sort((a, b) => a.column.localeCompare(b.column)),
    ).toEqual([
      { column: 'client_identities.birth_date_hash', count: 2, kept: 2 },
      { column: 'client_identities.email_hash', count: 2, kept: 2 },
      { column: 'client_identities.sin_hash', count: 2, kept: 2 },
      { column: 'mfa_recovery_codes.code_hash', count: recoveryCodes.length, kept: 0 },
    ]);
    expect(keyUsageReport(usage, after.cipher)[1]).toContain(
      'client_identities.sin_hash 2 (2 kept: no approved application with its SIN)',
    );
    expect(usage.retirable).toEqual([]);
    expect(usage.missing).toEqual([]);
  });

  it('reads everything back under the new ring, and the look-ups still find it', async () => {
    const stored = await rowsOf<{ content: string }>(
      after,
      sql`select content_encrypted as content from sandbox_mailbox`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((row) => row.content.startsWith('v2:k2:'))).toBe(true);
    // The mailbox still reads (its rows were made under k1).
    expect(await emailCodeFor(after, alice.email)).toMatch(/^\d{6}$/);

    const content = await after.inject({
      url: `${documentsUrl(applicationId)}/${documentId}/content`,
      headers: bearer(alice.token),
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(documentBytes)).toBe(true);
    const list = await after.inject({
      url: documentsUrl(applicationId),
      headers: bearer(alice.token),
    });
    expect(list.json<{ fileName: string }[]>().map((document) => document.fileName)).toEqual([
      'relevé.pdf',
    ]);
    // The fingerprint was hashed again: the same file is still recognised.
    const duplicate = await postDocument(
      after,
      alice.token,
      applicationId,
      { documentType: 'bankStatement' },
      { fileName: 'again.pdf', content: documentBytes, contentType: 'application/pdf' },
    );
    expect(duplicate.statusCode).toBe(409);

    const [profile] = await after.db
      .select({ data: applicationSteps.data })
      .from(applicationSteps)
      .where(
        and(
          eq(applicationSteps.applicationId, applicationId),
          eq(applicationSteps.step, 'profile'),
        ),
      );
    expect(JSON.stringify(profile!.data)).toMatch(/"sinEncrypted":"v2:k2:/);
    expect(savedSin(after.cipher, applicationId, 'profile', profile!.data)).toBe(SIN);

    expect(await hasBankAccount(after.db, after.cipher, userId, ACCOUNT, 'cheque')).toBe(true);
    const [account] = await rowsOf<{ hash: string }>(
      after,
      sql`select account_number_hash as hash from bank_accounts`,
    );
    expect(account!.hash.startsWith('k2.')).toBe(true);
  });

  it('re-hashes an approved client’s identity, so the look-up finds them once k1 is gone', async () => {
    const bobRow = await identityOf(after, bobId);
    expect(bobRow).toMatchObject(identityHashesOf(after.cipher, BOB));
    expect(bobRow.sinHash.startsWith('k2.')).toBe(true);
    // Kept as they were: nothing left makes their hashes again.
    expect(await identityOf(after, carolId)).toMatchObject(carolHashes);
    expect(await identityOf(after, daveId)).toMatchObject(daveHashes);

    // Their rows go (as they do with the logins); k1 is then used by no client identity.
    await after.db
      .delete(clientIdentities)
      .where(inArray(clientIdentities.userId, [carolId, daveId]));
    const usage = await keyUsage(after.db, after.cipher);
    expect(
      usage.columns.filter(
        (column) => column.table === 'client_identities' && column.keyId === 'k1',
      ),
    ).toEqual([]);
    expect(
      usage.columns
        .filter((column) => column.table === 'client_identities')
        .map((column) => [column.column, column.keyId, column.count]),
    ).toEqual([
      ['email_hash', 'k2', 1],
      ['sin_hash', 'k2', 1],
      ['birth_date_hash', 'k2', 1],
    ]);

    // Without k1, another login giving Bob's SIN and birth date is told to use his account.
    const withoutK1 = createFieldCipher({ current: 'k2', keys: new Map([['k2', K2]]) });
    expect(
      await identityRefusalOf(after.db, withoutK1, {
        step: 'profile',
        ownerId: userId,
        jointUserId: null,
        profile: BOB,
      }),
    ).toEqual({ field: 'sin', code: 'existingAccount' });
  });

  it('takes a recovery code made under the old key, and the old key is then used by nothing', async () => {
    const deps = { db: after.db, cipher: after.cipher };
    expect(await verifySecondFactor(deps, userId, recoveryCodes[0]!)).toBe('recovery');
    expect(await verifySecondFactor(deps, userId, recoveryCodes[0]!)).toBeNull();
    // The codes left are still under k1 until new ones replace them.
    expect((await keyUsage(after.db, after.cipher)).hashes.k1).toBe(recoveryCodes.length - 1);
    await newRecoveryCodes(deps, userId);
    const usage = await keyUsage(after.db, after.cipher);
    expect(usage.hashes.k1).toBeUndefined();
    expect(usage.retirable).toEqual(['k1']);

    // Without k1 the ring still reads everything.
    const retired = await shared.build({
      dataKey: { kind: 'ring', ring: { current: 'k2', keys: new Map([['k2', K2]]) } },
    });
    expect(await hasBankAccount(retired.db, retired.cipher, userId, ACCOUNT, 'cheque')).toBe(true);
    const content = await retired.inject({
      url: `${documentsUrl(applicationId)}/${documentId}/content`,
      headers: bearer(alice.token),
    });
    expect(content.rawPayload.equals(documentBytes)).toBe(true);
  });
});
