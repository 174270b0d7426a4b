import { z } from 'zod';

/**
 * A bank-connection vendor (spec sections 2, 3, 4 and 7: `{bank-connection}`, a Flinks-like
 * aggregator). The portal opens a request, shows the vendor's connect frame for it, and the
 * person signs in to their bank inside that frame. The vendor tells the portal what came of it
 * by its signed webhook (ADR 0018): connected with the login's accounts, still pending (the
 * bank is slow to answer, up to 30 minutes), or failed. The sandbox (`sandbox-bank-connection.ts`)
 * plays the vendor with its own frame pages under `/sandbox/bank-connection`; a real adapter
 * implements the same calls.
 */
export interface BankConnectionProvider {
  /** Names the vendor in logs and answers. */
  readonly name: string;
  /**
   * The connect frame for one of the portal's requests, in the person's language: a path on
   * this site for the sandbox, the vendor's address for a real one.
   */
  connectUrl(input: { requestId: string; language: 'en' | 'fr' }): string;
  /**
   * Asks the vendor to refresh a login it already knows, for a new request of the portal. The
   * accounts come back as for a first connection: at once (`connected`, with them), later by
   * webhook (`pending`), or not at all (`failed`).
   */
  authorize(input: { loginId: string; requestId: string }): Promise<AuthorizeOutcome>;
}

export type AuthorizeOutcome =
  { status: 'connected' } | { status: 'pending' } | { status: 'failed'; failure: string };

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

/** Why a connection failed, as the vendor says it (the portal shows bankConnectionFailure). */
export const connectionFailures = {
  vendorDown: 'vendorDown',
  authorizationRefused: 'authorizationRefused',
} as const;
