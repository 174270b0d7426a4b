import type { IdentityMethod } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';

/** What the photo-ID hand-off works with, and its clock (injected in tests). */

export interface IdentityCaptureDeps {
  db: Database;
  cipher: FieldCipher;
  provider: DocumentVerificationProvider;
  /** The site's own address (links in the SMS and the QR code). */
  publicUrl: string;
  /** The identity methods this server offers (kept in each attempt's audit event). */
  methodsOffered: readonly IdentityMethod[];
  now?: () => Date;
}

export const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
