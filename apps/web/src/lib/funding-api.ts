import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { CurrencyTypeId } from '@portal/domain/enums/funding';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { FundingItem, FundingToAccount } from '@portal/domain/funding/funding-item';
import type { ChequeCurrency, FundingRequestInput } from '@portal/domain/funding/funding-schemas';
import type { AccountMovementsAnswer } from '@portal/domain/funding/payment-files-api';
import { chequeUploadAmountId } from '@portal/domain/api-contract/client-call-rules';
import { http } from './http/http.ts';

export type { AccountMovementsAnswer, BankAccount, FundingItem, FundingToAccount };

/** `GET coAcctFunding/startDates`: the business days a first debit may fall on, from the server's calendar. */
export interface StartDates {
  today: IsoDate;
  earliest: IsoDate;
  /** The 30 business days from `earliest`, in order. */
  dates: IsoDate[];
}

/** A void cheque as the form sends it (every field as typed; the server strips and checks). */
export interface ChequeUpload {
  finInstitution: string;
  transitNumber: string;
  bankAccountNumber: string;
  nickname: string;
  currency: ChequeCurrency;
  file: File;
  /** The amount the cheque is for, in the spec's form (line 147): sent only when above 0. */
  amountId?: number;
}

/** `POST coAcctFunding/uploadCheque/{applicationId}`: the stored cheque and the bank account it gives. */
export interface ChequeUploaded {
  documentUploadedId: string;
  bankAccount: BankAccount;
}

/** One uploaded void cheque (`nicknamesForUploadedChequesForCurrUser`). */
export interface UploadedCheque {
  documentUploadedId: string;
  nickname: string;
  financialInstitutionName: string;
  /** Masked: `•••••123`. */
  bankAccountNumber: string;
  currencyTypeId: CurrencyTypeId;
  bankAccountId: string;
}

/** When the person's cash starts working: at $2,000, or at the quarter's end. */
export interface CashInvestedOn {
  reason: 'threshold' | 'quarterEnd';
  date: IsoDate;
}

/** `POST coAcctFunding/`: the request as stored, and what to tell the person. */
export interface FundingSubmitted {
  item: FundingItem;
  confirmation: {
    firstDebitDate: IsoDate;
    investedOn: CashInvestedOn;
    agreementId: string;
    /** When the 10-day pre-notification mail goes; null when it was waived. */
    preNotificationMailDate: IsoDate | null;
  };
}

/** The payload of `POST coAcctFunding/` as the web sends it (the domain schema's input). */
export type FundingRequestPayload = FundingRequestInput;

// Every funding screen shows its own designed error states: no call goes to the glitch page.
const quiet = { noErrorPage: true } as const;

