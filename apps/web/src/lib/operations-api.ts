import type {
  ApplicationCase,
  ApplicationQueueItem,
  ApplicationQueueQuery,
  ApproveBody,
  ClaimKind,
  ClaimRefusal,
  ClaimView,
  DecisionAnswer,
  DeclineBody,
  DocumentViewBody,
  FundingAction,
  FundingQueueItem,
  IdentityCase,
  IdentityQueueItem,
  IdentityRevealAnswer,
  IdentityRevealBody,
  KeptVendorEvent,
  Page,
  PepFormQueueItem,
  QueueCounts,
  ReasonBody,
  RefuseIdentityBody,
  RequestInformationBody,
  RevealAnswer,
  RevealBody,
  TransferAction,
  VerifyIdentityBody,
} from '@portal/domain/operations/operations-api';
import type {
  HeldRifPayout,
  PaymentFileDetail,
  PaymentFileSummary,
  PaymentReturnFileDetail,
  PaymentReturnFileSummary,
  ReconciliationReport,
} from '@portal/domain/funding/payment-files-api';
import { HttpError } from './http/http-client.ts';
import { http } from './http/http.ts';

export type {
  ApplicationCase,
  ApplicationQueueItem,
  ClaimKind,
  ClaimRefusal,
  ClaimView,
  DecisionAnswer,
  FundingQueueItem,
  HeldRifPayout,
  IdentityCase,
  IdentityQueueItem,
  IdentityRevealAnswer,
  KeptVendorEvent,
  Page,
  PaymentFileDetail,
  PaymentFileSummary,
  PaymentReturnFileDetail,
  PaymentReturnFileSummary,
  PepFormQueueItem,
  QueueCounts,
  ReconciliationReport,
};

/** The applications queue's filters as the URL and the API carry them (all strings). */
export type ApplicationFilters = Partial<
  Record<Exclude<keyof ApplicationQueueQuery, 'pageSize'>, string>
>;

/** An ops refusal: its code, the server's message, and the holder of a claim (409). */
export interface OperationsRefusal {
  status: number;
  errorCode: string;
  message: string | null;
  holder: ClaimRefusal['holder'] | null;
  /** A 400's fields at fault (`sources.1.category`: `sameCategory`). */
  fields: Record<string, string> | null;
}

/** What went wrong with a call, read from the answer (a failed network is status 0). */
export function operationsRefusalOf(error: unknown): OperationsRefusal {
  if (!(error instanceof HttpError)) {
    return { status: 0, errorCode: 'unexpected', message: null, holder: null, fields: null };
  }
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
    errorCode?: unknown;
    message?: unknown;
    holder?: unknown;
    fields?: unknown;
  };
  const holder = body.holder as ClaimRefusal['holder'] | undefined;
  return {
    status: error.status,
    errorCode: typeof body.errorCode === 'string' ? body.errorCode : 'unexpected',
    message: typeof body.message === 'string' ? body.message : null,
    holder:
      holder && typeof holder.staffName === 'string' && typeof holder.expiresAt === 'string'
        ? holder
        : null,
    fields:
      typeof body.fields === 'object' && body.fields !== null
        ? Object.fromEntries(
            Object.entries(body.fields).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : null,
  };
}

// Every console screen shows its own designed error states: no call goes to the glitch page.
const quiet = { noErrorPage: true } as const;
const id = (value: string) => encodeURIComponent(value);

