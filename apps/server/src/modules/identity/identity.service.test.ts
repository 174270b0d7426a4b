import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BureauFileMatch,
  CreditBureauProvider,
} from '../../providers/credit-bureau/credit-bureau-provider.ts';
import { createSandboxCreditBureau } from '../../providers/credit-bureau/sandbox-credit-bureau.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser, type TestUser } from '../../test/users.ts';
import { agreedApplication, userIdOf } from './identity.fixtures.ts';
import * as repo from './identity.repo.ts';
import {
  identityView,
  IdentityError,
  startCreditFile,
  type IdentityDeps,
} from './identity.service.ts';

/**
 * Monday 24 November 2025, 22:00 in Vancouver (PST, UTC-8 in every time-zone database; see
 * bureau-maintenance.test.ts): the bureau's Monday maintenance.
 */
const MONDAY_22_PACIFIC = new Date('2025-11-25T06:00:00Z');
/** Wednesday 26 November 2025, 10:00 in Vancouver: the bureau is up. */
const WEDNESDAY_MORNING = new Date('2025-11-26T18:00:00Z');

describe('identity service: the credit bureau', () => {
  let test: TestApp;
  let camille: TestUser;
  let camilleId: string;

  beforeAll(async () => {
    test = await createTestApp({ featureFlags: { bypassQualId: false } });
    camille = await signedInUser(test.app, 'camille');
    camilleId = await userIdOf(test.app, camille);
  });
  afterAll(() => test.close());

  const depsWith = (bureau: CreditBureauProvider, now: Date): IdentityDeps => ({
    db: test.app.db,
    cipher: test.app.cipher,
    bureau,
    bypassQualId: () => false,
    now: () => now,
  });
  const sandbox = () => createSandboxCreditBureau({ db: test.app.db, cipher: test.app.cipher });

  /** A bureau that finds this file (the real bureaus may return files the product refuses). */
  const bureauFinding = (file: Partial<BureauFileMatch>): CreditBureauProvider => {
    const real = sandbox();
    return {
      name: 'test-bureau',
      async matchFile(person) {
        const found = await real.matchFile(person);
        if (found.outcome !== 'match') throw new Error('the sandbox should match');
        return { ...found, ...file };
      },
      checkAnswers: real.checkAnswers,
    };
  };

  it('answers 503 bureauOffline during the Monday maintenance (22:00 Pacific), until 01:30', async () => {
    const id = await agreedApplication(test.app, camille);
    const deps = depsWith(sandbox(), MONDAY_22_PACIFIC);
    const refusal = await startCreditFile(deps, camilleId, id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(IdentityError);
    expect(refusal).toMatchObject({
      status: 503,
      errorCode: 'bureauOffline',
      extra: { endsAt: '2025-11-25T09:30:00.000Z' },
    });
    expect(await repo.attemptsOf(test.app.db, id, 'primary')).toEqual([]);
    const view = await identityView(deps, camilleId, id);
    expect(view.bureau).toEqual({ offline: true, endsAt: '2025-11-25T09:30:00.000Z' });
    const later = await startCreditFile(depsWith(sandbox(), WEDNESDAY_MORNING), camilleId, id);
    expect(later.outcome).toBe('questions');
  });

  it('keeps the bureau open through its windows when the configuration turns them off (e2e servers)', async () => {
    const id = await agreedApplication(test.app, camille);
    const deps = { ...depsWith(sandbox(), MONDAY_22_PACIFIC), maintenanceWindows: false };
    expect((await identityView(deps, camilleId, id)).bureau).toEqual({ offline: false });
    const started = await startCreditFile(deps, camilleId, id);
    expect(started.outcome).toBe('questions');
  });

  it('refuses a matched file of two years as thinFile (FINTRAC: at least three)', async () => {
    const id = await agreedApplication(test.app, camille);
    const deps = depsWith(bureauFinding({ fileAgeYears: 2 }), WEDNESDAY_MORNING);
    expect(await startCreditFile(deps, camilleId, id)).toEqual({
      outcome: 'failed',
      reason: 'thinFile',
    });
    const [attempt] = await repo.attemptsOf(test.app.db, id, 'primary');
    expect(attempt).toMatchObject({ outcome: 'failed', reason: 'thinFile', recordEncrypted: null });
  });

  it('refuses a file built from one source as thinFile, and one whose birth date differs as noMatch', async () => {
    const id = await agreedApplication(test.app, camille);
    const oneSource = depsWith(bureauFinding({ tradelines: 1 }), WEDNESDAY_MORNING);
    expect(await startCreditFile(oneSource, camilleId, id)).toMatchObject({ reason: 'thinFile' });
    const otherBirth = depsWith(bureauFinding({ dobMatch: false }), WEDNESDAY_MORNING);
    expect(await startCreditFile(otherBirth, camilleId, id)).toMatchObject({ reason: 'noMatch' });
  });

  it('accepts a file of exactly three years and two tradelines', async () => {
    const id = await agreedApplication(test.app, camille);
    const deps = depsWith(bureauFinding({ fileAgeYears: 3, tradelines: 2 }), WEDNESDAY_MORNING);
    expect((await startCreditFile(deps, camilleId, id)).outcome).toBe('questions');
  });
});
