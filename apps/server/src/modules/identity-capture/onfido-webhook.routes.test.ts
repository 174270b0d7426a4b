import { identityMethods } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityAttempts } from '../../db/schema.ts';
import type { VerificationDecision } from '../../providers/document-verification/document-verification-provider.ts';
import {
  ONFIDO_SIGNATURE_HEADER,
  ONFIDO_WEBHOOK_PATH,
} from '../../providers/document-verification/onfido-webhook.ts';
import { createApplication } from '../../test/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser, type TestUser } from '../../test/users.ts';
import {
  onfidoAsReported,
  onfidoCheckEvent,
  onfidoSettingsFor,
} from '../../test/vendors/onfido-as-reported.ts';
import { userIdOf } from '../identity/identity.fixtures.ts';
import { completeAttempt, startAttempt } from '../identity/identity-outcome.ts';
import { createIdentityFollowUpJob, PENDING_FOLLOW_UP_AFTER_MS } from './identity-follow-up.job.ts';

const WEBHOOK_TOKEN = 'onfido-webhook-token-for-tests';
const onfido = onfidoSettingsFor(WEBHOOK_TOKEN);

/** Onfido's webhook body for a check (`check.completed` by default), signed with `key`. */
const checkCompleted = (
  checkId: string,
  key = WEBHOOK_TOKEN,
  action = 'check.completed',
  completedAt = new Date(),
) => onfidoCheckEvent(checkId, key, { action, completedAt });

const approved = (vendorReference: string): VerificationDecision => ({
  vendorReference,
  decision: 'approved',
  reasons: [],
  document: {
    type: 'driversLicence',
    number: 'O1234-567890-12',
    jurisdiction: 'QC',
    country: 'CA',
    expiryDate: '2031-06-30',
    name: "Marie-Ève O'Brien",
  },
});

