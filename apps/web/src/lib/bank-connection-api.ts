import type { BankAccount } from '@portal/domain/funding/bank-account';
import { http } from './http/http.ts';

/** `GET bankConnection/FlBAConnectionStatus/`: the person's latest connection request. */
export type BankConnectionState =
  'NONE' | 'INITIATED' | 'PENDING' | 'CONNECTED' | 'FAILED' | 'EXPIRED';

export interface BankConnectionStatus {
  status: BankConnectionState;
  requestId: string | null;
  loginId: string | null;
  /** Why it failed (`vendorDown`), when it did. */
  failure: string | null;
  /** When the vendor started waiting on the bank (ISO date and time). */
  pendingSince: string | null;
}

/** One account the bank returned for the connected login, its number masked. */
export interface ConnectedAccountDetail {
  accountId: string;
  holderName: string;
  institutionName: string;
  institutionNumber: string;
  transitNumber: string;
  /** Masked: `•••••123`. */
  accountNumberMasked: string;
  currency: 'CAD' | 'USD';
  type: 'chequing' | 'savings';
  /** The holder's name is one of the application's applicants. */
  holderMatches: boolean;
}

/** The accounts of a login, or, while the vendor still waits on the bank (202), pending. */
export type AccountsDetail = { accounts: ConnectedAccountDetail[] } | { pending: true };

/** `PUT bankConnection/request`: the chosen account (COMPLETED) or the person gave up. */
export interface BankConnectionUpdate {
  flinksStatusType: 'COMPLETED' | 'CANCELLED';
  accountSelected: string | null;
  canceledByClient: boolean;
}

export type BankConnectionUpdated = { bankAccount: BankAccount } | { cancelled: true };

/** What the connect frame posts to its parent page when the person is done. */
export interface BankConnectionFrameMessage {
  type: 'bankConnection';
  status: 'CONNECTED' | 'PENDING' | 'FAILED';
  requestId: string;
}

export function isBankConnectionFrameMessage(data: unknown): data is BankConnectionFrameMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === 'bankConnection' &&
    typeof message.requestId === 'string' &&
    (message.status === 'CONNECTED' || message.status === 'PENDING' || message.status === 'FAILED')
  );
}

/**
 * The login Flinks Connect hands the page around it, from its REDIRECT event (docs.flinks.com,
 * "Save your loginIds" and "Use a custom tag"): `{ step: 'REDIRECT', institution, url }`, the url
 * holding `loginId`, `tag` (the request the frame was opened for) and `institution`. Whether the
 * event comes from Flinks Connect's origin is the listener's check, not this function's.
 */
export interface FlinksLogin {
  loginId: string;
  tag: string;
}

export function flinksLoginOf(data: unknown): FlinksLogin | null {
  if (typeof data !== 'object' || data === null) return null;
  const event = data as Record<string, unknown>;
  if (event.step !== 'REDIRECT' || typeof event.url !== 'string') return null;
  let url: URL;
  try {
    url = new URL(event.url);
  } catch {
    return null;
  }
  // Some Connect versions also give the login as a field of the event itself.
  const loginId =
    typeof event.loginId === 'string' ? event.loginId : url.searchParams.get('loginId');
  const tag = url.searchParams.get('tag');
  return loginId && tag ? { loginId, tag } : null;
}

// The connection panel shows its own designed error states: no call goes to the glitch page.
const quiet = { noErrorPage: true } as const;
const base = '/bankConnection';

/** A 202 answer's body is `{ pending: true }`; 200 carries the accounts. */
const detailOf = (answer: AccountsDetail | undefined): AccountsDetail =>
  answer && 'accounts' in answer ? answer : { pending: true };

/** The bank connection (server module `bank-connection`; spec section 7 `{bank-connection}`). */
export const bankConnectionApi = {
  /** A new connection request (an older open one is cancelled). */
  start: () => http.post<{ requestId: string }>(`${base}/request`, undefined, quiet),
  update: (update: BankConnectionUpdate) =>
    http.put<BankConnectionUpdated>(`${base}/request`, update, quiet),
  /**
   * The address of the bank's login frame for a request (relative in the sandbox), and its
   * vendor: `flinks` hands the login to the page, which gives it to `handOverLogin`.
   */
  iframeUrl: (requestId: string, signal?: AbortSignal) =>
    http.get<{ url: string; vendor?: string }>(
      `${base}/IframeUrl/${encodeURIComponent(requestId)}`,
      { ...quiet, signal },
    ),
  /** The login Flinks Connect gave the page, for the request its frame was opened for. */
  handOverLogin: (requestId: string, login: FlinksLogin) =>
    http.post<{ requestId: string; status: BankConnectionState }>(
      `${base}/request/${encodeURIComponent(requestId)}/login`,
      { loginId: login.loginId, tag: login.tag },
      quiet,
    ),
  /** Connects again with a login the bank already knows. */
  authorize: (loginId: string) =>
    http.get<{ requestId: string; status: BankConnectionState }>(
      `${base}/authorize/${encodeURIComponent(loginId)}`,
      quiet,
    ),
  /** Polled while the person connects. */
  status: (signal?: AbortSignal) =>
    http.get<BankConnectionStatus>(`${base}/FlBAConnectionStatus/`, { ...quiet, signal }),
  accountsDetail: async (
    applicationId: string,
    request: { requestId: string; loginId: string; accountsFilter?: string[] },
  ): Promise<AccountsDetail> =>
    detailOf(
      await http.post<AccountsDetail>(
        `${base}/getAccountsDetail/${encodeURIComponent(applicationId)}`,
        {
          requestId: request.requestId,
          accountsFilter: request.accountsFilter ?? [],
          loginId: request.loginId,
        },
        quiet,
      ),
    ),
  accountsDetailAsync: async (requestId: string, signal?: AbortSignal): Promise<AccountsDetail> =>
    detailOf(
      await http.get<AccountsDetail>(
        `${base}/accounts/detail/async/${encodeURIComponent(requestId)}`,
        { ...quiet, signal },
      ),
    ),
  /** Removes a connected bank account; 409 `inUse` while a contribution uses it. */
  remove: (bankAccountId: string) =>
    http.delete<void>(`${base}/deleteCard/${encodeURIComponent(bankAccountId)}`, quiet),
};