const query = (params: Record<string, string | boolean | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Funding of the accounts (server module `funding`; spec section 7 `coAcctFunding` and lists). */
export const fundingApi = {
  /** The accounts the person may fund; of one application when its id is given. */
  toAccounts: (applicationId?: string, signal?: AbortSignal) =>
    http.get<{ accounts: FundingToAccount[] }>(
      `/coAcctFunding/toAccountsForCurrUser${query({ applicationId })}`,
      { ...quiet, signal },
    ),
  /** Offered start dates; a Quebec institution (`006`, `815`) follows Quebec's bank holidays too. */
  startDates: (
    options: { preNotificationWaived: boolean; institution?: string },
    signal?: AbortSignal,
  ) =>
    http.get<StartDates>(
      `/coAcctFunding/startDates${query({
        preNotificationWaived: options.preNotificationWaived,
        institution: options.institution,
      })}`,
      { ...quiet, signal },
    ),
  /** The spec's call: the `daysFrom`-th business day after `fromDate` (MM-DD-YYYY). */
  nextBusinessDay: (daysFrom: number, fromDate: string, signal?: AbortSignal) =>
    http.get<{ nextBusinessDay: string; date: IsoDate }>(
      `/nextBusinessDay${query({ daysFrom: String(daysFrom), fromDate })}`,
      { ...quiet, signal },
    ),
  /** multipart/form-data: the browser writes the content type and its boundary itself. */
  uploadCheque: (applicationId: string, upload: ChequeUpload) => {
    const form = new FormData();
    form.set('finInstitution', upload.finInstitution);
    form.set('transitNumber', upload.transitNumber);
    form.set('bankAccountNumber', upload.bankAccountNumber);
    form.set('nickname', upload.nickname);
    form.set('currency', upload.currency);
    form.set('uploadCheque', upload.file, upload.file.name);
    const amountId = chequeUploadAmountId(upload.amountId);
    if (amountId !== undefined) form.set('amountId', amountId);
    return http.post<ChequeUploaded>(
      `/coAcctFunding/uploadCheque/${encodeURIComponent(applicationId)}`,
      form,
      quiet,
    );
  },
  uploadedCheques: (currency?: ChequeCurrency, signal?: AbortSignal) =>
    http.get<{ cheques: UploadedCheque[] }>(
      `/coAcctFunding/nicknamesForUploadedChequesForCurrUser${query({ documentType: currency })}`,
      { ...quiet, signal },
    ),
  /** Every bank account on file, whatever its source. */
  bankAccounts: (signal?: AbortSignal) =>
    http.get<{ bankAccounts: BankAccount[] }>('/finInstitutionAcctsForCurrUser', {
      ...quiet,
      signal,
    }),
  connectedBankAccounts: (signal?: AbortSignal) =>
    http.get<{ bankAccounts: BankAccount[] }>('/flinksBankAcctsForCurrUser', { ...quiet, signal }),
  /** Bank accounts already on file with us from earlier funding. */
  accountsOnFile: (signal?: AbortSignal) =>
    http.get<{ accounts: BankAccount[] }>('/adminAcctsForCurrUser', { ...quiet, signal }),
  accountOnFile: (id: string, signal?: AbortSignal) =>
    http.get<BankAccount>(`/adminAcctsForCurrUser/${encodeURIComponent(id)}`, {
      ...quiet,
      signal,
    }),
  /** Every EFT and PAC, and each debit of a PAC, newest first. */
  history: (signal?: AbortSignal) =>
    http.get<{ items: FundingItem[] }>('/eftPacHistoryForCurrUser', { ...quiet, signal }),
  /** Recurring contributions active, or deleted and waiting for their effective date. */
  activePacs: (signal?: AbortSignal) =>
    http.get<{ items: FundingItem[] }>('/activeFftPacsForCurrUser', { ...quiet, signal }),
  /** Requests not yet with the bank (cancellable). */
  pending: (signal?: AbortSignal) =>
    http.get<{ items: FundingItem[] }>('/pendingEftPacsForCurrUser', { ...quiet, signal }),
  /**
   * The portal's record of the money it moved for each of the person's accounts (issue 35), not
   * the dealer's statement: what was sent, returned, claimed or paid out, and the net per currency.
   */
  movements: (signal?: AbortSignal) =>
    http.get<AccountMovementsAnswer>('/coAcctFunding/movements', { ...quiet, signal }),
  /** Stops an active PAC after the notice period; 409 `notActive`. */
  deleteActivePac: (id: string) =>
    http.delete<{ item: FundingItem; effectiveDate: IsoDate }>(
      `/deleteActiveEftPac/${encodeURIComponent(id)}`,
      quiet,
    ),
  /** Withdraws a request the bank has not received; 409 `notPending`. */
  cancelPending: (id: string) =>
    http.delete<{ item: FundingItem }>(`/cancelPendingEftPac/${encodeURIComponent(id)}`, quiet),
  submit: (payload: FundingRequestPayload) =>
    http.post<FundingSubmitted>('/coAcctFunding/', payload, quiet),
  /** The signed PAD agreement of a request, a PDF (the bearer header rules out a plain link). */
  agreement: (fundingRequestId: string, signal?: AbortSignal) =>
    http.get<Blob>(`/coAcctFunding/${encodeURIComponent(fundingRequestId)}/agreement`, {
      ...quiet,
      signal,
      responseType: 'blob',
    }),
};
