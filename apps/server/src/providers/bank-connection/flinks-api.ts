import { z } from 'zod';

/**
 * The calls of Flinks' API (v3, `https://{instance}-api.private.fin.ag/v3/{customerId}/
 * BankingServices/...`) the bank connection makes, as a small `fetch` client: Flinks publishes
 * no Node library. Each call has a time limit; the idempotent ones are asked once more after a
 * network failure or a 5xx. The answers are read with zod, keeping only the fields funding needs
 * (transactions, balances and the holder's address, e-mail and phone are never read).
 * Sources (docs.flinks.com, read for issue 34; docs/vendors.md lists them):
 * - /GenerateAuthorizeToken: api/authorize/endpoints/generate-authorize-token, and
 *   guides/connect/authentication-reference (the secret key in `flinks-auth-key`);
 * - /Authorize in cached mode: api/authorize/endpoints/authorize, reference/authorize (the
 *   authorize token in `flinks-auth-key`, `{ LoginId, MostRecentCached: true }`);
 * - /GetAccountsDetail and /GetAccountsDetailAsync/{requestId}: api/connect/endpoints/
 *   account-linking/get-accounts-detail(-async), guides/connect/retrieve-account-data
 *   (`x-api-key`; 202 OPERATION_PENDING, then every 10 s for at most 30 minutes);
 * - /DeleteCard/{loginId}: api/connect/endpoints/account-linking/delete-card (`x-api-key`);
 * - error codes: api/authorize/error-codes.
 */
export interface FlinksApiSettings {
  /** The instance's customer id (a GUID Flinks gives). */
  customerId: string;
  /** `https://{instance}-api.private.fin.ag`, or a test's fake. */
  apiBaseUrl: string;
  /** `x-api-key` of the data calls. */
  apiKey: string;
  /** The secret key that asks for authorize tokens (`flinks-auth-key` of /GenerateAuthorizeToken). */
  secretKey: string;
  /** How long one call may take. */
  timeoutMs: number;
  /** Injected by tests; `fetch` otherwise. */
  fetch?: typeof fetch;
}

/**
 * An answer of Flinks that is not the one asked for: its HTTP status (0 when none came: a
 * network failure or the time limit) and its `FlinksCode` (`INVALID_LOGIN`,
 * `SESSION_NONEXISTENT`, ...). The message holds only those, for the log.
 */
export class FlinksError extends Error {
  override name = 'FlinksError';
  constructor(
    readonly call: string,
    readonly status: number,
    readonly flinksCode: string | null,
  ) {
    super(
      `${call}: ${status === 0 ? 'no answer' : `HTTP ${status}`}${flinksCode ? ` ${flinksCode}` : ''}`,
    );
  }

