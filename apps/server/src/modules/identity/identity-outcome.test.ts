import { identityMethods } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FintracRecord } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { agreedApplication, userIdOf } from './identity.fixtures.ts';
import { completeAttempt, startAttempt } from './identity-outcome.ts';
import * as repo from './identity.repo.ts';

const creditFileRecord = (): FintracRecord => ({
  method: 'creditFile',
  verifiedName: 'Camille Tremblay',
  verifiedAt: new Date().toISOString(),
  vendor: 'test-bureau',
  vendorReference: 'check-1',
  bureau: 'equifax',
  fileReference: 'EQ0000000001',
  fileAgeYears: 6,
  tradelines: 4,
});

describe('identity outcome: attempts start and end in one place', () => {
  let test: TestApp;
  let applicationId: string;
  let userId: string;

  beforeAll(async () => {
    test = await createTestApp({ featureFlags: { bypassQualId: false } });
    const camille = await signedInUser(test.app, 'camille');
    userId = await userIdOf(test.app, camille);
    applicationId = await agreedApplication(test.app, camille);
  });
  afterAll(() => test.close());

  const start = (now: Date) =>
    test.app.db.transaction((tx) =>
      startAttempt(tx, test.app.cipher, {
        applicationId,
        role: 'primary',
        userId,
        method: 'creditFile',
        now,
        methodsOffered: identityMethods,
      }),
    );
  const complete = (input: Parameters<typeof completeAttempt>[2]) =>
    test.app.db.transaction((tx) => completeAttempt(tx, test.app.cipher, input));
  const stateNow = async () =>
    (await repo.findVerification(test.app.db, applicationId, 'primary'))?.state;

  it('refuses a verification without its record, or with a field FINTRAC does not ask for', async () => {
    const { attemptId } = await start(new Date());
    await expect(complete({ attemptId, outcome: 'verified' })).rejects.toThrow(/record/);
    const padded = { ...creditFileRecord(), sin: '130692544' } as unknown as FintracRecord;
    await expect(complete({ attemptId, outcome: 'verified', record: padded })).rejects.toThrow();
    expect((await repo.findAttempt(test.app.db, attemptId))?.outcome).toBe('inProgress');
  });

  it("never lets an older attempt's late failure overwrite a newer attempt's state", async () => {
    const older = await start(new Date(Date.now() - 60_000));
    await start(new Date());
    expect(await stateNow()).toBe('inProgress');
    expect(
      await complete({ attemptId: older.attemptId, outcome: 'failed', reason: 'noMatch' }),
    ).toEqual({
      changed: true,
    });
    expect(await stateNow()).toBe('inProgress');
  });

  it('completes once: the same news again changes nothing', async () => {
    const { attemptId } = await start(new Date(Date.now() + 1_000));
    const first = await complete({ attemptId, outcome: 'verified', record: creditFileRecord() });
    const again = await complete({ attemptId, outcome: 'failed', reason: 'questionsFailed' });
    expect([first.changed, again.changed]).toEqual([true, false]);
    expect(await repo.findAttempt(test.app.db, attemptId)).toMatchObject({
      outcome: 'verified',
      reason: null,
      workingEncrypted: null,
    });
    expect(await stateNow()).toBe('verified');
  });
});
