import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { photoIdReportSchema } from '@portal/domain/identity/photo-id-check';
import { startRecordedPrism, type RecordedPrism } from '../../test/vendors/prism.ts';
import type { VerificationRequest } from './document-verification-provider.ts';
import {
  createOnfidoDocumentVerification,
  decisionFromReports,
  OnfidoUnavailable,
  reportsOf,
  type OnfidoSettings,
} from './onfido-document-verification.ts';

const contract = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'contracts/onfido-openapi.v3.6.checks.json',
);
/** A 1×1 PNG: what the phone sends is an image; Onfido reads it, the mock only its shape. */
const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const request: VerificationRequest = {
  documentType: 'driversLicence',
  images: {
    front: { fileName: 'IMG_0001.png', contentType: 'image/png', bytes: png },
    back: { fileName: 'IMG_0002.png', contentType: 'image/png', bytes: png },
    selfie: { fileName: 'selfie.png', contentType: 'image/png', bytes: png },
  },
  person: { firstName: 'Marie-Ève', lastName: "O'Brien", provinceCode: 'QC' },
};
/** Onfido's ids are UUIDs (its document says so, and Prism holds the adapter to it). */
const CHECK_ID = '5b1e3a52-8c7e-4d3f-9a61-2f0c6d7e8b90';
const settingsFor = (apiBaseUrl: string): OnfidoSettings => ({
  apiToken: 'api_sandbox.test-token',
  region: 'ca',
  apiBaseUrl,
  timeoutMs: 5000,
});

describe("the Onfido adapter against Onfido's published OpenAPI document (Prism, validation mode)", () => {
  let prism: RecordedPrism;
  beforeAll(async () => {
    prism = await startRecordedPrism(contract);
  }, 60_000);
  afterAll(() => prism.close());
  afterEach(() => {
    prism.answers.length = 0;
  });

  it('creates the applicant, sends both sides and the live photo, and asks for the two reports', async () => {
    const submitted = await createOnfidoDocumentVerification(settingsFor(prism.url)).submit(
      request,
    );
    expect(submitted).toEqual({ vendorReference: expect.any(String) });
    expect(prism.answers).toEqual([
      { path: '/applicants', status: 201 },
      { path: '/documents', status: 201 },
      { path: '/documents', status: 201 },
      { path: '/live_photos', status: 201 },
      { path: '/checks', status: 201 },
    ]);
  });

  it('reads a check and its reports, and deletes its applicant, within the document', async () => {
    const provider = createOnfidoDocumentVerification(settingsFor(prism.url));
    await provider.decisionOf(CHECK_ID);
    await provider.forget(CHECK_ID);
    expect(prism.answers.map((answer) => answer.violations)).toEqual(
      prism.answers.map(() => undefined),
    );
    const paths = prism.answers.map((answer) => answer.path);
    expect(paths).toContain(`/checks/${CHECK_ID}`);
    // The applicant the check names is deleted (Prism's example check names one).
    expect(paths.some((each) => /^\/applicants\/[\w-]+$/.test(each))).toBe(true);
  });

  it('is refused by the document without the API token (the Token scheme)', async () => {
    const response = await fetch(`${prism.url}/checks/abc`);
    expect(response.status).toBe(401);
  });
});

