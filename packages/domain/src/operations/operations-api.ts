import type { AcceptedPromoCode } from '../promo/promo-api.ts';
import type { PartnerAgreement } from '../promo/partners-api.ts';
import { z } from 'zod';
import type { OutlineSection } from '../answers/answers-outline.ts';
import type { NamedAccountTypeName } from '../enums/account-types.ts';
import type { ProvinceCode } from '../enums/provinces.ts';
import type { ApplicantRole } from '../rules/onboarding-flow.ts';
import type { ApplicationState } from '../status/application-status-machine.ts';
import { dualProcessCandidateSchema } from '../identity/dual-process.ts';
import type { PhotoIdReport } from '../identity/photo-id-check.ts';
import type { IdentityDocumentType } from '../enums/documents.ts';
import { declineCategories, type DeclineCategory } from './decline-categories.ts';

/**
 * The operations console's API (issue 16; ADR 0023), under `/service/jaxrs/ops/*`. Only the
 * `staff` role reaches it: every other caller gets 404 on every path, as for a resource that
 * does not exist. Every action is one transaction with its audit event; an action on an item
 * the caller has not claimed, or claimed by someone else, answers 409.
 *
 * Paths (all under /service/jaxrs):
 * - GET  ops/queues                                  QueueCounts
 * - GET  ops/applications?status&minAge&province&accountType&joint&pep&page&pageSize
 *                                                    Page<ApplicationQueueItem>, oldest first
 * - GET  ops/applications/{id}                       ApplicationCase
 * - POST ops/applications/{id}/reveal                RevealBody -> RevealAnswer (audited)
 * - POST ops/applications/{id}/approve               ApproveBody -> DecisionAnswer
 * - POST ops/applications/{id}/decline               DeclineBody -> DecisionAnswer
 * - POST ops/applications/{id}/requestInformation    RequestInformationBody -> DecisionAnswer
 * - GET  ops/identity?page&pageSize                  Page<IdentityQueueItem>
 * - GET  ops/identity/{attemptId}                    IdentityCase
 * - POST ops/identity/{attemptId}/reveal             IdentityRevealBody -> IdentityRevealAnswer
 *                                                    (under the claim; audited)
 * - POST ops/identity/{attemptId}/verify             VerifyIdentityBody -> { state }
 * - POST ops/identity/{attemptId}/refuse             RefuseIdentityBody -> { state }
 * - GET  ops/funding?page&pageSize                   Page<FundingQueueItem>
 * - POST ops/funding/{requestId}/{action}            ReasonBody (action: FundingAction)
 * - POST ops/transfers/{transferId}/{action}         ReasonBody (action: TransferAction)
 * - GET  ops/pepForms?page&pageSize                  Page<PepFormQueueItem>
 * - POST ops/documents/{documentId}/view            DocumentViewBody -> the file, inline
 *                                                    (under the claim of its item; audited)
 * - GET  ops/vendorEvents?page&pageSize             Page<KeptVendorEvent>, oldest first
 * - POST ops/vendorEvents/{role}/{eventId}/resolve   -> { resolvedAt } (404 when none waits)
 * - POST ops/claims                                  ClaimBody -> ClaimView (409 ClaimRefusal)
 * - DELETE ops/claims/{kind}/{id}                    204 (only the holder releases)
 */

/** What a staff member can claim: one kind per queue. */
export const claimKinds = ['application', 'identity', 'funding', 'transfer'] as const;
export type ClaimKind = (typeof claimKinds)[number];

/** A claim lasts this long unless renewed (claiming again renews it); then anyone may claim. */
export const CLAIM_MINUTES = 30;

/** Under review is promised in 1 to 3 business days (spec section 4). */
export const REVIEW_PROMISE_BUSINESS_DAYS = 3;

/** A revealed SIN or TIN stays on screen this long (need-to-know; OPC guidance on SINs). */
export const REVEAL_SECONDS = 60;

export const OPS_PAGE_SIZE = 25;
export const OPS_MAX_PAGE_SIZE = 100;

export interface ClaimView {
  kind: ClaimKind;
  id: string;
  staffId: string;
  staffName: string;
  claimedAt: string;
  expiresAt: string;
  /** Whether the caller holds it. */
  mine: boolean;
}

/** The 409 when someone else holds the item: who, and until when. */
export interface ClaimRefusal {
  errorCode: 'claimedByOther';
  message: string;
  holder: { staffName: string; expiresAt: string };
}

export const claimBodySchema = z.object({
  kind: z.enum(claimKinds),
  id: z.string().min(1).max(100),
});
export type ClaimBody = z.infer<typeof claimBodySchema>;

