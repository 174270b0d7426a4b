import type { EnvelopeStatus } from '@portal/domain';

export type { EnvelopeStatus };

/** What is sent to be signed: one signer, one document, in one language. */
export interface EnvelopeRequest {
  signer: { email: string; name: string };
  /** The language of the ceremony the signer sees (the document carries its own). */
  language: 'en' | 'fr';
  document: { name: string; bytes: Uint8Array };
  /**
   * Where the ceremony sends the signer back to once they sign or decline: a path on this site
   * (`/#/application/{id}/esign?returned=1`), never another site.
   */
  returnPath: string;
  /**
   * Where the signer signs: the vendor puts its "sign here" tab there (a vendor that takes a
   * typed name for the whole document, such as the sandbox, may ignore it).
   */
  signHere: SignatureSpot;
}

/**
 * Where on the document the signer signs: a 1-based page and the point (in PDF points, from the
 * page's top-left corner) where the signature's box starts, just above the signature line.
 * (DocuSign places tabs in pixels at 72 dpi from the top-left: the same unit, passed through.)
 */
export interface SignatureSpot {
  page: number;
  x: number;
  y: number;
}

/**
 * An e-signature vendor (spec sections 2 and 4: eSign). The portal sends the generated
 * application document in an envelope for one signer, sends the person to the vendor's signing
 * ceremony, and learns by the vendor's signed webhook that it is signed, declined or expired
 * (then it asks for the status and the signed document: the event is only a notice). The
 * sandbox (`sandbox-esign.ts`) plays the vendor with its own ceremony pages under
 * `/sandbox/esign`; a real adapter (DocuSign, OneSpan Sign, ...) implements the same calls.
 */
export interface EsignProvider {
  /** Stored in `application_signatures.provider`, so a row names who holds its envelope. */
  readonly name: string;
  createEnvelope(request: EnvelopeRequest): Promise<{ envelopeId: string; signingUrl: string }>;
  /** The envelope's status now (an unknown envelope answers `expired`: it cannot be signed). */
  envelopeStatus(envelopeId: string): Promise<EnvelopeStatus>;
  /**
   * A signing URL for an envelope still pending, to resume the ceremony (vendors issue a new
   * "recipient view" each time, with its own return URL: `returnPath`, a path on this site,
   * replaces the envelope's when given); null when the envelope can no longer be signed.
   */
  signingUrl(envelopeId: string, options?: { returnPath?: string }): Promise<string | null>;
  /**
   * The document as signed (vendors return it with the signature and its certificate), once
   * the envelope is `signed`; null before, or for an envelope they do not know.
   */
  signedDocument(envelopeId: string): Promise<{ name: string; bytes: Uint8Array } | null>;
  /**
   * Deletes what the vendor keeps of the envelope once retention says so (issue 36, ADR 0044):
   * an envelope still pending is voided first, then its documents and the signer's details are
   * purged. An envelope the vendor no longer knows is already gone: no error.
   */
  discard(envelopeId: string): Promise<void>;
}

/**
 * The vendor's webhook (ADR 0018): it calls `/webhooks/esign` when an envelope is completed,
 * declined or expired, signed with the secret of role `esign`. The event is a notice: the
 * receiver asks the vendor for the envelope's status and signed document before recording
 * anything, so an event delivered late or out of order records what is true now.
 */
export const ESIGN_WEBHOOK_ROLE = 'esign';
export const ESIGN_WEBHOOK_PATH = '/webhooks/esign';
export const envelopeEventTypes = {
  signed: 'envelope.completed',
  declined: 'envelope.declined',
  expired: 'envelope.expired',
} as const satisfies Record<Exclude<EnvelopeStatus, 'pending'>, string>;

/** Refused input (for example a return path to another site): a programming error. */
export class EnvelopeRequestError extends Error {
  override name = 'EnvelopeRequestError';
}

/**
 * Only a path on this site may be returned to: one leading slash (not `//host`), no backslash
 * (browsers read `/\host` as another host), no control characters, at most 2000 characters.
 */
export function isSafeReturnPath(path: string): boolean {
  return (
    path.length <= 2000 &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(path)
  );
}

/**
 * The vendor cannot be reached or refuses to work now (a timeout, its outage, a revoked grant):
 * the person is told to try again in a moment, and nothing changes on our side. Its message
 * names the cause for the log, never a person's data.
 */
export class EsignUnavailable extends Error {
  override name = 'EsignUnavailable';
  /** Answered 503 `esignUnavailable` by the error handler, whichever route met it. */
  readonly statusCode = 503;
  readonly code = 'esignUnavailable';
}
