import {
  Configuration,
  CountryCodes,
  DefaultApi,
  DocumentTypes,
  FileTransfer,
  Region,
  ReportName,
  UploadDocumentSideEnum,
} from '@onfido/api';
import type { IdentityDocumentType } from '@portal/domain/enums/documents';
import type {
  PhotoIdConcern,
  PhotoIdReportKind,
  PhotoIdReportSubResult,
} from '@portal/domain/identity/photo-id-check';
import countries from 'i18n-iso-countries';
import type {
  CapturedImage,
  DocumentVerificationProvider,
  VerificationDecision,
  VerificationReason,
  VerificationReport,
  VerificationRequest,
  VerifiedDocument,
} from './document-verification-provider.ts';

/**
 * Photo ID and selfie through Onfido's API v3.6 and its official library (`@onfido/api`): our
 * own capture pages take the pictures; the server sends them to Onfido in the account's region
 * (Canada by default, `api.ca.onfido.com`) as an applicant, the document's sides and a live
 * photo, then asks for a check with the `document` and `facial_similarity_photo` reports (not a
 * Studio workflow run, which assumes Onfido's own capture SDK). The check's id is the attempt's
 * vendor reference. Onfido's webhook says when a check completes (`onfido-webhook.ts`); the
 * decision is then read here from the check and its reports, never from the event. Once the
 * portal has kept its record, the applicant (and with it the images) is deleted at Onfido.
 * Documentation: docs/vendors.md.
 */
export interface OnfidoSettings {
  apiToken: string;
  region: 'ca' | 'eu' | 'us';
  /** Onfido's address for the region unless given (the contract tests' mock). */
  apiBaseUrl?: string;
  timeoutMs: number;
}

export class OnfidoUnavailable extends Error {
  override name = 'OnfidoUnavailable';
}

const regions = { ca: Region.CA, eu: Region.EU, us: Region.US } as const;

/** The product's document types in Onfido's words. */
export const onfidoDocumentTypes: Record<IdentityDocumentType, DocumentTypes> = {
  driversLicence: DocumentTypes.DrivingLicence,
  passport: DocumentTypes.Passport,
  identityCard: DocumentTypes.NationalIdentityCard,
};
const productDocumentTypes = new Map<string, IdentityDocumentType>(
  Object.entries(onfidoDocumentTypes).map(([product, onfido]) => [
    onfido,
    product as IdentityDocumentType,
  ]),
);

/** What an error from the library (axios underneath) says: the status and Onfido's error type. */
function describe(operation: string, error: unknown): string {
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  if (typeof response?.status !== 'number') {
    const code = (error as { code?: unknown } | null)?.code;
    return `onfido ${operation}: ${typeof code === 'string' ? code : 'no answer'}`;
  }
  const type = (response.data as { error?: { type?: unknown } } | undefined)?.error?.type;
  return `onfido ${operation}: HTTP ${response.status}${typeof type === 'string' ? ` ${type.slice(0, 60)}` : ''}`;
}

const statusOf = (error: unknown) =>
  (error as { response?: { status?: unknown } } | null)?.response?.status;

interface ReportLike {
  name?: string;
  result?: string | null;
  sub_result?: string | null;
  breakdown?: Record<
    string,
    { result?: string | null; breakdown?: Record<string, { result?: string | null }> }
  >;
  properties?: Record<string, unknown>;
}

const breakdownResult = (report: ReportLike, area: string, item?: string) =>
  item ? report.breakdown?.[area]?.breakdown?.[item]?.result : report.breakdown?.[area]?.result;