export interface QueueCounts {
  underReview: number;
  requiresReview: number;
  /** Under review longer than the promise of 3 business days. */
  overdue: number;
  identity: number;
  funding: number;
  pepForms: number;
  /** PEP/HIO forms past their 21 days: those accounts are restricted. */
  pepFormsOverdue: number;
  /** Signed vendor events kept for staff, not yet marked as dealt with. */
  vendorEvents: number;
}

/** Why a signed vendor event was kept for staff instead of applied (issue 30). */
export const keptVendorEventProblems = ['unusable', 'unknownReference'] as const;
export type KeptVendorEventProblem = (typeof keptVendorEventProblems)[number];

/**
 * A signed webhook the product could not apply (issue 30, B-F7): its data failed the schema,
 * or it named a reference the product did not have ten minutes after it occurred. Staff read
 * the event as the vendor sent it, settle it with the vendor or by hand, and mark it dealt with.
 */
export interface KeptVendorEvent {
  /** The vendor role: `identity`, `esign`, `bankConnection`. */
  role: string;
  eventId: string;
  eventType: string;
  problem: KeptVendorEventProblem;
  receivedAt: string;
  /** The event's JSON as received. */
  event: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** Paging of every queue: `page` from 1. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(OPS_MAX_PAGE_SIZE).default(OPS_PAGE_SIZE),
});

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const reviewQueueStatuses = ['underReview', 'requiresReview'] as const;
export type ReviewQueueStatus = (typeof reviewQueueStatuses)[number];

/** The applications queue's filters (all optional; together they narrow). */
export const applicationQueueQuerySchema = pageQuerySchema.extend({
  status: z.enum(reviewQueueStatuses).optional(),
  /** Only those at least this many business days since submission. */
  minAge: z.coerce.number().int().min(0).max(365).optional(),
  province: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  accountType: z.string().min(1).max(40).optional(),
  joint: booleanQuery.optional(),
  pep: booleanQuery.optional(),
});
export type ApplicationQueueQuery = z.infer<typeof applicationQueueQuerySchema>;

export interface ApplicationQueueItem {
  id: string;
  status: ReviewQueueStatus;
  version: number;
  /** The applicants' names, primary first. */
  applicantNames: string[];
  province: ProvinceCode | null;
  accountTypes: NamedAccountTypeName[];
  joint: boolean;
  pep: boolean;
  submittedAt: string;
  /** Business days since submission (the payments calendar). */
  ageBusinessDays: number;
  /** Past the promise of REVIEW_PROMISE_BUSINESS_DAYS. */
  overdue: boolean;
  /** A PEP/HIO application one staff member has approved: it waits for a second. */
  awaitingSecondApproval: boolean;
  claim: ClaimView | null;
}

export interface CaseApplicant {
  role: ApplicantRole;
  userId: string | null;
  name: string;
  email: string;
  language: 'en' | 'fr';
}

export interface CaseDocument {
  id: string;
  documentType: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  uploadedBy: ApplicantRole | 'staff';
  /** The account of the application it is for, by name (`rrsp`); null for the whole application. */
  account: string | null;
}

export interface CaseIdentityAttempt {
  id: string;
  method: string;
  outcome: string;
  reason: string | null;
  startedAt: string;
  completedAt: string | null;
  /** The documents a dual-process or manual attempt sent (ids of `documents`). */
  documentIds: string[];
}

export interface CaseIdentity {
  role: ApplicantRole;
  state: string;
  method: string | null;
  verifiedAt: string | null;
  attempts: CaseIdentityAttempt[];
}

export interface CaseSignature {
  role: ApplicantRole;
  status: string;
  signedAt: string | null;
}

export interface CaseAuditEvent {
  id: string;
  action: string;
  actorName: string;
  actorRole: 'client' | 'staff' | 'advisor' | 'trial' | 'system';
  fromStatus: string | null;
  toStatus: string | null;
  /** What the event records; never a SIN, TIN or bank number (a reveal names the field). */
  details: Record<string, unknown>;
  createdAt: string;
}

export interface CaseMail {
  template: string;
  recipient: string;
  language: 'en' | 'fr';
  createdAt: string;
  sentAt: string | null;
}

/** The fields whose value a staff member may reveal (with a reason), by applicant. */
export const revealFields = [
  'primary.sin',
  'joint.sin',
  'primary.spouseSin',
  'joint.spouseSin',
  'primary.tin',
  'joint.tin',
  'primary.usTin',
  'joint.usTin',
] as const;
export type RevealField = (typeof revealFields)[number];

export interface CaseRevealable {
  field: RevealField;
  /** The mask the applicant sees (`***-***-789`). */
  masked: string;
}

export interface InformationRequestView {
  id: string;
  /** What the applicant is asked, as the staff member wrote it to them. */
  message: string;
  documentTypes: string[];
  askedAt: string;
  answeredAt: string | null;
  /** The applicant's answer, once given. */
  answer: string | null;
  answerDocumentIds: string[];
}

