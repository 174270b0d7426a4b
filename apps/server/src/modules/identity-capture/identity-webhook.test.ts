import { identityMethods } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookSecretOf } from '../../config.ts';
import { identityAttempts, users, webhookReceipts } from '../../db/schema.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../lib/webhooks/webhook-signature.ts';
import {
  createSandboxDocumentVerification,
  SANDBOX_DOCUMENT_VERIFICATION,
} from '../../providers/document-verification/sandbox-document-verification.ts';
import { createApplication } from '../../test/applications.ts';
import { png } from '../../test/documents.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer, signedInWithRole, type TestUser } from '../../test/users.ts';
import type { KeptVendorEvent, Page, QueueCounts } from '@portal/domain';
import { completeAttempt, startAttempt } from '../identity/identity-outcome.ts';
import { createIdentityFollowUpJob, PENDING_FOLLOW_UP_AFTER_MS } from './identity-follow-up.job.ts';

/**
 * The identity vendor's webhook on signed events it cannot use, and the job that asks the
 * vendor about attempts whose decision never came (issue 30, B-F7). On main, both kinds of
 * event answered 500, which a vendor retries for ever.
 */

const secret = webhookSecretOf(
  { appSecret: 'test-secret-test-secret-test-secret-0001' },
  'identity',
);
const minutes = (n: number) => n * 60_000;

