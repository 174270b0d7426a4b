import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedPrism } from '../../test/vendors/prism.ts';
import {
  startOnfidoContract,
  startOnfidoStandIn,
  type OnfidoStandIn,
} from '../../test/vendors/onfido-stand-in.ts';
import { createOnfidoDocumentVerification } from './onfido-document-verification.ts';

const API_TOKEN = 'api_sandbox.stand-in-token';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const image = (fileName: string) => ({ fileName, contentType: 'image/png' as const, bytes: png });
const licence = {
  type: 'driving_licence' as const,
  number: 'G1234-56789-01234',
  issuingState: 'QC',
  dateOfExpiry: '2031-06-30',
  dateOfBirth: '1988-04-12',
  firstName: 'Marie-Ève',
  lastName: "O'Brien",
};

/**
 * The journeys' Onfido stand-in, behind Prism in validating proxy mode on Onfido's document:
 * the adapter's whole round (submit, a completed check's decision, the applicant deleted)
 * leaves neither side of the document, so the journeys prove the adapter, not the stand-in.
 */
describe("the Onfido adapter through Prism's validating proxy to the journeys' stand-in", () => {
  let standIn: OnfidoStandIn;
  let contract: RecordedPrism;
  beforeAll(async () => {
    standIn = await startOnfidoStandIn({ apiToken: API_TOKEN });
    contract = await startOnfidoContract({ upstream: standIn.url });
  }, 60_000);
  afterAll(async () => {
    await contract?.close();
    await standIn?.close();
  });

  it('submits, reads a clear check as approved with the document as Onfido read it, and deletes the applicant', async () => {
    const onfido = createOnfidoDocumentVerification({
      apiToken: API_TOKEN,
      region: 'ca',
      apiBaseUrl: contract.url,
      timeoutMs: 10_000,
    });
    const { vendorReference } = await onfido
      .submit({
        documentType: 'driversLicence',
        images: { front: image('front.png'), back: image('back.png'), selfie: image('selfie.png') },
        person: { firstName: 'Marie-Ève', lastName: "O'Brien", provinceCode: 'QC' },
      })
      .catch((error: unknown) => {
        // Prism names why it refused a request or an answer: say it with the failure.
        throw new Error(`${String(error)}: ${JSON.stringify(contract.answers)}`);
      });
    const check = standIn.checks.get(vendorReference);
    expect(check).toMatchObject({
      reportNames: ['document', 'facial_similarity_photo'],
      status: 'in_progress',
    });
    const applicant = standIn.applicants.get(check?.applicantId ?? '');
    expect(applicant?.documents.map((document) => [document.type, document.side])).toEqual([
      ['driving_licence', 'front'],
      ['driving_licence', 'back'],
    ]);
    expect(applicant?.documents.every((document) => document.issuingCountry === 'CAN')).toBe(true);
    expect(applicant?.livePhotos).toHaveLength(1);
    expect(await onfido.decisionOf(vendorReference)).toBeUndefined();

    standIn.complete(vendorReference, 'clear', licence);
    expect(await onfido.decisionOf(vendorReference)).toMatchObject({
      decision: 'approved',
      vendorReference,
      document: {
        type: 'driversLicence',
        number: 'G1234-56789-01234',
        jurisdiction: 'QC',
        country: 'CA',
        expiryDate: '2031-06-30',
      },
    });
    await onfido.forget(vendorReference);
    expect(standIn.deleted).toEqual([check?.applicantId]);

    expect(contract.answers.length).toBeGreaterThanOrEqual(8);
    for (const answer of contract.answers) {
      expect(answer.violations, JSON.stringify(answer)).toBeUndefined();
      expect(answer.status, JSON.stringify(answer)).toBeLessThan(300);
    }
  });
});
