import { randomUUID } from 'node:crypto';
import { ESIGN_ENVELOPE_TTL_DAYS, type EnvelopeStatus } from '@portal/domain';
import { sameName } from '@portal/domain/rules/person-name';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { queueSandboxWebhook } from '../sandbox-webhooks/sandbox-webhooks.ts';
import {
  ESIGN_WEBHOOK_PATH,
  ESIGN_WEBHOOK_ROLE,
  EnvelopeRequestError,
  envelopeEventTypes,
  isSafeReturnPath,
  type EnvelopeRequest,
  type EsignProvider,
} from './esign-provider.ts';
import * as store from './sandbox-esign-store.ts';
import { stampSignedDocument } from './sandbox-signed-document.ts';

export const SANDBOX_ESIGN_PATH = '/sandbox/esign';
export const DEFAULT_ENVELOPE_TTL_MS = ESIGN_ENVELOPE_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * How long the sandbox vendor takes to call back once a signer signs or declines, or an
 * envelope expires: e-sign vendors notify within seconds, not at once (docs/sandbox.md).
 */
export const SANDBOX_ESIGN_WEBHOOK_DELAY_MS = 1500;

/** The most a sandbox document may weigh (the generated application is a few kilobytes). */
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
const TOKEN_PURPOSE = 'sandbox-esign-ceremony';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SandboxEsignOptions {
  db: Database;
  cipher: FieldCipher;
  /** How long an envelope can be signed; 7 days unless given. */
  envelopeTtlMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** What the ceremony pages know of an envelope (never its document). */
export interface CeremonyEnvelope {
  id: string;
  signerName: string;
  signerEmail: string;
  language: 'en' | 'fr';
  documentName: string;
  returnPath: string;
  /** With the expiry applied: a pending envelope past its time is `expired`. */
  status: EnvelopeStatus;
  expiresAt: Date;
}

export type SignOutcome =
  | { outcome: 'signed'; envelope: CeremonyEnvelope }
  | { outcome: 'nameRequired' | 'nameMismatch'; envelope: CeremonyEnvelope }
  | { outcome: 'notPending'; envelope: CeremonyEnvelope }
  | { outcome: 'notFound' };

export type DeclineOutcome =
  { outcome: 'declined' | 'notPending'; envelope: CeremonyEnvelope } | { outcome: 'notFound' };

/** Both sides of the sandbox vendor: the API the portal calls, and what its ceremony does. */
export interface SandboxEsign extends EsignProvider {
  envelope(id: string): Promise<CeremonyEnvelope | null>;
  document(id: string): Promise<{ name: string; bytes: Buffer } | null>;
  /** The per-envelope token the ceremony's forms carry (keyed MAC: any instance checks it). */
  ceremonyToken(id: string): string;
  verifyCeremonyToken(id: string, token: string | undefined): boolean;
  /** Signing, declining and expiring each queue the vendor's webhook to the portal. */
  sign(id: string, typedName: string | undefined): Promise<SignOutcome>;
  decline(id: string): Promise<DeclineOutcome>;
  /** The sandbox's documented test input: the envelope expires at once. */
  expireNow(id: string): Promise<void>;
}

/** The cipher context of an envelope's document: bound to its envelope (ADR 0008). */
export const documentContext = (id: string) => `sandbox_esign_envelopes:${id}:document`;

/**
 * The typed name must be the signer's by the one name rule (ADR 0012, `sameName`): ’ and ' are
 * one letter, case, spacing and a final period do not matter; accents do.
 */
export function typedNameMatches(typed: string, signerName: string): boolean {
  return sameName(typed, signerName);
}

export function createSandboxEsign({
  db,
  cipher,
  envelopeTtlMs = DEFAULT_ENVELOPE_TTL_MS,
  now = () => new Date(),
}: SandboxEsignOptions): SandboxEsign {
  const signingUrlOf = (id: string) => `${SANDBOX_ESIGN_PATH}/${id}`;

  /** The vendor's promise to call the portal back, committed with the change it reports. */
  const notify = (
    tx: Database,
    envelopeId: string,
    status: keyof typeof envelopeEventTypes,
    at: Date,
  ) =>
    queueSandboxWebhook(
      tx,
      cipher,
      {
        role: ESIGN_WEBHOOK_ROLE,
        path: ESIGN_WEBHOOK_PATH,
        type: envelopeEventTypes[status],
        data: { envelopeId, status },
        delayMs: SANDBOX_ESIGN_WEBHOOK_DELAY_MS,
      },
      at,
    );

  /** Ends a pending envelope as the signer chose, and queues the call back with it. */
  const complete = (id: string, status: 'signed' | 'declined') =>
    db.transaction(async (tx) => {
      const at = now();
      const done = await store.completePending(tx, id, status, at);
      if (done) await notify(tx, id, status, at);
      return done;
    });

  /** The row as the vendor reports it: a pending envelope past its expiry is recorded expired. */
  async function current(id: string): Promise<CeremonyEnvelope | null> {
    if (!UUID.test(id)) return null;
    const row = await store.findEnvelope(db, id);
    if (!row) return null;
    let status = row.status as EnvelopeStatus;
    const at = now();
    if (status === 'pending' && row.expiresAt.getTime() <= at.getTime()) {
      // The vendor notices the expiry when the envelope is next looked at (its page, the
      // portal's question) and calls back, once: only the request that marks it does.
      await db.transaction(async (tx) => {
        if (await store.markExpired(tx, id, at)) await notify(tx, id, 'expired', at);
      });
      status = 'expired';
    }
    return {
      id: row.id,
      signerName: row.signerName,
      signerEmail: row.signerEmail,
      language: row.language === 'fr' ? 'fr' : 'en',
      documentName: row.documentName,
      returnPath: row.returnPath,
      status,
      expiresAt: row.expiresAt,
    };
  }

  return {
    name: 'sandbox',

    async createEnvelope(request: EnvelopeRequest) {
      if (!isSafeReturnPath(request.returnPath)) {
        throw new EnvelopeRequestError('the return path must be a path on this site');
      }
      if (request.document.bytes.byteLength > MAX_DOCUMENT_BYTES) {
        throw new EnvelopeRequestError('the document is too large');
      }
      if (request.signer.name.trim() === '' || request.signer.email.trim() === '') {
        throw new EnvelopeRequestError('the signer needs a name and an email address');
      }
      const id = randomUUID();
      const createdAt = now();
      await store.insertEnvelope(db, {
        id,
        signerEmail: request.signer.email,
        signerName: request.signer.name.trim(),
        language: request.language,
        documentName: request.document.name,
        documentEncrypted: cipher.encryptBytes(request.document.bytes, documentContext(id)),
        returnPath: request.returnPath,
        status: 'pending',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + envelopeTtlMs),
      });
      return { envelopeId: id, signingUrl: signingUrlOf(id) };
    },

    async envelopeStatus(envelopeId) {
      return (await current(envelopeId))?.status ?? 'expired';
    },

    async signingUrl(envelopeId, options) {
      const returnPath = options?.returnPath;
      if (returnPath !== undefined && !isSafeReturnPath(returnPath)) {
        throw new EnvelopeRequestError('the return path must be a path on this site');
      }
      const envelope = await current(envelopeId);
      if (envelope?.status !== 'pending') return null;
      if (returnPath !== undefined && returnPath !== envelope.returnPath) {
        await store.setReturnPath(db, envelope.id, returnPath);
      }
      return signingUrlOf(envelope.id);
    },

    async discard(envelopeId) {
      // The vendor forgets the envelope whole: the document, the signer, what they did.
      if (UUID.test(envelopeId)) await store.deleteEnvelope(db, envelopeId);
    },

    async signedDocument(envelopeId) {
      if (!UUID.test(envelopeId)) return null;
      const row = await store.findEnvelope(db, envelopeId);
      if (row?.status !== 'signed' || !row.completedAt) return null;
      const original = await store.findDocument(db, envelopeId);
      if (!original) return null;
      const bytes = await stampSignedDocument(
        cipher.decryptBytes(original.documentEncrypted, documentContext(envelopeId)),
        {
          envelopeId,
          signerName: row.signerName,
          signerEmail: row.signerEmail,
          language: row.language === 'fr' ? 'fr' : 'en',
          signedAt: row.completedAt,
        },
      );
      return { name: original.documentName, bytes };
    },

    envelope: current,

    async document(id) {
      if (!UUID.test(id)) return null;
      const row = await store.findDocument(db, id);
      if (!row) return null;
      return {
        name: row.documentName,
        bytes: cipher.decryptBytes(row.documentEncrypted, documentContext(id)),
      };
    },

    ceremonyToken: (id) => cipher.mac(TOKEN_PURPOSE, id),

    verifyCeremonyToken: (id, token) =>
      typeof token === 'string' && token !== '' && cipher.verifyMac(TOKEN_PURPOSE, id, token),

    async sign(id, typedName) {
      const envelope = await current(id);
      if (!envelope) return { outcome: 'notFound' };
      if (envelope.status !== 'pending') return { outcome: 'notPending', envelope };
      if (!typedName || typedName.trim() === '') return { outcome: 'nameRequired', envelope };
      if (!typedNameMatches(typedName, envelope.signerName)) {
        return { outcome: 'nameMismatch', envelope };
      }
      const done = await complete(id, 'signed');
      if (!done) return { outcome: 'notPending', envelope: (await current(id)) ?? envelope };
      return { outcome: 'signed', envelope: { ...envelope, status: 'signed' } };
    },

    async decline(id) {
      const envelope = await current(id);
      if (!envelope) return { outcome: 'notFound' };
      if (envelope.status !== 'pending') return { outcome: 'notPending', envelope };
      const done = await complete(id, 'declined');
      if (!done) return { outcome: 'notPending', envelope: (await current(id)) ?? envelope };
      return { outcome: 'declined', envelope: { ...envelope, status: 'declined' } };
    },

    async expireNow(id) {
      if (!UUID.test(id)) return;
      await db.transaction(async (tx) => {
        const at = now();
        if (await store.expireNow(tx, id, at)) await notify(tx, id, 'expired', at);
      });
    },
  };
}