describe('the identity webhook, for signed events it cannot use', () => {
  const { test, olivia } = signedInTestApp('olivia');
  let app: FastifyInstance;
  beforeAll(() => {
    app = test.app;
  });

  const deliver = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/webhooks/identity',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, new Date()),
      },
      payload: body,
    });
  const decided = (id: string, occurredAt: Date, data: Record<string, unknown>) =>
    JSON.stringify({
      id,
      type: 'verification.decided',
      occurredAt: occurredAt.toISOString(),
      data,
    });
  const receiptOf = async (eventId: string) => {
    const [row] = await app.db
      .select()
      .from(webhookReceipts)
      .where(and(eq(webhookReceipts.role, 'identity'), eq(webhookReceipts.eventId, eventId)));
    return row;
  };

  it('answers 200 to a decision whose data fails the schema, and keeps it for staff', async () => {
    const body = decided('evt-malformed', new Date(), {
      vendorReference: 'r-1',
      decision: 'maybe',
    });
    const answer = await deliver(body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, duplicate: false, kept: true });
    expect(await receiptOf('evt-malformed')).toMatchObject({
      problem: 'unusable',
      eventType: 'verification.decided',
      resolvedAt: null,
    });
  });

  it('answers 503 to an unknown vendor reference while the event is young, 200 and kept once ten minutes old', async () => {
    const data = { vendorReference: 'no-such-reference', decision: 'approved', reasons: [] };
    const young = await deliver(decided('evt-unknown-young', new Date(), data));
    expect(young.statusCode).toBe(503);
    expect(young.headers['retry-after']).toBe('60');
    expect(await receiptOf('evt-unknown-young')).toBeUndefined();

    // The vendor's retry of an event that occurred eleven minutes ago, signed now.
    const old = await deliver(decided('evt-unknown-old', new Date(Date.now() - minutes(11)), data));
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({ received: true, duplicate: false, kept: true });
    expect((await receiptOf('evt-unknown-old'))?.problem).toBe('unknownReference');
  });

  it('shows kept events to staff, with what the vendor sent, until one marks them dealt with', async () => {
    const staff = await signedInWithRole(app, 'staff');
    const get = (url: string, user: TestUser = staff) =>
      app.inject({ url: `/service/jaxrs/ops/${url}`, headers: bearer(user.token) });
    const before = (await get('queues')).json<QueueCounts>().vendorEvents;
    const body = decided('evt-for-staff', new Date(), { vendorReference: 7 });
    expect((await deliver(body)).statusCode).toBe(200);
    expect((await get('queues')).json<QueueCounts>().vendorEvents).toBe(before + 1);
    const queue = (await get('vendorEvents?pageSize=100')).json<Page<KeptVendorEvent>>();
    expect(queue.items.find((item) => item.eventId === 'evt-for-staff')).toEqual({
      role: 'identity',
      eventId: 'evt-for-staff',
      eventType: 'verification.decided',
      problem: 'unusable',
      receivedAt: expect.any(String),
      event: body,
    });
    // A client is not even told the queue exists.
    expect((await get('vendorEvents', olivia)).statusCode).toBe(404);

    const resolve = (user: TestUser) =>
      app.inject({
        method: 'POST',
        url: '/service/jaxrs/ops/vendorEvents/identity/evt-for-staff/resolve',
        headers: bearer(user.token),
        payload: {},
      });
    expect((await resolve(olivia)).statusCode).toBe(404);
    expect((await resolve(staff)).statusCode).toBe(200);
    expect((await resolve(staff)).statusCode).toBe(404);
    expect((await get('queues')).json<QueueCounts>().vendorEvents).toBe(before);
    expect(await receiptOf('evt-for-staff')).toMatchObject({ resolvedBy: expect.any(String) });
  });

  describe('the job asking the vendor about attempts still pending', () => {
    const userIdOf = async (user: TestUser) => {
      const [row] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, user.email.toLowerCase()));
      return row!.id;
    };
    const image = (fileName: string) => ({
      fileName,
      contentType: 'image/png' as const,
      bytes: new Uint8Array(png()),
    });

    /** An attempt submitted to the sandbox vendor at `at`, its webhook never delivered. */
    async function pendingAttempt(at: Date, frontName: string) {
      const vendor = createSandboxDocumentVerification({
        db: app.db,
        cipher: app.cipher,
        now: () => at,
      });
      const { vendorReference } = await vendor.submit({
        documentType: 'passport',
        images: { front: image(frontName), selfie: image('selfie.png') },
        person: { firstName: 'Olivia', lastName: 'Martin' },
      });
      const { id: applicationId } = await createApplication(app, olivia.token);
      const userId = await userIdOf(olivia);
      return app.db.transaction(async (tx) => {
        const { attemptId } = await startAttempt(tx, app.cipher, {
          applicationId,
          role: 'primary',
          userId,
          method: 'photoId',
          vendor: SANDBOX_DOCUMENT_VERIFICATION,
          vendorReference,
          now: at,
          methodsOffered: identityMethods,
        });
        await completeAttempt(tx, app.cipher, { attemptId, outcome: 'pending', now: at });
        return attemptId;
      });
    }
    const outcomeOf = async (attemptId: string) => {
      const [row] = await app.db
        .select({ outcome: identityAttempts.outcome })
        .from(identityAttempts)
        .where(eq(identityAttempts.id, attemptId));
      return row?.outcome;
    };

    it('applies the vendor’s decision to an attempt pending past the threshold, and only then', async () => {
      const submittedAt = new Date();
      const lost = await pendingAttempt(submittedAt, 'front.png');
      const undecided = await pendingAttempt(submittedAt, 'timeout.png');
      let clock = new Date(submittedAt.getTime() + PENDING_FOLLOW_UP_AFTER_MS - 1);
      const job = createIdentityFollowUpJob({
        db: app.db,
        cipher: app.cipher,
        provider: createSandboxDocumentVerification({
          db: app.db,
          cipher: app.cipher,
          now: () => clock,
        }),
        log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
        now: () => clock,
      });
      // Not yet overdue: the vendor is not asked.
      expect(await job.runOnce()).toEqual({ asked: 0, applied: 0 });
      expect(await outcomeOf(lost)).toBe('pending');

      clock = new Date(submittedAt.getTime() + PENDING_FOLLOW_UP_AFTER_MS + 1);
      const pass = await job.runOnce();
      expect(pass).toMatchObject({ applied: 1 });
      expect(pass.asked).toBeGreaterThanOrEqual(2);
      expect(await outcomeOf(lost)).toBe('verified');
      // The vendor has not decided the "timeout" check: the attempt stays pending.
      expect(await outcomeOf(undecided)).toBe('pending');
      // Applied once: the next pass finds nothing more to do for it.
      expect((await job.runOnce()).applied).toBe(0);
    });
  });
});
