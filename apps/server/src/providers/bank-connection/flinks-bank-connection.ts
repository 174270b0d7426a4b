import { setTimeout as wait } from 'node:timers/promises';
import { BANK_CONNECTION_POLL_LIMIT_MS } from '@portal/domain/constants';
import {
  BankConnectionUnavailable,
  connectionFailures,
  vendorAccountSchema,
  type BrowserBankConnectionProvider,
  type ConnectionFailure,
  type ReadAccountsOutcome,
  type VendorAccount,
} from './bank-connection-provider.ts';
import {
  createFlinksApi,
  FlinksError,
  type FlinksAccount,
  type FlinksAccountsDetail,
  type FlinksApiSettings,
} from './flinks-api.ts';

/**
 * The bank connection through Flinks (issue 34; ADR 0020, docs/vendors.md). For each attempt
 * the server asks Flinks for a single-use authorize token and shows Flinks Connect with it, in
 * the person's language and tagged with the portal's request id; the person signs in to their
 * bank and answers its security questions inside that frame. Connect hands the login id to the
 * page around it; the browser gives it to the portal, which reads the login's accounts here:
 * /Authorize in cached mode with a new token, then /GetAccountsDetail, asked again every 10 s
 * while Flinks answers 202, within the spec's limit. The data must carry this request's tag.
 * Once the numbers are read, the login is deleted at Flinks unless the brokerage keeps it.
 */