describe("Onfido's outages and refusals, as its error responses document them", () => {
  let server: Server;
  let url = '';
  let answer: (incoming: IncomingMessage, outgoing: ServerResponse) => void = () => {};
  beforeAll(async () => {
    server = createServer((incoming, outgoing) => answer(incoming, outgoing));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('says Onfido is unavailable, naming its error type, never the person', async () => {
    answer = (_incoming, outgoing) => {
      outgoing.writeHead(422, { 'content-type': 'application/json' });
      outgoing.end(
        JSON.stringify({
          error: {
            type: 'validation_error',
            message: 'There was a validation error on this request',
            fields: { first_name: ['Marie-Ève'] },
          },
        }),
      );
    };
    const failure = await createOnfidoDocumentVerification(settingsFor(url))
      .submit(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OnfidoUnavailable);
    expect((failure as Error).message).toBe('onfido applicant: HTTP 422 validation_error');
  });

  it('answers "not decided" for a check it does not know', async () => {
    answer = (_incoming, outgoing) => {
      outgoing.writeHead(404, { 'content-type': 'application/json' });
      outgoing.end(
        JSON.stringify({
          error: { type: 'resource_not_found', message: 'The resource could not be found' },
        }),
      );
    };
    await expect(
      createOnfidoDocumentVerification(settingsFor(url)).decisionOf('missing'),
    ).resolves.toBeUndefined();
  });
});

/** A document report as Onfido documents it, with what the test changes. */
const documentReport = (changes: Record<string, unknown> = {}) => ({
  name: 'document',
  result: 'clear',
  sub_result: 'clear',
  breakdown: {
    image_integrity: { result: 'clear', breakdown: {} },
    data_validation: { result: 'clear', breakdown: { document_expiration: { result: 'clear' } } },
  },
  properties: {
    document_type: 'driving_licence',
    issuing_country: 'CAN',
    issuing_state: 'QC',
    date_of_expiry: '2031-06-30',
    first_name: 'Marie-Ève',
    last_name: "O'Brien",
    date_of_birth: '1988-04-12',
    document_numbers: [{ type: 'document_number', value: 'O1234-567890-12' }],
  },
  ...changes,
});
const faceReport = (result = 'clear') => ({ name: 'facial_similarity_photo', result });

describe("the product's decision from Onfido's reports", () => {
  it('approves a clear check, with the document as Onfido read it', () => {
    expect(decisionFromReports('check-1', [documentReport(), faceReport()])).toEqual({
      vendorReference: 'check-1',
      decision: 'approved',
      reasons: [],
      document: {
        type: 'driversLicence',
        number: 'O1234-567890-12',
        jurisdiction: 'QC',
        country: 'CA',
        expiryDate: '2031-06-30',
        name: "Marie-Ève O'Brien",
        dateOfBirth: '1988-04-12',
      },
      reports: [
        { kind: 'document', result: 'clear', subResult: 'clear', concerns: [] },
        { kind: 'facialSimilarity', result: 'clear', subResult: null, concerns: [] },
      ],
    });
  });

  it('declines an unreadable image (retake), an expired document and a selfie that does not match', () => {
    const unreadable = documentReport({
      result: 'consider',
      sub_result: 'rejected',
      breakdown: { image_integrity: { result: 'consider', breakdown: {} } },
    });
    expect(decisionFromReports('c', [unreadable, faceReport()])).toMatchObject({
      decision: 'declined',
      reasons: ['documentUnreadable'],
    });
    const expired = documentReport({
      result: 'consider',
      sub_result: 'rejected',
      breakdown: {
        image_integrity: { result: 'clear' },
        data_validation: {
          result: 'consider',
          breakdown: { document_expiration: { result: 'consider' } },
        },
      },
    });
    expect(decisionFromReports('c', [expired, faceReport()])).toMatchObject({
      decision: 'declined',
      reasons: ['documentExpired'],
    });
    expect(decisionFromReports('c', [documentReport(), faceReport('consider')])).toMatchObject({
      decision: 'declined',
      reasons: ['likenessFailed'],
    });
  });

  it('sends a suspected document, or one to treat with caution, to our team', () => {
    for (const sub_result of ['suspected', 'caution']) {
      expect(
        decisionFromReports('c', [
          documentReport({ result: 'consider', sub_result }),
          faceReport(),
        ]),
      ).toMatchObject({ decision: 'review', reasons: [] });
    }
  });
});

describe("the reports' breakdown kept for staff deciding a review (issue 34)", () => {
  it('names each report’s result and the parts that were not clear, in the product’s words', () => {
    const suspected = documentReport({
      result: 'consider',
      sub_result: 'suspected',
      breakdown: {
        image_integrity: {
          result: 'consider',
          breakdown: {
            image_quality: { result: 'consider' },
            supported_document: { result: 'clear' },
          },
        },
        visual_authenticity: {
          result: 'consider',
          breakdown: {
            digital_tampering: { result: 'consider' },
            fonts: { result: 'clear' },
            // Not checked: no result, so nothing to say about it.
            template: { result: null },
          },
        },
        data_validation: {
          result: 'clear',
          breakdown: { document_expiration: { result: 'clear' } },
        },
        police_record: { result: 'unidentified' },
      },
    });
    const face = {
      name: 'facial_similarity_photo',
      result: 'consider',
      sub_result: null,
      breakdown: {
        face_comparison: { result: 'consider', breakdown: { face_match: { result: 'consider' } } },
      },
    };
    // A selfie that does not match is declined; the breakdown travels with it all the same.
    expect(decisionFromReports('c', [suspected, face]).reports).toEqual([
      {
        kind: 'document',
        result: 'consider',
        subResult: 'suspected',
        concerns: [
          { area: 'imageIntegrity', item: null, result: 'consider' },
          { area: 'imageIntegrity', item: 'imageQuality', result: 'consider' },
          { area: 'visualAuthenticity', item: null, result: 'consider' },
          { area: 'visualAuthenticity', item: 'digitalTampering', result: 'consider' },
          { area: 'policeRecord', item: null, result: 'unknown' },
        ],
      },
      {
        kind: 'facialSimilarity',
        result: 'consider',
        subResult: null,
        concerns: [
          { area: 'faceComparison', item: null, result: 'consider' },
          { area: 'faceComparison', item: 'faceMatch', result: 'consider' },
        ],
      },
    ]);
  });

  it('keeps the review’s document data and breakdown, and each one passes the domain’s schema', () => {
    const caution = documentReport({
      result: 'consider',
      sub_result: 'caution',
      breakdown: {
        data_consistency: {
          result: 'consider',
          breakdown: { '9_weird-name': { result: 'consider' } },
        },
      },
    });
    const decision = decisionFromReports('check-9', [caution, faceReport()]);
    expect(decision).toMatchObject({
      decision: 'review',
      vendorReference: 'check-9',
      document: { number: 'O1234-567890-12', dateOfBirth: '1988-04-12' },
    });
    // A part whose name would not make one of ours is left out, not the decision.
    expect(decision.reports?.[0]?.concerns).toEqual([
      { area: 'dataConsistency', item: null, result: 'consider' },
    ]);
    for (const report of decision.reports ?? []) {
      expect(photoIdReportSchema.parse(report)).toEqual(report);
    }
  });

  it('reports an unidentified result as unknown and leaves out reports it did not ask for', () => {
    expect(
      reportsOf([
        { name: 'document', result: null, sub_result: null },
        { name: 'watchlist_standard', result: 'consider' },
      ]),
    ).toEqual([{ kind: 'document', result: 'unknown', subResult: null, concerns: [] }]);
  });
});