  /** Flinks could not be reached or had an outage: trying again later may work. */
  get outage(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

const errorBody = z.object({ FlinksCode: z.string().max(100).optional() });
const tokenAnswer = z.object({ Token: z.string().min(1).max(200) });
const authorizeAnswer = z.object({ RequestId: z.string().min(1).max(100) });

const text = z.string().max(500).nullish();
/** An account of /GetAccountsDetail, only what funding reads. */
const flinksAccount = z.object({
  Id: text,
  Title: text,
  TransitNumber: text,
  InstitutionNumber: text,
  AccountNumber: text,
  Category: text,
  Type: text,
  Currency: text,
  Holder: z.object({ Name: text }).nullish(),
});
export type FlinksAccount = z.infer<typeof flinksAccount>;

const accountsDetail = z.object({
  Accounts: z.array(flinksAccount).max(100),
  InstitutionName: text,
  Institution: text,
  Login: z.object({ Id: text }).nullish(),
  // The Connect session's custom tag; documented in the webhook's copy of this payload
  // (guides/connect/flinks-connect/use-custom-tag), UNCONFIRMED in the API's own answer.
  Tag: text,
});
export type FlinksAccountsDetail = z.infer<typeof accountsDetail>;

export type DetailAnswer = { pending: true } | { pending: false; detail: FlinksAccountsDetail };

export interface FlinksApi {
  generateAuthorizeToken(): Promise<string>;
  /** /Authorize in cached mode: the session (`RequestId`) to read the login's data with. */
  authorize(loginId: string): Promise<string>;
  getAccountsDetail(requestId: string): Promise<DetailAnswer>;
  getAccountsDetailAsync(requestId: string): Promise<DetailAnswer>;
  deleteCard(loginId: string): Promise<void>;
}

export function createFlinksApi(settings: FlinksApiSettings): FlinksApi {
  const call = settings.fetch ?? fetch;
  const base = `${settings.apiBaseUrl.replace(/\/+$/, '')}/v3/${encodeURIComponent(settings.customerId)}/BankingServices`;
  const json = { 'content-type': 'application/json', accept: 'application/json' };

  /**
   * One call; a network failure or a 5xx is asked once more when `retry` (the call is
   * idempotent). Answers other than 2xx become FlinksError with the documented FlinksCode.
   */
  async function send(
    name: string,
    path: string,
    init: { method: 'GET' | 'POST' | 'DELETE'; headers: Record<string, string>; body?: unknown },
    retry: boolean,
  ): Promise<{ status: number; body: unknown }> {
    let failure = new FlinksError(name, 0, null);
    for (let attempt = 0; attempt < (retry ? 2 : 1); attempt += 1) {
      let response: Response;
      try {
        response = await call(`${base}/${path}`, {
          method: init.method,
          headers: init.headers,
          ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
          // Flinks answers in place: a redirect would be a misconfigured or spoofed host.
          redirect: 'error',
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch {
        // The error's text may quote the address, which holds a login id: none of it is kept.
        failure = new FlinksError(name, 0, null);
        continue;
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) return { status: response.status, body };
      const code = errorBody.safeParse(body).data?.FlinksCode ?? null;
      failure = new FlinksError(name, response.status, code);
      if (!failure.outage) break;
    }
    throw failure;
  }

  const parse = <T>(name: string, schema: z.ZodType<T>, body: unknown): T => {
    const parsed = schema.safeParse(body);
    // An answer outside the documented shape is treated as an outage of the vendor.
    if (!parsed.success) throw new FlinksError(name, 502, 'UNEXPECTED_ANSWER');
    return parsed.data;
  };

  const detailOf = (name: string, answer: { status: number; body: unknown }): DetailAnswer =>
    answer.status === 202
      ? { pending: true }
      : { pending: false, detail: parse(name, accountsDetail, answer.body) };

  async function generateAuthorizeToken(): Promise<string> {
    // Each call makes a new token (single-use, 30 minutes): asking again is harmless.
    const answer = await send(
      'GenerateAuthorizeToken',
      'GenerateAuthorizeToken',
      { method: 'POST', headers: { ...json, 'flinks-auth-key': settings.secretKey } },
      true,
    );
    return parse('GenerateAuthorizeToken', tokenAnswer, answer.body).Token;
  }

  return {
    generateAuthorizeToken,

    async authorize(loginId) {
      // The token is single-use: a second try needs a new one, so the caller owns retries.
      const token = await generateAuthorizeToken();
      const answer = await send(
        'Authorize',
        'Authorize',
        {
          method: 'POST',
          headers: { ...json, 'flinks-auth-key': token },
          body: { LoginId: loginId, MostRecentCached: true },
        },
        false,
      );
      return parse('Authorize', authorizeAnswer, answer.body).RequestId;
    },

    async getAccountsDetail(requestId) {
      const answer = await send(
        'GetAccountsDetail',
        'GetAccountsDetail',
        {
          method: 'POST',
          headers: { ...json, 'x-api-key': settings.apiKey },
          // The numbers (WithAccountIdentity) and the holder (WithKYC: the holder's name is
          // "personal information"); no transactions, which funding never reads.
          body: {
            RequestId: requestId,
            WithAccountIdentity: true,
            WithKYC: true,
            WithTransactions: false,
          },
        },
        true,
      );
      return detailOf('GetAccountsDetail', answer);
    },

    async getAccountsDetailAsync(requestId) {
      const answer = await send(
        'GetAccountsDetailAsync',
        `GetAccountsDetailAsync/${encodeURIComponent(requestId)}`,
        { method: 'GET', headers: { ...json, 'x-api-key': settings.apiKey } },
        true,
      );
      return detailOf('GetAccountsDetailAsync', answer);
    },

    async deleteCard(loginId) {
      await send(
        'DeleteCard',
        `DeleteCard/${encodeURIComponent(loginId)}`,
        { method: 'DELETE', headers: { ...json, 'x-api-key': settings.apiKey } },
        true,
      );
    },
  };
}