/** Only the filters that are set travel, so the server's defaults stand for the rest. */
function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The operations console's API (issue 16; ADR 0023): staff only, every other caller gets 404. */
export const operationsApi = {
  queues: (signal?: AbortSignal) => http.get<QueueCounts>('/ops/queues', { ...quiet, signal }),
  applications: (filters: ApplicationFilters, signal?: AbortSignal) =>
    http.get<Page<ApplicationQueueItem>>(`/ops/applications${queryOf(filters)}`, {
      ...quiet,
      signal,
    }),
  application: (applicationId: string, signal?: AbortSignal) =>
    http.get<ApplicationCase>(`/ops/applications/${id(applicationId)}`, { ...quiet, signal }),
  /** Audited on the server: the field and the reason, never the value. */
  reveal: (applicationId: string, body: RevealBody) =>
    http.post<RevealAnswer>(`/ops/applications/${id(applicationId)}/reveal`, body, quiet),
  approve: (applicationId: string, body: ApproveBody) =>
    http.post<DecisionAnswer>(`/ops/applications/${id(applicationId)}/approve`, body, quiet),
  decline: (applicationId: string, body: DeclineBody) =>
    http.post<DecisionAnswer>(`/ops/applications/${id(applicationId)}/decline`, body, quiet),
  requestInformation: (applicationId: string, body: RequestInformationBody) =>
    http.post<DecisionAnswer>(
      `/ops/applications/${id(applicationId)}/requestInformation`,
      body,
      quiet,
    ),
  identity: (page: number, signal?: AbortSignal) =>
    http.get<Page<IdentityQueueItem>>(`/ops/identity${queryOf({ page })}`, { ...quiet, signal }),
  /** One attempt sent for review; a photo ID's check with its document number masked. */
  identityCase: (attemptId: string, signal?: AbortSignal) =>
    http.get<IdentityCase>(`/ops/identity/${id(attemptId)}`, { ...quiet, signal }),
  /** Audited on the server: the field and the reason, never the value. */
  revealIdentity: (attemptId: string, body: IdentityRevealBody) =>
    http.post<IdentityRevealAnswer>(`/ops/identity/${id(attemptId)}/reveal`, body, quiet),
  verifyIdentity: (attemptId: string, body: VerifyIdentityBody) =>
    http.post<{ state: string }>(`/ops/identity/${id(attemptId)}/verify`, body, quiet),
  refuseIdentity: (attemptId: string, body: RefuseIdentityBody) =>
    http.post<{ state: string }>(`/ops/identity/${id(attemptId)}/refuse`, body, quiet),
  funding: (page: number, signal?: AbortSignal) =>
    http.get<Page<FundingQueueItem>>(`/ops/funding${queryOf({ page })}`, { ...quiet, signal }),
  fundingAction: (requestId: string, action: FundingAction, body: ReasonBody) =>
    http.post<unknown>(`/ops/funding/${id(requestId)}/${action}`, body, quiet),
  transferAction: (transferId: string, action: TransferAction, body: ReasonBody) =>
    http.post<unknown>(`/ops/transfers/${id(transferId)}/${action}`, body, quiet),
  pepForms: (page: number, signal?: AbortSignal) =>
    http.get<Page<PepFormQueueItem>>(`/ops/pepForms${queryOf({ page })}`, { ...quiet, signal }),
  vendorEvents: (page: number, signal?: AbortSignal) =>
    http.get<Page<KeptVendorEvent>>(`/ops/vendorEvents${queryOf({ page })}`, {
      ...quiet,
      signal,
    }),
  resolveVendorEvent: (role: string, eventId: string) =>
    http.post<{ resolvedAt: string }>(
      `/ops/vendorEvents/${id(role)}/${id(eventId)}/resolve`,
      {},
      quiet,
    ),
  /**
   * The file itself, with the bearer token, to show from a blob URL: under the claim of its
   * item, the viewing audited with the reason.
   */
  document: (documentId: string, body: DocumentViewBody, signal?: AbortSignal) =>
    http.post<Blob>(`/ops/documents/${id(documentId)}/view`, body, {
      ...quiet,
      signal,
      responseType: 'blob',
    }),
  /** The payment files with the bank (issue 35), newest business day first. */
  paymentFiles: (page: number, signal?: AbortSignal) =>
    http.get<Page<PaymentFileSummary>>(`/ops/paymentFiles${queryOf({ page })}`, {
      ...quiet,
      signal,
    }),
  paymentFile: (fileId: string, signal?: AbortSignal) =>
    http.get<PaymentFileDetail>(`/ops/paymentFiles/${id(fileId)}`, { ...quiet, signal }),
  /** Audited on the server; 409 `notDecidable` once an item of the file settled or came back. */
  refusePaymentFile: (fileId: string, body: ReasonBody) =>
    http.post<PaymentFileSummary>(`/ops/paymentFiles/${id(fileId)}/refused`, body, quiet),
  paymentReturns: (page: number, signal?: AbortSignal) =>
    http.get<Page<PaymentReturnFileSummary>>(`/ops/paymentReturns${queryOf({ page })}`, {
      ...quiet,
      signal,
    }),
  paymentReturn: (returnFileId: string, signal?: AbortSignal) =>
    http.get<PaymentReturnFileDetail>(`/ops/paymentReturns/${id(returnFileId)}`, {
      ...quiet,
      signal,
    }),
  heldRifPayouts: (signal?: AbortSignal) =>
    http.get<HeldRifPayout[]>('/ops/rifPayouts/held', { ...quiet, signal }),
  /** Audited on the server; 409 `notDecidable` once it is no longer held. */
  releaseRifPayout: (payoutId: string, body: ReasonBody) =>
    http.post<HeldRifPayout>(`/ops/rifPayouts/${id(payoutId)}/release`, body, quiet),
  /** The problems come in the language the call is made in (its Accept-Language). */
  reconciliation: (day: string, signal?: AbortSignal) =>
    http.get<ReconciliationReport>(`/ops/reconciliation${queryOf({ day })}`, {
      ...quiet,
      signal,
    }),
  /** 409 `ClaimRefusal` when someone else holds it; claiming again renews the caller's claim. */
  claim: (kind: ClaimKind, itemId: string) =>
    http.post<ClaimView>('/ops/claims', { kind, id: itemId }, quiet),
  release: (kind: ClaimKind, itemId: string) =>
    http.delete<void>(`/ops/claims/${kind}/${id(itemId)}`, quiet),
};