describe('Onfido’s webhook at /webhooks/onfido, with IDENTITY_DOCUMENT_PROVIDER=onfido', () => {
  const onfidoVendor = onfidoAsReported();
  let test: TestApp;
  let olivia: TestUser;
  beforeAll(async () => {
    test = await createTestApp(
      { identityDocument: onfido },
      { vendors: { documentVerification: onfidoVendor.vendor } },
    );
    olivia = await signedInUser(test.app, 'olivia');
  });
  afterEach(() => {
    onfidoVendor.forgotten.length = 0;
  });
  afterAll(() => test.close());

  /** A photo-ID attempt sent to Onfido, waiting for its check. */
  async function pendingCheck(): Promise<{ attemptId: string; checkId: string }> {
    const checkId = randomUUID();
    const { id: applicationId } = await createApplication(test.app, olivia.token);
    const userId = await userIdOf(test.app, olivia);
    const attemptId = await test.app.db.transaction(async (tx) => {
      const started = await startAttempt(tx, test.app.cipher, {
        applicationId,
        role: 'primary',
        userId,
        method: 'photoId',
        vendor: 'onfido',
        vendorReference: checkId,
        methodsOffered: identityMethods,
      });
      await completeAttempt(tx, test.app.cipher, {
        attemptId: started.attemptId,
        outcome: 'pending',
      });
      return started.attemptId;
    });
    return { attemptId, checkId };
  }
  const outcomeOf = async (attemptId: string) =>
    (
      await test.app.db
        .select({ outcome: identityAttempts.outcome })
        .from(identityAttempts)
        .where(eq(identityAttempts.id, attemptId))
    )[0]?.outcome;
  const deliver = (delivery: { body: string; signature?: string }) =>
    test.app.inject({
      method: 'POST',
      url: ONFIDO_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        ...(delivery.signature && { [ONFIDO_SIGNATURE_HEADER]: delivery.signature }),
      },
      payload: delivery.body,
    });

  it('records the decision read from Onfido’s API, once, then has Onfido forget the person', async () => {
    const { attemptId, checkId } = await pendingCheck();
    onfidoVendor.decisions.set(checkId, approved(checkId));
    const delivery = checkCompleted(checkId);
    const first = await deliver(delivery);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: true, duplicate: false });
    expect(await outcomeOf(attemptId)).toBe('verified');
    expect(onfidoVendor.forgotten).toEqual([checkId]);
    // Onfido delivers again: a duplicate, nothing recorded or deleted twice.
    expect((await deliver(delivery)).json()).toMatchObject({ duplicate: true });
    expect(onfidoVendor.forgotten).toEqual([checkId]);
  });

  it('refuses a forged, altered or unsigned delivery, and records nothing', async () => {
    const { attemptId, checkId } = await pendingCheck();
    onfidoVendor.decisions.set(checkId, approved(checkId));
    expect((await deliver(checkCompleted(checkId, 'a-guessed-token'))).statusCode).toBe(401);
    const genuine = checkCompleted(checkId);
    const altered = { ...genuine, body: genuine.body.replace('complete"', 'completed"') };
    expect((await deliver(altered)).statusCode).toBe(401);
    expect((await deliver({ body: genuine.body })).statusCode).toBe(401);
    expect(await outcomeOf(attemptId)).toBe('pending');
    expect(onfidoVendor.forgotten).toEqual([]);
  });

  it('asks Onfido to deliver again while its API has no decision yet, and ignores other actions', async () => {
    const { attemptId, checkId } = await pendingCheck();
    expect((await deliver(checkCompleted(checkId))).statusCode).toBe(500);
    expect(await outcomeOf(attemptId)).toBe('pending');
    const started = await deliver(checkCompleted(checkId, WEBHOOK_TOKEN, 'check.started'));
    expect(started.statusCode).toBe(200);
    expect(await outcomeOf(attemptId)).toBe('pending');
    expect(onfidoVendor.forgotten).toEqual([]);
  });

  it('changes nothing on a stale event: one completed before the attempt began', async () => {
    const { attemptId, checkId } = await pendingCheck();
    onfidoVendor.decisions.set(checkId, approved(checkId));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const stale = await deliver(
      checkCompleted(checkId, WEBHOOK_TOKEN, 'check.completed', anHourAgo),
    );
    expect(stale.statusCode, stale.body).toBe(200);
    expect(await outcomeOf(attemptId)).toBe('pending');
    expect(onfidoVendor.forgotten).toEqual([]);
    // The genuine completion, later, still decides it.
    expect((await deliver(checkCompleted(checkId))).statusCode).toBe(200);
    expect(await outcomeOf(attemptId)).toBe('verified');
  });

  it('answers 503 to a check it does not know yet (our write may not have committed)', async () => {
    const unknown = randomUUID();
    onfidoVendor.decisions.set(unknown, approved(unknown));
    expect((await deliver(checkCompleted(unknown))).statusCode).toBe(503);
  });

  it('has Onfido forget the person when the follow-up job, not the webhook, records the decision', async () => {
    const { attemptId, checkId } = await pendingCheck();
    onfidoVendor.decisions.set(checkId, approved(checkId));
    const job = createIdentityFollowUpJob({
      db: test.app.db,
      cipher: test.app.cipher,
      provider: onfidoVendor.vendor,
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      now: () => new Date(Date.now() + PENDING_FOLLOW_UP_AFTER_MS + 60_000),
    });
    expect((await job.runOnce()).applied).toBeGreaterThanOrEqual(1);
    expect(await outcomeOf(attemptId)).toBe('verified');
    expect(onfidoVendor.forgotten).toContain(checkId);
  });

  it('serves Onfido’s webhook instead of the sandbox’s', () => {
    expect(test.app.hasRoute({ method: 'POST', url: ONFIDO_WEBHOOK_PATH })).toBe(true);
    expect(test.app.hasRoute({ method: 'POST', url: '/webhooks/identity' })).toBe(false);
  });
});