/** The document as Onfido read it, in the product's terms; undefined when it read too little. */
export function documentOf(report: ReportLike): VerifiedDocument | undefined {
  const properties = report.properties ?? {};
  const text = (name: string) =>
    typeof properties[name] === 'string' ? (properties[name] as string).trim() : '';
  const type = productDocumentTypes.get(text('document_type'));
  const numbers = Array.isArray(properties.document_numbers)
    ? (properties.document_numbers as { value?: unknown; type?: unknown }[])
    : [];
  const number =
    numbers.find((each) => each.type === 'document_number' && typeof each.value === 'string')
      ?.value ?? numbers.find((each) => typeof each.value === 'string')?.value;
  const country = countries.alpha3ToAlpha2(text('issuing_country')) ?? '';
  const expiryDate = text('date_of_expiry');
  const dateOfBirth = text('date_of_birth');
  const name = [text('first_name'), text('last_name')].filter(Boolean).join(' ');
  if (!type || typeof number !== 'string' || !country || !isoDate.test(expiryDate)) {
    return undefined;
  }
  return {
    type,
    number,
    // A provincial document names its province (`ON`); a passport is the country's.
    jurisdiction: type === 'passport' ? null : text('issuing_state') || null,
    country,
    expiryDate,
    name: name || text('last_name'),
    ...(isoDate.test(dateOfBirth) && { dateOfBirth }),
  };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The product's name of an Onfido breakdown part (`image_integrity` is `imageIntegrity`); empty
 * for a name that would not make one (the part is then left out rather than the decision lost).
 */
function partNameOf(onfido: string): string {
  const name = onfido.replace(/_+([A-Za-z0-9])/g, (_, next: string) => next.toUpperCase());
  return /^[A-Za-z][A-Za-z0-9]{0,59}$/.test(name) ? name : '';
}

const reportKinds: Record<string, PhotoIdReportKind> = {
  [ReportName.Document]: 'document',
  [ReportName.FacialSimilarityPhoto]: 'facialSimilarity',
};
const subResults: ReadonlySet<string> = new Set(['clear', 'rejected', 'suspected', 'caution']);

/** `consider` as Onfido says it; anything else not clear (and not unchecked) is unknown. */
const concernResult = (result: string | null | undefined): PhotoIdConcern['result'] | null =>
  result === undefined || result === null || result === 'clear'
    ? null
    : result === 'consider'
      ? 'consider'
      : 'unknown';

/**
 * Each report's result and the parts of its breakdown that were not clear (an area, or an
 * item within it), for staff deciding a `review` (issue 34). Parts Onfido did not check
 * (no result) are left out, as are reports other than the two the check asks for.
 */
export function reportsOf(reports: readonly ReportLike[]): VerificationReport[] {
  return reports.flatMap((report) => {
    const kind = report.name ? reportKinds[report.name] : undefined;
    if (!kind) return [];
    const concerns: PhotoIdConcern[] = [];
    for (const [area, found] of Object.entries(report.breakdown ?? {})) {
      const areaName = partNameOf(area);
      if (!areaName) continue;
      const areaResult = concernResult(found.result);
      if (areaResult) concerns.push({ area: areaName, item: null, result: areaResult });
      for (const [item, part] of Object.entries(found.breakdown ?? {})) {
        const itemName = partNameOf(item);
        const itemResult = concernResult(part.result);
        if (itemName && itemResult)
          concerns.push({ area: areaName, item: itemName, result: itemResult });
      }
    }
    const subResult =
      kind === 'document' && report.sub_result && subResults.has(report.sub_result)
        ? (report.sub_result as PhotoIdReportSubResult)
        : null;
    const result =
      report.result === 'clear' || report.result === 'consider' ? report.result : 'unknown';
    return [{ kind, result, subResult, concerns: concerns.slice(0, 80) }];
  });
}

/**
 * The product's decision from Onfido's reports (issue 34): all clear is approved; a document
 * rejected for its image is unreadable (the person takes it again); an expired document, or a
 * selfie that does not match, is declined with that reason; a document Onfido suspects, or
 * calls for caution on, goes to our team (review).
 */
export function decisionFromReports(
  checkId: string,
  reports: readonly ReportLike[],
): Omit<VerificationDecision, 'vendorReference'> & { vendorReference: string } {
  const document = reports.find((report) => report.name === ReportName.Document);
  const face = reports.find((report) => report.name === ReportName.FacialSimilarityPhoto);
  const read = document ? documentOf(document) : undefined;
  const reasons: VerificationReason[] = [];
  if (
    document &&
    breakdownResult(document, 'data_validation', 'document_expiration') === 'consider'
  ) {
    reasons.push('documentExpired');
  }
  if (
    document?.sub_result === 'rejected' &&
    breakdownResult(document, 'image_integrity') === 'consider'
  ) {
    reasons.push('documentUnreadable');
  }
  if (face?.result === 'consider') reasons.push('likenessFailed');
  const base = {
    vendorReference: checkId,
    ...(read && { document: read }),
    reports: reportsOf(reports),
  };
  if (reasons.length > 0) return { ...base, decision: 'declined', reasons };
  if (document?.sub_result === 'suspected' || document?.sub_result === 'caution') {
    return { ...base, decision: 'review', reasons: [] };
  }
  if (document?.result === 'clear' && face?.result === 'clear' && read) {
    return { ...base, decision: 'approved', reasons: [] };
  }
  // Anything else (a rejected document without a reason we know, an unidentified report):
  // a person at our firm looks at it rather than the product guessing.
  return { ...base, decision: 'review', reasons: [] };
}

const fileOf = (image: CapturedImage, side: string) =>
  new FileTransfer(
    Buffer.from(image.bytes),
    `${side}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`,
  );

/** Onfido's adapter deletes the check's applicant, with its images, once our record is kept. */
export type OnfidoDocumentVerification = DocumentVerificationProvider &
  Required<Pick<DocumentVerificationProvider, 'forget'>>;

export function createOnfidoDocumentVerification(
  settings: OnfidoSettings,
): OnfidoDocumentVerification {
  const api = new DefaultApi(
    new Configuration({
      apiToken: settings.apiToken,
      region: regions[settings.region],
      ...(settings.apiBaseUrl && { basePath: settings.apiBaseUrl }),
      baseOptions: { timeout: settings.timeoutMs, maxRedirects: 0 },
    }),
  );

  async function call<T>(operation: string, run: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (error) {
      throw new OnfidoUnavailable(describe(operation, error));
    }
  }

  return {
    name: 'onfido',

    async submit(request: VerificationRequest) {
      const { front, back, selfie } = request.images;
      // Only what the comparison needs: the name the document is read against.
      const applicant = await call('applicant', () =>
        api.createApplicant({
          first_name: request.person.firstName,
          last_name: request.person.lastName,
        }),
      );
      const type = onfidoDocumentTypes[request.documentType];
      const documentIds: string[] = [];
      for (const [side, image] of [
        [UploadDocumentSideEnum.Front, front],
        ...(back ? [[UploadDocumentSideEnum.Back, back] as const] : []),
      ] as const) {
        const uploaded = await call('document', () =>
          api.uploadDocument(
            type,
            applicant.id,
            fileOf(image, side),
            undefined,
            side,
            CountryCodes.Can,
          ),
        );
        documentIds.push(uploaded.id);
      }
      await call('live photo', () => api.uploadLivePhoto(applicant.id, fileOf(selfie, 'selfie')));
      const check = await call('check', () =>
        api.createCheck({
          applicant_id: applicant.id,
          report_names: [ReportName.Document, ReportName.FacialSimilarityPhoto],
          document_ids: documentIds,
        }),
      );
      return { vendorReference: check.id };
    },

    async decisionOf(vendorReference) {
      let check;
      try {
        check = (await api.findCheck(vendorReference)).data;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw new OnfidoUnavailable(describe('check', error));
      }
      if (check.status !== 'complete') return undefined;
      const { reports } = await call('reports', () => api.listReports(vendorReference));
      return decisionFromReports(vendorReference, reports as ReportLike[]);
    },

    async forget(vendorReference) {
      const check = await call('check', () => api.findCheck(vendorReference));
      if (!check.applicant_id) return;
      try {
        await api.deleteApplicant(check.applicant_id);
      } catch (error) {
        // Deleted already (a second delivery of the same news): nothing left to delete.
        if (statusOf(error) === 404 || statusOf(error) === 410) return;
        throw new OnfidoUnavailable(describe('delete applicant', error));
      }
    },
  };
}