export interface OpenedAccount {
  accountTypeName: NamedAccountTypeName;
  accountNumber: string;
}

export interface ApplicationCase {
  id: string;
  status: ApplicationState;
  version: number;
  submittedAt: string | null;
  ageBusinessDays: number | null;
  pep: boolean;
  joint: boolean;
  applicants: CaseApplicant[];
  /** Every answer, as the review shows it (ADR 0013), in the staff member's language. */
  outline: OutlineSection[];
  documents: CaseDocument[];
  identity: CaseIdentity[];
  signatures: CaseSignature[];
  audit: CaseAuditEvent[];
  mails: CaseMail[];
  revealable: CaseRevealable[];
  informationRequests: InformationRequestView[];
  /** A PEP/HIO application's first approval, waiting for a second staff member. */
  firstApproval: { staffId: string; staffName: string; at: string } | null;
  pepForm: PepFormStatus | null;
  accounts: OpenedAccount[];
  decline: { category: DeclineCategory } | null;
  claim: ClaimView | null;
  /** The promo code accepted and its offer (issue 17); absent or null when none. */
  promoCode?: AcceptedPromoCode | null;
  /** The partner agreement accepted before the application started (issue 17). */
  partnerAgreement?: PartnerAgreement | null;
}

/** A reason is required on every action: it goes to the audit trail, never to the applicant. */
export const actionReasonSchema = z.string().trim().min(5, 'tooShort').max(1000, 'tooLong');

export const reasonBodySchema = z.object({ reason: actionReasonSchema });
export type ReasonBody = z.infer<typeof reasonBodySchema>;

export const revealBodySchema = z.object({
  field: z.enum(revealFields),
  reason: actionReasonSchema,
});
export type RevealBody = z.infer<typeof revealBodySchema>;

/**
 * Opening a document (need-to-know, as the SIN reveal): under the caller's claim on the queue
 * item it belongs to (the application under review, the identity attempt that sent it, the
 * funding request whose void cheque it is, the transfer whose statement it is), with the reason
 * that goes to the audit trail.
 */
export const documentViewBodySchema = z.object({
  kind: z.enum(claimKinds),
  itemId: z.string().min(1).max(100),
  reason: actionReasonSchema,
});
export type DocumentViewBody = z.infer<typeof documentViewBodySchema>;

export interface RevealAnswer {
  field: RevealField;
  value: string;
  /** How long the console may show it. */
  seconds: number;
}

/** Decisions carry the version the staff member read: a stale one answers 409. */
export const approveBodySchema = z.object({
  version: z.number().int().min(1),
  reason: actionReasonSchema,
});
export type ApproveBody = z.infer<typeof approveBodySchema>;

export const declineBodySchema = z.object({
  version: z.number().int().min(1),
  category: z.enum(Object.values(declineCategories) as [DeclineCategory, ...DeclineCategory[]]),
  reason: actionReasonSchema,
});
export type DeclineBody = z.infer<typeof declineBodySchema>;

export const requestInformationBodySchema = z.object({
  version: z.number().int().min(1),
  reason: actionReasonSchema,
  /** Shown to the applicant on the dashboard and in the mail, as written. */
  message: z.string().trim().min(5, 'tooShort').max(2000, 'tooLong'),
  /** Upload document types asked for (packages/domain `uploadDocumentTypes`). */
  documentTypes: z.array(z.string().min(1).max(40)).max(5).default([]),
});
export type RequestInformationBody = z.infer<typeof requestInformationBodySchema>;

export interface DecisionAnswer {
  status: ApplicationState;
  version: number;
  /** `awaitingSecondApproval`: a PEP/HIO application's first approval was recorded. */
  outcome: 'approved' | 'awaitingSecondApproval' | 'declined' | 'informationRequested';
  accounts: OpenedAccount[];
}

export const identityRefusalReasons = [
  'documentUnreadable',
  'documentExpired',
  'nameMismatch',
  'notAuthentic',
  'other',
] as const;
export type IdentityRefusalReason = (typeof identityRefusalReasons)[number];

export const refuseIdentityBodySchema = z.object({
  reason: actionReasonSchema,
  refusal: z.enum(identityRefusalReasons),
});
export type RefuseIdentityBody = z.infer<typeof refuseIdentityBodySchema>;

/**
 * Verifying an identity sent for review. A dual-process attempt needs only the reason: its
 * record is the two sources the applicant described. A manual attempt is approved only as the
 * dual-process method (ADR 0018: a person looking at an uploaded photo ID is not FINTRAC's
 * photo-ID method for a client not in front of us): the reviewer records the two documents
 * they relied on, each with its source, its type, the category of information it confirms and
 * its reference or account number. The domain's dual-process rule (`dualProcessProblems`,
 * `dualProcessSubmissionSchemaFor`) judges them, on the console and again on the server:
 * two different sources, two different categories, neither the applicant nor us. A photo-ID
 * attempt the vendor sent for review needs only the reason: its record is the photo-ID method's,
 * from the document the vendor read, with the vendor's check id as its reference (issue 34).
 */
