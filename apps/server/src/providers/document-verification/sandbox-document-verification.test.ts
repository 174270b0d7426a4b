import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIdReportSchema } from '@portal/domain/identity/photo-id-check';
import { sandboxIdentityChecks, sandboxWebhookDeliveries } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { VerificationRequest } from './document-verification-provider.ts';
import {
  createSandboxDocumentVerification,
  SANDBOX_DECISION_DELAY_MS,
  SANDBOX_SLOW_DECISION_DELAY_MS,
  sandboxVerdictOf,
} from './sandbox-document-verification.ts';

const jpeg = (fileName: string) => ({
  fileName,
  contentType: 'image/jpeg' as const,
  bytes: Uint8Array.of(0xff, 0xd8, 0xff, 0xe0),
});

function request(
  front: string,
  selfie = 'selfie.jpg',
  documentType: VerificationRequest['documentType'] = 'driversLicence',
): VerificationRequest {
  return {
    documentType,
    images: { front: jpeg(front), back: jpeg('back.jpg'), selfie: jpeg(selfie) },
    person: { firstName: 'Camille', lastName: 'Tremblay', provinceCode: 'QC' },
  };
}

describe('the sandbox document-verification vendor decides from the file names', () => {
  it('approves an ordinary picture after 3 s with an Ontario licence in the person’s name', () => {
    const verdict = sandboxVerdictOf(request('IMG_0001.jpg'));
    expect(verdict).toMatchObject({
      decision: 'approved',
      reasons: [],
      delayMs: SANDBOX_DECISION_DELAY_MS,
    });
    expect(verdict.document).toEqual({
      type: 'driversLicence',
      number: 'D1234-56789-01234',
      jurisdiction: 'ON',
      country: 'CA',
      expiryDate: '2030-08-31',
      name: 'Camille Tremblay',
    });
  });

  it('reads a passport as Canadian and a card as one of the person’s province', () => {
    expect(sandboxVerdictOf(request('a.jpg', 's.jpg', 'passport')).document).toMatchObject({
      type: 'passport',
      country: 'CA',
    });
    expect(sandboxVerdictOf(request('a.jpg', 's.jpg', 'identityCard')).document).toMatchObject({
      type: 'identityCard',
      jurisdiction: 'QC',
    });
  });

  it.each([
    ['My-EXPIRED-licence.png', 'selfie.jpg', 'declined', ['documentExpired']],
    ['blurry.jpg', 'selfie.jpg', 'declined', ['captureFailed']],
    ['front.jpg', 'stranger.jpg', 'declined', ['likenessFailed']],
    ['review-me.jpg', 'selfie.jpg', 'review', []],
  ] as const)('%s with %s: %s %j', (front, selfie, decision, reasons) => {
    expect(sandboxVerdictOf(request(front, selfie))).toMatchObject({
      decision,
      reasons: [...reasons],
    });
  });

  it('gives a review the vendor’s breakdown: "review" a suspected picture, "caution" data that disagrees', () => {
    const suspected = sandboxVerdictOf(request('review-me.jpg'));
    expect(suspected.document).toMatchObject({ number: 'D1234-56789-01234' });
    expect(suspected.reports).toEqual([
      expect.objectContaining({
        kind: 'document',
        result: 'consider',
        subResult: 'suspected',
        concerns: expect.arrayContaining([
          { area: 'visualAuthenticity', item: 'digitalTampering', result: 'consider' },
        ]),
      }),
      { kind: 'facialSimilarity', result: 'clear', subResult: null, concerns: [] },
    ]);
    const caution = sandboxVerdictOf(request('CAUTION.png'));
    expect(caution).toMatchObject({ decision: 'review', reasons: [] });
    expect(caution.reports?.[0]).toMatchObject({
      subResult: 'caution',
      concerns: [
        { area: 'dataConsistency', item: null, result: 'consider' },
        { area: 'dataConsistency', item: 'documentNumbers', result: 'consider' },
      ],
    });
    for (const report of [...(suspected.reports ?? []), ...(caution.reports ?? [])]) {
      expect(photoIdReportSchema.parse(report)).toEqual(report);
    }
    // An approval's reports are all clear.
    expect(
      sandboxVerdictOf(request('IMG_0001.jpg')).reports?.map((report) => report.result),
    ).toEqual(['clear', 'clear']);
  });

  it('gives an expired document its past expiry date', () => {
    expect(sandboxVerdictOf(request('expired.jpg')).document?.expiryDate).toBe('2024-05-31');
  });

  it('decides "slow" after 45 s and never decides "timeout"', () => {
    expect(sandboxVerdictOf(request('slow.jpg')).delayMs).toBe(SANDBOX_SLOW_DECISION_DELAY_MS);
    expect(sandboxVerdictOf(request('Timeout.jpg')).delayMs).toBeNull();
  });
});

describe('submitting to the sandbox', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('keeps its check encrypted and promises the decision as a webhook after the delay', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const vendor = createSandboxDocumentVerification({
      db: test.app.db,
      cipher: test.app.cipher,
      now: () => now,
    });
    const { vendorReference } = await vendor.submit(request('IMG_0001.jpg'));
    const [check] = await test.app.db
      .select()
      .from(sandboxIdentityChecks)
      .where(eq(sandboxIdentityChecks.id, vendorReference));
    expect(check?.status).toBe('decided');
    expect(check?.stateEncrypted).not.toContain('D1234');
    const deliveries = await test.app.db.select().from(sandboxWebhookDeliveries);
    const delivery = deliveries.find(
      (row) => row.dueAt.getTime() === now.getTime() + SANDBOX_DECISION_DELAY_MS,
    );
    expect(delivery).toMatchObject({ role: 'identity', path: '/webhooks/identity' });
  });

  it('answers a review with its breakdown from its API too, once due', async () => {
    let now = new Date('2026-11-23T12:00:00Z');
    const vendor = createSandboxDocumentVerification({
      db: test.app.db,
      cipher: test.app.cipher,
      now: () => now,
    });
    const { vendorReference } = await vendor.submit(request('review.jpg'));
    expect(await vendor.decisionOf(vendorReference)).toBeUndefined();
    now = new Date(now.getTime() + SANDBOX_DECISION_DELAY_MS);
    expect(await vendor.decisionOf(vendorReference)).toMatchObject({
      vendorReference,
      decision: 'review',
      document: { type: 'driversLicence' },
      reports: [{ kind: 'document', subResult: 'suspected' }, { kind: 'facialSimilarity' }],
    });
  });

  it('queues nothing for "timeout": the attempt runs out on our side', async () => {
    const before = (await test.app.db.select().from(sandboxWebhookDeliveries)).length;
    const vendor = createSandboxDocumentVerification({ db: test.app.db, cipher: test.app.cipher });
    const { vendorReference } = await vendor.submit(request('timeout.jpg'));
    expect((await test.app.db.select().from(sandboxWebhookDeliveries)).length).toBe(before);
    const [check] = await test.app.db
      .select()
      .from(sandboxIdentityChecks)
      .where(eq(sandboxIdentityChecks.id, vendorReference));
    expect(check?.status).toBe('open');
  });
});
