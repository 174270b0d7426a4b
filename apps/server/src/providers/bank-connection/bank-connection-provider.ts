import { z } from 'zod';

/**
 * A bank-connection vendor (spec sections 2, 3, 4 and 7: `{bank-connection}`, a Flinks-like
 * aggregator). The portal opens a request, shows the vendor's connect frame for it, and the
 * person signs in to their bank inside that frame (the bank's security questions included).
 * What came of it reaches the portal one of two ways, which is why there are two kinds:
 *
 * - `webhook`: the vendor tells the portal by its signed webhook (ADR 0018): connected with the
 *   login's accounts, still pending (the bank is slow to answer, up to 30 minutes), or failed.
 *   The sandbox (`sandbox-bank-connection.ts`) works so, with its own frame pages under
 *   `/sandbox/bank-connection`.
 * - `browser`: the frame hands the login to the page around it (`postMessage`), the browser
 *   hands it to the portal for the request (`POST bankConnection/request/{id}/login`, the
 *   caller's own request only), and the portal reads the login's accounts from the vendor's API
 *   itself. Flinks works so (`flinks-bank-connection.ts`, ADR 0020): its webhook is set up by
 *   Flinks' support per instance and cannot be tried in its sandbox, and reading the API is
 *   what the architecture asks of webhooks anyway (a notice; the state is read from the API).
 */
interface BankConnectionProviderBase {
  /** Names the vendor in logs and answers (`sandbox`, `flinks`). */
  readonly name: string;
  /**
   * The connect frame for one of the portal's requests, in the person's language: a path on
   * this site for the sandbox, the vendor's address for a real one (which may first ask the
   * vendor for a single-use token for this attempt, hence a promise).
   */
  connectUrl(input: { requestId: string; language: 'en' | 'fr' }): Promise<string>;
}

/** A vendor whose outcome arrives by its signed webhook (the sandbox). */
export interface WebhookBankConnectionProvider extends BankConnectionProviderBase {
  readonly delivery: 'webhook';
  /**
   * Asks the vendor to refresh a login it already knows, for a new request of the portal. The
   * accounts come back as for a first connection: at once (`connected`, with them), later by
   * webhook (`pending`), or not at all (`failed`).
   */
  authorize(input: { loginId: string; requestId: string }): Promise<AuthorizeOutcome>;
}

/** A vendor whose frame hands the login to the browser and whose API the portal reads (Flinks). */
export interface BrowserBankConnectionProvider extends BankConnectionProviderBase {
  readonly delivery: 'browser';
  /**
   * The accounts of a login, read from the vendor: it may take the vendor a while (the bank
   * answers slowly), so this waits, within the spec's limit. `acceptedTags` are the portal's
   * requests the login may have been made for: data tagged for another is refused. Vendor
   * refusals and outages are outcomes (`failed`), never thrown; `signal` stops the wait.
   */
  readAccounts(input: {
    loginId: string;
    acceptedTags: readonly string[];
    signal?: AbortSignal;
  }): Promise<ReadAccountsOutcome>;
}

export type BankConnectionProvider = WebhookBankConnectionProvider | BrowserBankConnectionProvider;

export type AuthorizeOutcome =
  { status: 'connected' } | { status: 'pending' } | { status: 'failed'; failure: string };

export type ReadAccountsOutcome =
  | { status: 'connected'; accounts: VendorAccount[] }
  | { status: 'failed'; failure: ConnectionFailure };

/**
 * The vendor cannot be reached or refuses to work now (a timeout, its outage): answered 503
 * `bankConnectionUnavailable` by the error handler, whichever route met it; nothing changes on
 * our side and the person may try again or upload a void cheque. Its message names the cause
 * for the log (an HTTP status, the vendor's code), never a person's data.
 */
export class BankConnectionUnavailable extends Error {
  override name = 'BankConnectionUnavailable';
  readonly statusCode = 503;
  readonly code = 'bankConnectionUnavailable';
}

/** An account of a bank login, as the vendor reports it: the number whole (never shown so). */
export const vendorAccountSchema = z.object({
  accountId: z.string().min(1).max(100),
  /** The bank's own name for the account ("Chequing", "Compte chèques"). */
  title: z.string().min(1).max(100),
  holderName: z.string().min(1).max(200),
  institutionNumber: z.string().regex(/^\d{3}$/),
  institutionName: z.string().min(1).max(100),
  transitNumber: z.string().regex(/^\d{5}$/),
  accountNumber: z.string().regex(/^\d{7,12}$/),
  currency: z.enum(['CAD', 'USD']),
  type: z.enum(['chequing', 'savings']),
});
export type VendorAccount = z.infer<typeof vendorAccountSchema>;

/**
 * The vendor's webhook: `POST /webhooks/bank-connection`, signed with the secret of role
 * `bankConnection`. `login.pending` says the bank is still answering; `login.connected` carries
 * the login's accounts (aggregators deliver the account detail with the event);
 * `login.failed` says why (`vendorDown`, ...).
 */
export const BANK_CONNECTION_WEBHOOK_ROLE = 'bankConnection';
export const BANK_CONNECTION_WEBHOOK_PATH = '/webhooks/bank-connection';
export const loginEventTypes = {
  connected: 'login.connected',
  pending: 'login.pending',
  failed: 'login.failed',
} as const;
export type LoginEventType = (typeof loginEventTypes)[keyof typeof loginEventTypes];

/** The data of a login event; `requestId` is the portal's request the login was made for. */
export const loginEventDataSchema = z.object({
  requestId: z.uuid(),
  loginId: z.string().min(1).max(100),
  failure: z.string().min(1).max(50).optional(),
  accounts: z.array(vendorAccountSchema).max(50).optional(),
});
export type LoginEventData = z.infer<typeof loginEventDataSchema>;

/**
 * Why a connection failed, kept on the request for staff (the person reads
 * bankConnectionFailure, or bankConnectionExpired past the time limit, and is offered to try
 * again or upload a void cheque).
 */
export const connectionFailures = {
  /** The vendor could not be reached, or answered with an outage. */
  vendorDown: 'vendorDown',
  /** The vendor refused our own credentials (a key or token): an operations matter. */
  authorizationRefused: 'authorizationRefused',
  /** The vendor does not know the login (deleted, another instance, made up). */
  loginRefused: 'loginRefused',
  /** The login's data is tagged for another request of the portal. */
  loginNotForThisRequest: 'loginNotForThisRequest',
  /** The vendor was still gathering the accounts when the spec's time limit passed. */
  timedOut: 'timedOut',
  /** None of the login's accounts can fund an account (no chequing or savings with numbers). */
  noEligibleAccount: 'noEligibleAccount',
} as const;
export type ConnectionFailure = (typeof connectionFailures)[keyof typeof connectionFailures];