export interface FlinksSettings extends FlinksApiSettings {
  /** Flinks Connect's address (`https://{instance}-iframe.private.fin.ag/v2/`). */
  connectUrl: string;
  /** Where Connect goes inside its frame once done (the portal's own address). */
  redirectUrl: string;
  /** Keep the login at Flinks after reading it (`FLINKS_KEEP_CONNECTION`): no DeleteCard. */
  keepConnection: boolean;
  /** 10 s, as Flinks documents for /GetAccountsDetailAsync. */
  pollIntervalMs?: number;
  /** The spec's 1,830,000 ms. */
  pollLimitMs?: number;
  /** The clock and the wait between polls (tests move time without waiting). */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Where refusals and outages are told (the server's log): call, status and code only. */
  log?: { warn(details: Record<string, unknown>, message: string): void };
}

export const FLINKS_POLL_INTERVAL_MS = 10_000;

/** Flinks' account category of everyday bank accounts (the others: Credits, Products, Other). */
const OPERATIONS = 'operations';

const digits = (value: string | null | undefined) => (value ?? '').replace(/[\s-]/g, '');

/**
 * The accounts a contribution may draw on, in the portal's shape: chequing and savings accounts
 * in CAD or USD, with their numbers and the holder's name (which is compared with the
 * applicants'); anything else Flinks reports (cards, loans, investments, an account without its
 * numbers) is left out. Nothing else of the payload is kept.
 */
export function flinksAccountsOf(detail: FlinksAccountsDetail): VendorAccount[] {
  const institutionName = detail.InstitutionName ?? detail.Institution ?? '';
  return detail.Accounts.flatMap((account) => {
    const mapped = accountOf(account, institutionName);
    return mapped ? [mapped] : [];
  });
}

function accountOf(account: FlinksAccount, institutionName: string): VendorAccount | null {
  if ((account.Category ?? '').toLowerCase() !== OPERATIONS) return null;
  const kind = `${account.Type ?? ''} ${account.Title ?? ''}`;
  const type = /sav|épargne|epargne/i.test(kind) ? 'savings' : 'chequing';
  const institutionNumber = digits(account.InstitutionNumber);
  const parsed = vendorAccountSchema.safeParse({
    accountId: account.Id ?? '',
    title: account.Title?.trim() || account.Type?.trim() || type,
    holderName: account.Holder?.Name?.trim() ?? '',
    institutionNumber,
    institutionName: institutionName.trim() || institutionNumber,
    transitNumber: digits(account.TransitNumber),
    accountNumber: digits(account.AccountNumber),
    currency: account.Currency?.toUpperCase(),
    type,
  });
  return parsed.success ? parsed.data : null;
}

/** What a refusal or an outage of Flinks means for the person's attempt. */
function failureOf(error: FlinksError): ConnectionFailure {
  if (error.outage) return connectionFailures.vendorDown;
  if (error.flinksCode === 'INVALID_LOGIN') return connectionFailures.loginRefused;
  if (error.status === 401 || error.status === 403) return connectionFailures.authorizationRefused;
  return connectionFailures.vendorDown;
}

export function createFlinksBankConnection(
  settings: FlinksSettings,
): BrowserBankConnectionProvider {
  const api = createFlinksApi(settings);
  const interval = settings.pollIntervalMs ?? FLINKS_POLL_INTERVAL_MS;
  const limit = settings.pollLimitMs ?? BANK_CONNECTION_POLL_LIMIT_MS;
  const now = settings.now ?? (() => Date.now());
  const sleep =
    settings.sleep ?? ((ms: number, signal?: AbortSignal) => wait(ms, undefined, { signal }));
  const tell = (error: FlinksError, message: string) =>
    settings.log?.warn(
      { vendor: 'flinks', call: error.call, status: error.status, flinksCode: error.flinksCode },
      message,
    );

  /** /Authorize once more after an outage, with a new token (each is single-use). */
  async function openSession(loginId: string): Promise<string> {
    try {
      return await api.authorize(loginId);
    } catch (error) {
      if (!(error instanceof FlinksError) || !error.outage) throw error;
      tell(error, 'bank connection: asking Flinks again');
      return api.authorize(loginId);
    }
  }

  /** DeleteCard: what Flinks holds of the login goes; a failure is told and left to staff. */
  async function forget(loginId: string): Promise<void> {
    try {
      await api.deleteCard(loginId);
    } catch (error) {
      if (!(error instanceof FlinksError)) throw error;
      tell(error, 'bank connection: Flinks did not delete the login');
    }
  }

  async function read(
    loginId: string,
    acceptedTags: readonly string[],
    signal?: AbortSignal,
  ): Promise<ReadAccountsOutcome> {
    const failed = (failure: ConnectionFailure): ReadAccountsOutcome => ({
      status: 'failed',
      failure,
    });
    const started = now();
    const session = await openSession(loginId);
    let answer = await api.getAccountsDetail(session);
    while (answer.pending) {
      if (now() - started + interval > limit) return failed(connectionFailures.timedOut);
      await sleep(interval, signal);
      signal?.throwIfAborted();
      answer = await api.getAccountsDetailAsync(session);
    }
    const { detail } = answer;
    // The data of another login, or of a Connect session made for another request of ours (a
    // frame left open in another tab, a login id handed to the wrong request): not this one's.
    if (detail.Login?.Id && detail.Login.Id !== loginId) {
      return failed(connectionFailures.loginNotForThisRequest);
    }
    if (detail.Tag && !acceptedTags.includes(detail.Tag)) {
      return failed(connectionFailures.loginNotForThisRequest);
    }
    const accounts = flinksAccountsOf(detail);
    if (!settings.keepConnection) await forget(loginId);
    return accounts.length > 0
      ? { status: 'connected', accounts }
      : failed(connectionFailures.noEligibleAccount);
  }

  return {
    name: 'flinks',
    delivery: 'browser',

    async connectUrl({ requestId, language }) {
      let token: string;
      try {
        token = await api.generateAuthorizeToken();
      } catch (error) {
        if (!(error instanceof FlinksError)) throw error;
        tell(error, 'bank connection: no authorize token for Flinks Connect');
        throw new BankConnectionUnavailable(error.message);
      }
      // Flinks Connect's parameters (guides/connect/flinks-connect/widget): the token of this
      // attempt, the person's language, our request as the tag, and where to land once done,
      // inside the frame (`innerRedirect`): a redirect of the whole page would leave the
      // funding step and put the login id in the portal's address. The page removes the frame
      // on Connect's REDIRECT message, before that landing shows.
      const url = new URL(settings.connectUrl);
      url.searchParams.set('authorizeToken', token);
      url.searchParams.set('language', language);
      url.searchParams.set('tag', requestId);
      url.searchParams.set('redirectUrl', settings.redirectUrl);
      url.searchParams.set('innerRedirect', 'true');
      return url.toString();
    },

    async readAccounts({ loginId, acceptedTags, signal }) {
      try {
        return await read(loginId, acceptedTags, signal);
      } catch (error) {
        if (!(error instanceof FlinksError)) throw error;
        tell(error, 'bank connection: Flinks refused or failed');
        return { status: 'failed', failure: failureOf(error) };
      }
    },
  };
}
