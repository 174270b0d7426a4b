import {
  allows,
  esignReturnPath,
  signedEvent,
  signerOnTurn,
  stepApplies,
  type ApplicationState,
  type EsignStart,
  type EsignState,
  type Language,
  type SavedSteps,
  type SignerRole,
} from '@portal/domain';
import { signingLanguageOf } from '@portal/domain/rules/agreement-language';
import { isAcceptedName } from '@portal/domain/rules/person-name';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { EsignProvider, SignatureSpot } from '../../providers/esign/esign-provider.ts';
import {
  applyApplicationEvent,
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { getReferenceList } from '../references/references.service.ts';
import type { ReferenceList } from '../references/reference-lists.ts';
import { documentsOfApplication } from '../documents/documents.service.ts';
import { buildApplicationDocument, type ReferenceLabel } from './application-document.ts';
import { UNDER_REVIEW_TEMPLATE, underReviewMail } from './esign-mail.ts';
import { identityVerifiedFor } from '../identity/identity.service.ts';
import { openReviewCase } from '../operations/review-cases.ts';
import * as repo from './esign.repo.ts';
import { queueJointSignatureTurn } from './turn-notices.ts';

/**
 * The e-signature of an application (spec sections 2 and 4; ADR 0006): each applicant signs
 * the generated application document with the e-sign vendor when it is their turn (the primary
 * at `esignatureRequired`, the joint applicant at `jointEsignatureRequired`). The vendor tells
 * the portal by signed webhook (ADR 0018) that an envelope is signed, declined or expired; the
 * portal then asks it for the status and signed copy, and writes the signature and the status
 * event in one transaction under the application's row lock, so a webhook and a status check
 * arriving together record it once; reaching `underReview` queues the mail to each applicant
 * in that transaction. The client's polling only reads. The vendor is called outside any
 * transaction (no lock is held across a remote call).
 */

export class EsignError extends Error {
  override name = 'EsignError';
  constructor(
    readonly status: 404 | 409,
    readonly errorCode:
      | 'notFound'
      | 'notYourTurn'
      | 'alreadySigned'
      | 'signerUnknown'
      | 'signerNameRefused'
      | 'notSigned'
      | 'identityNotVerified',
  ) {
    super(errorCode);
  }
}

export interface EsignDeps {
  db: Database;
  cipher: FieldCipher;
  provider: EsignProvider;
  /** The site's address, for the dashboard link in mail; no link without it. */
  publicUrl?: string;
  now?: () => Date;
  /** Feature flag bypass-qualId (issue 13): on, signing does not wait for identity. */
  bypassQualId?: () => boolean;
}

/** The signed-in caller: their id, the email they sign in with and their account's language. */
export interface Signer {
  id: string;
  email: string;
  language: string;
}

type Participation = NonNullable<Awaited<ReturnType<typeof findParticipantApplication>>>;

const notFound = () => new EsignError(404, 'notFound');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const profileStepOf = (role: SignerRole) => (role === 'primary' ? 'profile' : 'profilejoint');

/**
 * The language a person signs in, and gets their document and mail in: their own account's
 * (issue 12), which they chose at registration and change in their settings. The correspondence
 * language of the financial background is the account's statements', not each person's.
 */
export function languageOfAccount(language: string | undefined): Language {
  return language === 'fr' ? 'fr' : 'en';
}

/** Reference-list labels (citizenship, industry, ...) in one language, for the document. */
export async function referenceLabelsOf(db: Database, language: Language): Promise<ReferenceLabel> {
  const lists: ReferenceList[] = [
    'citizenships',
    'countries',
    'provinceStates',
    'businessTypes',
    'occupationTypes',
  ];
  const loaded = new Map<string, Map<number, string>>();
  for (const name of lists) {
    const { values } = await getReferenceList(db, name);
    loaded.set(
      name,
      new Map(
        values.map((value) => [
          value.id,
          language === 'fr' && value.descriptionFr.trim() !== ''
            ? value.descriptionFr
            : value.description,
        ]),
      ),
    );
  }
  return (listName, id) => (typeof id === 'number' ? loaded.get(listName)?.get(id) : undefined);
}

/** The cipher context of a signed document: bound to its application and signer (ADR 0008). */
export const signedDocumentContext = (applicationId: string, role: SignerRole) =>
  `application_signatures:${applicationId}:${role}:signed_document`;

function encryptSignedDocument(
  cipher: FieldCipher,
  applicationId: string,
  role: SignerRole,
  document: { name: string; bytes: Uint8Array },
): repo.EncryptedSignedDocument {
  return {
    name: document.name,
    encrypted: cipher.encryptBytes(document.bytes, signedDocumentContext(applicationId, role)),
  };
}

interface Synced {
  application: Participation;
  signature: repo.SignatureRow | undefined;
}

/**
 * The caller's application and signature as the server knows them, without asking the vendor
 * (architecture: client polling only reads what the server already knows; the vendor's
 * webhook brings the news). Another person's application answers 404.
 */
async function known(db: Database, caller: Signer, applicationId: string): Promise<Synced> {
  const application = await findParticipantApplication(db, caller.id, applicationId);
  if (!application) throw notFound();
  const signature = await repo.findSignature(db, applicationId, application.role);
  if (signature && signature.status !== 'pending') {
    // A signature and the status it moved on commit together: read after the signature, the
    // status is at least as new as it (two reads, each of the latest commit).
    const latest = await findParticipantApplication(db, caller.id, applicationId);
    if (!latest) throw notFound();
    return { application: latest, signature };
  }
  return { application, signature };
}

/** What the vendor says of an envelope that is no longer pending, with the signed copy. */
interface VendorReport {
  envelopeId: string;
  status: 'signed' | 'declined' | 'expired';
  signedCopy: { name: string; bytes: Uint8Array } | null;
}

/** How the news reached the server, kept in the audit event's details. */
type ReportedBy = 'webhook' | 'statusCheck';

/**
 * Asks the vendor about an envelope: undefined while it is still pending. Called outside any
 * transaction: no lock is held across a call to the vendor.
 */
async function askVendor(
  provider: EsignProvider,
  envelopeId: string,
): Promise<VendorReport | undefined> {
  const status = await provider.envelopeStatus(envelopeId);
  if (status === 'pending') return undefined;
  const signedCopy = status === 'signed' ? await provider.signedDocument(envelopeId) : null;
  return { envelopeId, status, signedCopy };
}

/**
 * Records what the vendor reported for the signer's pending envelope, in the caller's
 * transaction, under the application's row lock: the signature with its signed copy, the
 * status event (or an audit event when declined, expired, or signed when the application no
 * longer waits for it), and the mail the new status sends. The webhook and the status check
 * both come here, so whichever arrives second finds the signature recorded and does nothing.
 * Undefined when the signer no longer takes part in the application.
 */
async function recordReport(
  tx: Database,
  deps: EsignDeps,
  signer: Signer,
  applicationId: string,
  report: VendorReport,
  reportedBy: ReportedBy,
): Promise<Synced | undefined> {
  const locked = await findParticipantApplication(tx, signer.id, applicationId, { lock: true });
  if (!locked) return undefined;
  const row = await repo.findSignature(tx, applicationId, locked.role, { lock: true });
  // Recorded already, or a new envelope replaced this one: nothing to do.
  if (!row || row.status !== 'pending' || row.envelopeId !== report.envelopeId) {
    return { application: locked, signature: row };
  }
  const now = deps.now?.() ?? new Date();
  const { signedCopy } = report;
  const updated = await repo.updateSignatureStatus(tx, {
    applicationId,
    role: locked.role,
    status: report.status,
    now,
    ...(signedCopy && {
      signedDocument: encryptSignedDocument(deps.cipher, applicationId, locked.role, signedCopy),
    }),
  });
  const details = {
    role: locked.role,
    provider: row.provider,
    envelopeId: row.envelopeId,
    reportedBy,
  };
  if (report.status !== 'signed') {
    await recordAuditEvent(tx, {
      applicationId,
      actorId: signer.id,
      action: report.status === 'declined' ? 'esignDeclined' : 'esignExpired',
      fromStatus: locked.status,
      toStatus: locked.status,
      details,
    });
    return { application: locked, signature: updated };
  }
  const steps = await savedStepsOf(tx, applicationId);
  const event = signedEvent(locked.role, record(steps.ownership).ownershipTypeId);
  let status: ApplicationState = locked.status;
  if (allows(locked.status, event)) {
    status = await applyApplicationEvent(tx, {
      applicationId,
      actorId: signer.id,
      event,
      details,
    });
    if (status === 'underReview') {
      await openReviewCase(tx, { applicationId, steps, submittedAt: now });
      await queueUnderReviewMail(tx, deps, {
        applicationId,
        steps,
        signer,
        signerRole: locked.role,
      });
    } else if (status === 'jointEsignatureRequired') {
      await queueJointSignatureTurn(tx, deps, { applicationId, steps });
    }
  } else {
    // Signed, but the application is no longer waiting for it: kept, without a transition.
    await recordAuditEvent(tx, {
      applicationId,
      actorId: signer.id,
      action: 'esignSigned',
      fromStatus: locked.status,
      toStatus: locked.status,
      details,
    });
  }
  return { application: { ...locked, status }, signature: updated };
}

/**
 * The caller's application and signature, brought up to date with the vendor before the
 * caller's signature is resumed or replaced: a signature whose webhook has not arrived yet
 * (the vendor calls back within seconds; the signer may be quicker) must not be replaced by a
 * new envelope. A pending envelope the vendor now reports signed, declined or expired is
 * recorded as the webhook would record it. Another person's application answers 404.
 */
async function synced(deps: EsignDeps, caller: Signer, applicationId: string): Promise<Synced> {
  const current = await known(deps.db, caller, applicationId);
  const pending = current.signature?.status === 'pending' ? current.signature : undefined;
  if (!pending) return current;
  const report = await askVendor(deps.provider, pending.envelopeId);
  if (!report) return current;
  const recorded = await deps.db.transaction((tx) =>
    recordReport(tx, deps, caller, applicationId, report, 'statusCheck'),
  );
  if (!recorded) throw notFound();
  return recorded;
}

/** What the vendor's webhook brought: whose envelope, and what the vendor says of it now. */
export interface EnvelopeNews {
  applicationId: string;
  role: SignerRole;
  signerId: string;
  report: VendorReport;
}

export class VendorBehindItsWebhook extends Error {
  override name = 'VendorBehindItsWebhook';
  constructor() {
    // No envelope id here: the message reaches the log.
    super('the e-sign vendor still reports pending an envelope its webhook says is done');
  }
}

/**
 * The vendor's webhook, before its transaction: whose envelope it names, and what the vendor
 * says of it now (the event is a notice: asking back means a late or out-of-order event
 * records what is true, and the signed copy comes with it). Undefined for an envelope this
 * portal did not send or has already recorded: nothing to ask, nothing to record.
 */
export async function envelopeNewsOf(
  deps: Pick<EsignDeps, 'db' | 'provider'>,
  envelopeId: string,
): Promise<EnvelopeNews | undefined> {
  const signature = await repo.findSignatureByEnvelope(deps.db, deps.provider.name, envelopeId);
  if (signature?.status !== 'pending') return undefined;
  const report = await askVendor(deps.provider, envelopeId);
  // Its API not yet showing what its webhook announced: refused, so the vendor delivers again.
  if (!report) throw new VendorBehindItsWebhook();
  return {
    applicationId: signature.applicationId,
    role: signature.role === 'joint' ? 'joint' : 'primary',
    signerId: signature.signerId,
    report,
  };
}

/** Whether an application's signature uses this envelope (whatever its state). */
export async function isApplicationEnvelope(
  deps: Pick<EsignDeps, 'db' | 'provider'>,
  envelopeId: string,
): Promise<boolean> {
  return (
    (await repo.findSignatureByEnvelope(deps.db, deps.provider.name, envelopeId)) !== undefined
  );
}

/**
 * Records the vendor's news in the webhook's transaction, for the signer of the envelope as if
 * they had asked themselves (their sign-in address and language for the mail).
 */
export async function recordEnvelopeNews(
  tx: Database,
  deps: EsignDeps,
  news: EnvelopeNews | undefined,
): Promise<void> {
  if (!news) return;
  const account = (await repo.participantsOf(tx, news.applicationId))[news.role];
  // The signer no longer takes part (the application or their part in it is gone).
  if (account?.id !== news.signerId) return;
  await recordReport(
    tx,
    deps,
    { id: account.id, email: account.email, language: account.language },
    news.applicationId,
    news.report,
    'webhook',
  );
}

/** The under-review mail to the primary applicant and, when joint, the joint applicant. */
async function queueUnderReviewMail(
  tx: Database,
  deps: EsignDeps,
  context: { applicationId: string; steps: SavedSteps; signer: Signer; signerRole: SignerRole },
): Promise<void> {
  const { applicationId, steps, signer, signerRole } = context;
  const roles: SignerRole[] = stepApplies('profilejoint', steps)
    ? ['primary', 'joint']
    : ['primary'];
  const sent = new Set<string>();
  const accounts = await repo.participantsOf(tx, applicationId);
  for (const role of roles) {
    const profile = record(steps[profileStepOf(role)]);
    // The signer's address is their sign-in; the other applicant's, the one on their profile.
    const recipient = (role === signerRole ? signer.email : text(profile.email)).toLowerCase();
    if (!recipient || sent.has(recipient)) continue;
    sent.add(recipient);
    const language = languageOfAccount(
      role === signerRole ? signer.language : accounts[role]?.language,
    );
    await enqueueMessage(tx, deps.cipher, {
      channel: 'email',
      recipient,
      language,
      template: UNDER_REVIEW_TEMPLATE,
      content: underReviewMail(language, {
        firstName: text(profile.firstName),
        dashboardUrl: deps.publicUrl ? `${deps.publicUrl}/#/home/dashboard` : undefined,
        signedCopyUrl: deps.publicUrl
          ? `${deps.publicUrl}/#/application/${encodeURIComponent(applicationId)}/nextsteps`
          : undefined,
      }),
      applicationId,
    });
  }
}

/**
 * Where a signer signs the application document: the primary applicant on the first signature
 * line, the joint applicant on the second. A document without that line is a programming error
 * (the document draws one line for each applicant who signs).
 */
export function signatureSpotOf(spots: readonly SignatureSpot[], role: SignerRole): SignatureSpot {
  const spot = spots[role === 'primary' ? 0 : 1];
  if (!spot) throw new Error(`the application document has no signature line for the ${role}`);
  return spot;
}

function stateOf(application: Participation, signature: repo.SignatureRow | undefined): EsignState {
  return {
    status: (signature?.status as EsignState['status'] | undefined) ?? 'notStarted',
    role: application.role,
    applicationStatus: application.status,
    canSign: signerOnTurn(application.status) === application.role,
  };
}

/**
 * `GET applications/{id}/esign`: the caller's signature as the server knows it (the vendor's
 * webhook records it; the client's polling only reads).
 */
export async function signingStatus(
  deps: EsignDeps,
  caller: Signer,
  applicationId: string,
): Promise<EsignState & { identityVerified: boolean }> {
  const { application, signature } = await known(deps.db, caller, applicationId);
  return {
    ...stateOf(application, signature),
    // The signing screen says "confirm your identity first" rather than "ready to sign" (A minor 9).
    identityVerified: await identityVerifiedFor(
      deps.db,
      applicationId,
      application.role,
      deps.bypassQualId?.() ?? true,
    ),
  };
}

/**
 * `POST applications/{id}/esign`: where the caller signs. Only on their turn (else 409
 * `notYourTurn`, or `alreadySigned`). A pending envelope the vendor can still sign is reused;
 * otherwise (none yet, declined, expired) a new one carries a freshly generated document.
 */
export async function startSigning(
  deps: EsignDeps,
  caller: Signer,
  applicationId: string,
): Promise<EsignStart> {
  const { db, provider } = deps;
  const { application, signature } = await synced(deps, caller, applicationId);
  if (signerOnTurn(application.status) !== application.role) {
    throw new EsignError(409, signature?.status === 'signed' ? 'alreadySigned' : 'notYourTurn');
  }
  // Issue 13: nobody signs before their identity is verified (unless bypass-qualId).
  if (
    !(await identityVerifiedFor(db, applicationId, application.role, deps.bypassQualId?.() ?? true))
  ) {
    throw new EsignError(409, 'identityNotVerified');
  }
  if (signature?.status === 'pending') {
    const resumed = await provider.signingUrl(signature.envelopeId, {
      returnPath: esignReturnPath(applicationId),
    });
    if (resumed) return { signingUrl: resumed, status: 'pending' };
  }

  const steps = await savedStepsOf(db, applicationId);
  const profile = record(steps[profileStepOf(application.role)]);
  const name = `${text(profile.firstName)} ${text(profile.lastName)}`.trim();
  if (!name) throw new EsignError(409, 'signerUnknown');
  // A name saved before the one name rule, which it refuses now, is not put on a contract.
  if (!isAcceptedName(text(profile.firstName)) || !isAcceptedName(text(profile.lastName))) {
    throw new EsignError(409, 'signerNameRefused');
  }
  // A Quebec applicant signs in the language their own agreement binds in (ADR 0016): the
  // primary's from the review, the joint applicant's from joining with their code.
  const language = signingLanguageOf(
    languageOfAccount(caller.language),
    record(steps.review)[application.role === 'primary' ? 'agreement' : 'jointAgreement'],
  );
  const now = deps.now?.() ?? new Date();
  const document = await buildApplicationDocument({
    applicationId,
    language,
    steps,
    generatedAt: now,
    references: await referenceLabelsOf(db, language),
    // The documents sent are listed, as the review lists them.
    documents: await documentsOfApplication(db, deps.cipher, applicationId),
  });
  const created = await provider.createEnvelope({
    signer: { email: caller.email, name },
    language,
    document: { name: document.name, bytes: document.bytes },
    returnPath: esignReturnPath(applicationId),
    signHere: signatureSpotOf(document.signatureSpots, application.role),
  });

  const standing = await db.transaction(async (tx) => {
    const locked = await findParticipantApplication(tx, caller.id, applicationId, { lock: true });
    if (!locked) throw notFound();
    if (signerOnTurn(locked.status) !== locked.role) throw new EsignError(409, 'notYourTurn');
    const row = await repo.findSignature(tx, applicationId, locked.role, { lock: true });
    // Another request sent an envelope while this one was being made: that one stands.
    if (row?.status === 'pending' && row.envelopeId !== signature?.envelopeId) {
      return row.envelopeId;
    }
    await repo.upsertSignature(tx, {
      applicationId,
      role: locked.role,
      signerId: caller.id,
      provider: provider.name,
      envelopeId: created.envelopeId,
      now,
    });
    await recordAuditEvent(tx, {
      applicationId,
      actorId: caller.id,
      action: 'esignSent',
      fromStatus: locked.status,
      toStatus: locked.status,
      details: { role: locked.role, provider: provider.name, envelopeId: created.envelopeId },
    });
    return created.envelopeId;
  });
  if (standing !== created.envelopeId) {
    const other = await provider.signingUrl(standing, {
      returnPath: esignReturnPath(applicationId),
    });
    if (other) return { signingUrl: other, status: 'pending' };
  }
  return { signingUrl: created.signingUrl, status: 'pending' };
}

/**
 * `GET applications/{id}/esign/document`: the caller's own copy of what they signed (each
 * applicant signs their own envelope, in their language). 404 `notFound` to anyone who takes no
 * part in the application, `notSigned` before the caller's signature is recorded. A signature
 * recorded without its document (the vendor had none to give then) fetches it now, once.
 */
export async function signedDocumentOf(
  deps: EsignDeps,
  caller: Signer,
  applicationId: string,
): Promise<{ name: string; bytes: Uint8Array }> {
  const { application, signature } = await known(deps.db, caller, applicationId);
  if (signature?.status !== 'signed') throw new EsignError(404, 'notSigned');
  const context = signedDocumentContext(applicationId, application.role);
  if (signature.signedDocumentEncrypted && signature.signedDocumentName) {
    return {
      name: signature.signedDocumentName,
      bytes: deps.cipher.decryptBytes(signature.signedDocumentEncrypted, context),
    };
  }
  const fetched = await deps.provider.signedDocument(signature.envelopeId);
  if (!fetched) throw new EsignError(404, 'notSigned');
  await repo.storeSignedDocument(
    deps.db,
    applicationId,
    application.role,
    encryptSignedDocument(deps.cipher, applicationId, application.role, fetched),
  );
  return fetched;
}