export const verifyIdentityBodySchema = reasonBodySchema.extend({
  sources: z.array(dualProcessCandidateSchema).max(5).optional(),
});
export type VerifyIdentityBody = z.infer<typeof verifyIdentityBodySchema>;

/** The methods whose attempts operations decide: photo ID when its vendor asked for review. */
export const reviewedIdentityMethods = ['dualProcess', 'manual', 'photoId'] as const;
export type ReviewedIdentityMethod = (typeof reviewedIdentityMethods)[number];

export interface IdentityQueueItem {
  attemptId: string;
  applicationId: string;
  role: ApplicantRole;
  personName: string;
  method: ReviewedIdentityMethod;
  submittedAt: string;
  documentIds: string[];
  claim: ClaimView | null;
}

/**
 * The document as the photo-ID vendor read it, for the reviewer to compare with the
 * application. The number is masked (need-to-know, as SINs): revealed on request, audited.
 */
export interface PhotoIdDocumentView {
  documentType: IdentityDocumentType;
  /** Province or state of issue (`ON`); null for a national document (a passport). */
  jurisdiction: string | null;
  /** ISO 3166-1 alpha-2 (`CA`). */
  country: string;
  expiryDate: string;
  /** Past its expiry today: the product refuses it whatever the vendor or the reviewer says. */
  expired: boolean;
  /** The name printed on the document. */
  name: string;
  /** Absent when the vendor did not read one. */
  dateOfBirth: string | null;
  /** The number with all but its last three characters hidden (`•••••••012`). */
  numberMasked: string;
}

/**
 * A photo-ID check the vendor left to us (issue 34): its reports and the document it read.
 * The images stay at the vendor until our decision (the product keeps none, ADR 0018): a
 * reviewer who needs them opens the check by its id in the vendor's own dashboard.
 */
export interface PhotoIdCheckView {
  vendor: string;
  /** The vendor's check id: the FINTRAC record's `vendorReference` once approved. */
  checkId: string;
  reports: PhotoIdReport[];
  /** Null when the vendor could not read the document: the case can then only be refused. */
  document: PhotoIdDocumentView | null;
}

/** `GET ops/identity/{attemptId}`: one attempt sent for review, as its case. */
export interface IdentityCase extends IdentityQueueItem {
  /** `needsReview` while it waits; `verified`, `failed` or `expired` once decided. */
  outcome: string;
  /** Waiting for a decision: verify and refuse apply. */
  decidable: boolean;
  /** A photo-ID attempt's check while it waits; null for the other methods, and once decided. */
  photoIdCheck: PhotoIdCheckView | null;
}

/** What a reviewer may reveal of an identity case (with a reason, audited). */
export const identityRevealFields = ['documentNumber'] as const;
export type IdentityRevealField = (typeof identityRevealFields)[number];

export const identityRevealBodySchema = z.object({
  field: z.enum(identityRevealFields),
  reason: actionReasonSchema,
});
export type IdentityRevealBody = z.infer<typeof identityRevealBodySchema>;

export interface IdentityRevealAnswer {
  field: IdentityRevealField;
  value: string;
  /** How long the console may show it. */
  seconds: number;
}

/** What staff can do with a funding request a job left rejected or held. */
export const fundingActions = ['retry', 'decline'] as const;
export type FundingAction = (typeof fundingActions)[number];
/** What staff can do with a transfer the delivering institution declined or a job held. */
export const transferActions = ['resubmit', 'close'] as const;
export type TransferAction = (typeof transferActions)[number];

export interface FundingQueueItem {
  kind: 'funding' | 'transfer';
  id: string;
  applicationId: string;
  clientName: string;
  /** The spec's status id (funding statuses, or transfer-in statuses). */
  status: number;
  /** `rejected`: by the bank or the delivering institution; `held`: the job could not move it. */
  why: 'rejected' | 'held';
  amountCents: number | null;
  currency: 'CAD' | 'USD' | null;
  since: string;
  /** What staff may open under its claim: the void cheque debited, or the transfer's statement. */
  documentIds: string[];
  claim: ClaimView | null;
}

export interface PepFormStatus {
  dueOn: string;
  receivedAt: string | null;
  remindersSent: number;
  /** Past its due date and not received: the account is restricted. */
  restricted: boolean;
}

export interface PepFormQueueItem extends PepFormStatus {
  applicationId: string;
  applicantNames: string[];
  submittedOn: string;
}
