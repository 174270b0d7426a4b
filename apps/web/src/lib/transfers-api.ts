import type { DeliveringInstitutionOption } from '@portal/domain/transfers/delivering-institutions';
import type {
  CoAccount,
  TransferAccountModelInput,
  TransferAccountResult,
  TransferPrecheckRefusal,
  TransferView,
} from '@portal/domain/transfers/transfer-request';
import {
  TRANSFER_RETURN_PARAM,
  type TransferReturnTarget,
} from '@portal/domain/transfers/transfer-return';
import { INSTITUTION_SEARCH_LIMIT } from '@portal/domain/constants';
import { http } from './http/http.ts';

export type {
  CoAccount,
  DeliveringInstitutionOption,
  TransferAccountModelInput,
  TransferAccountResult,
  TransferPrecheckRefusal,
  TransferView,
};

/** `POST transferAccounts/upload`: the statement kept with the application. */
export interface StatementUploaded {
  documentUploadedId: string;
  documentType: 'investmentStatement' | 'transferForm';
  applicationId: string;
  /** Masked: `•••••123`. */
  accountNumber: string;
}

// Every transfer screen shows its own designed error states: no call goes to the glitch page.
const quiet = { noErrorPage: true } as const;

const id = (value: string) => encodeURIComponent(value);

/** Transfers in from other institutions (server module `transfers`; spec section 7). */
export const transfersApi = {
  /**
   * The institution lookup. The caller never asks with a blank search (spec section 5: no
   * list, no call); the search goes upper-cased, as the spec's lookup sends it.
   */
  institutions: (search: string, signal?: AbortSignal) =>
    http.get<DeliveringInstitutionOption[]>(
      `/references/deliveringInstitutions?${new URLSearchParams({
        limit: String(INSTITUTION_SEARCH_LIMIT),
        search: search.toUpperCase(),
      }).toString()}`,
      { ...quiet, signal },
    ),
  /** The application's accounts that can receive, each with its transfers in. */
  coAccounts: (applicationId: string, signal?: AbortSignal) =>
    http.get<CoAccount[]>(`/coapplications/${id(applicationId)}/coaccounts`, {
      ...quiet,
      signal,
    }),
  /** multipart/form-data: the browser writes the content type and its boundary itself. */
  uploadStatement: (applicationId: string, accountNumber: string, document: File) => {
    const form = new FormData();
    form.set('applicationId', applicationId);
    form.set('accountNumber', accountNumber);
    form.set('document', document, document.name);
    return http.post<StatementUploaded>('/transferAccounts/upload', form, quiet);
  },
  /**
   * The request, pre-checked by the server: 200 to be signed, 400 `{ fields }`, 422
   * `TransferPrecheckRefusal` (nothing saved). The statement may travel with it.
   */
  submit: (
    model: TransferAccountModelInput,
    document?: File | null,
    returnTo: TransferReturnTarget = 'funding',
  ) => {
    const form = new FormData();
    form.set('transferAccountModel', JSON.stringify(model));
    form.set(TRANSFER_RETURN_PARAM, returnTo);
    if (document) form.set('document', document, document.name);
    return http.put<TransferAccountResult>('/transferAccounts', form, quiet);
  },
  /** 409 once the other institution has it (or it was cancelled already). */
  cancel: (transferId: string) =>
    http.delete<{ transfer: TransferView }>(`/transferAccounts/cancel/${id(transferId)}`, quiet),
  /**
   * Where to sign (a fresh envelope when the last can no longer be signed), and where the
   * ceremony brings the person back: the funding page, or the application's funding step.
   */
  signingUrl: (transferId: string, returnTo: TransferReturnTarget = 'funding') =>
    http.get<TransferAccountResult>(
      `/transferAccounts/${id(transferId)}/esign?${TRANSFER_RETURN_PARAM}=${returnTo}`,
      quiet,
    ),
  /**
   * The signature's status: `check` reads what the server knows (the vendor's webhook keeps
   * it), `force` asks the vendor now ("I have signed").
   */
  esignStatus: (transferId: string, mode: 'check' | 'force', signal?: AbortSignal) =>
    http.get<TransferAccountResult>(`/transferAccounts/${id(transferId)}/esign?status=${mode}`, {
      ...quiet,
      signal,
    }),
};
