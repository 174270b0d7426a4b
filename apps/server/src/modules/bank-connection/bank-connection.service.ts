// Past 600 lines: one request lifecycle serves both kinds of vendor (the sandbox's signed
// webhook and Flinks' page hand-over with a background reading); to be split by kind next.
import { randomUUID } from 'node:crypto';
import { BANK_CONNECTION_PENDING_LIMIT_MS } from '@portal/domain/constants';
import {
  bankAccountSources,
  currencyTypeIdOf,
  fundingStatuses,
} from '@portal/domain/enums/funding';
import { maskAccountNumber, type BankAccount } from '@portal/domain/funding/bank-account';
import { holderNameMatches } from '@portal/domain/funding/holder-name';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { UnknownWebhookReference } from '../../lib/webhooks/signed-webhook-route.ts';
import {
  connectionFailures,
  loginEventTypes,
  vendorAccountSchema,
  type BankConnectionProvider,
  type BrowserBankConnectionProvider,
  type LoginEventData,
  type VendorAccount,
} from '../../providers/bank-connection/bank-connection-provider.ts';
import {
  findOwnedApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import {
  bankAccountNumberHashes,
  bankAccountView,
  recordBankAccount,
} from '../funding/funding.service.ts';
import * as repo from './bank-connection.repo.ts';
import type { LoginRetrievals } from './login-retrievals.ts';

export interface BankConnectionDeps {
  db: Database;
  cipher: FieldCipher;
  provider: BankConnectionProvider;
  /** The clock (tests move it past the 30-minute limit). */
  now: () => Date;
  /** Where the readings of logins handed over by the browser run (vendors of kind `browser`). */
  retrievals: LoginRetrievals;
}

export type BankConnectionErrorCode =
  | 'notFound'
  | 'notConnected'
  | 'bankConnectionFailure'
  | 'bankConnectionExpired'
  | 'bankAccountAlreadyConnected'
  | 'inUse'
  | 'invalid';

/** A refusal the routes answer with its status and code (spec section 8 keys). */
export class BankConnectionError extends Error {
  override name = 'BankConnectionError';
  constructor(
    readonly status: number,
    readonly errorCode: BankConnectionErrorCode,
    readonly extra: { fields?: Record<string, string> } = {},
  ) {
    super(errorCode);
  }
}

const notFound = () => new BankConnectionError(404, 'notFound');

/** The spec's statuses of a connection (`FlBAConnectionStatus`). */
export type ConnectionState = 'NONE' | 'INITIATED' | 'PENDING' | 'CONNECTED' | 'FAILED' | 'EXPIRED';

const stateOf: Record<string, ConnectionState> = {
  initiated: 'INITIATED',
  pending: 'PENDING',
  connected: 'CONNECTED',
  failed: 'FAILED',
  expired: 'EXPIRED',
  // A request the person gave up or replaced is no connection any more.
  cancelled: 'NONE',
};

export interface ConnectionStatusView {
  status: ConnectionState;
  requestId: string | null;
  loginId: string | null;
  failure: string | null;
  pendingSince: string | null;
}

/** One account of the login, as the person chooses among them: the number masked. */
export interface AccountDetailView {
  accountId: string;
  holderName: string;
  institutionName: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumberMasked: string;
  currency: 'CAD' | 'USD';
  type: 'chequing' | 'savings';
  holderMatches: boolean;
}

export type AccountsDetailView = { pending: true } | { accounts: AccountDetailView[] };

/** The vendor's accounts of a request, bound to its row (ADR 0008). */
const accountsContext = (requestId: string) => `bank_connection_requests:${requestId}:accounts`;

function accountsOf(deps: BankConnectionDeps, row: repo.RequestRow): VendorAccount[] {
  if (!row.accountsEncrypted) return [];
  const parsed = z
    .array(vendorAccountSchema)
    .safeParse(JSON.parse(deps.cipher.decrypt(row.accountsEncrypted, accountsContext(row.id))));
  return parsed.success ? parsed.data : [];
}

/**
 * A pending request past the 30 minutes the spec allows has expired: stored so, in the
 * caller's transaction, the first time anyone looks (spec section 4).
 */
async function withExpiry(
  tx: Database,
  deps: BankConnectionDeps,
  row: repo.RequestRow,
): Promise<repo.RequestRow> {
  const now = deps.now();
  const since = row.pendingSince ?? row.updatedAt;
  if (
    row.status !== 'pending' ||
    now.getTime() - since.getTime() < BANK_CONNECTION_PENDING_LIMIT_MS
  ) {
    return row;
  }
  await repo.updateRequest(tx, row.id, { status: 'expired', updatedAt: now });
  return { ...row, status: 'expired', updatedAt: now };
}

/** `POST bankConnection/request`: a new request; an older open one is cancelled. */
export async function startRequest(
  deps: BankConnectionDeps,
  userId: string,
): Promise<{ requestId: string }> {
  const requestId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await repo.cancelOpenRequests(tx, userId, deps.now());
    await repo.insertRequest(tx, { id: requestId, userId, status: 'initiated' });
  });
  return { requestId };
}

/**
 * `GET bankConnection/IframeUrl/{requestId}`: the vendor's connect frame for the request, and
 * which vendor it is, so the page knows how the frame hands its result over (`flinks`: a
 * REDIRECT message with the login, which the page gives to `request/{id}/login`).
 */
export async function iframeUrl(
  deps: BankConnectionDeps,
  userId: string,
  requestId: string,
  language: 'en' | 'fr',
): Promise<{ url: string; vendor: string }> {
  const row = await repo.findOwnedRequest(deps.db, userId, requestId);
  if (!row) throw notFound();
  const url = await deps.provider.connectUrl({ requestId, language });
  return { url, vendor: deps.provider.name };
}

/**
 * Reads the login's accounts at the vendor, then records what came of it as the webhook of a
 * `webhook` vendor would (`recordLoginEvent`): one path for both kinds. An error of ours or the
 * vendor's is a failure the person can start again from; a stop (shutdown) records nothing.
 */
function startReading(
  deps: BankConnectionDeps,
  provider: BrowserBankConnectionProvider,
  input: { requestId: string; loginId: string; acceptedTags: readonly string[] },
): void {
  deps.retrievals.run(input.requestId, async (signal) => {
    let data: LoginEventData;
    let type: string;
    let unexpected: unknown = null;
    try {
      const outcome = await provider.readAccounts({
        loginId: input.loginId,
        acceptedTags: input.acceptedTags,
        signal,
      });
      type = outcome.status === 'connected' ? loginEventTypes.connected : loginEventTypes.failed;
      data =
        outcome.status === 'connected'
          ? { requestId: input.requestId, loginId: input.loginId, accounts: outcome.accounts }
          : { requestId: input.requestId, loginId: input.loginId, failure: outcome.failure };
    } catch (error) {
      if (signal.aborted) return;
      unexpected = error;
      type = loginEventTypes.failed;
      data = {
        requestId: input.requestId,
        loginId: input.loginId,
        failure: connectionFailures.vendorDown,
      };
    }
    await deps.db.transaction((tx) => recordLoginEvent(tx, deps, type, data));
    // Recorded as a failure the person can start again from; the error goes to the log.
    if (unexpected) throw unexpected;
  });
}

export const loginHandOverSchema = z.object({
  /** Flinks' login ids are GUIDs (not always RFC 4122 ones: `...-641c-08d6...`). */
  loginId: z.guid(),
  /** The tag Connect echoed: the request the frame was opened for. */
  tag: z.string().min(1).max(100),
});
export type LoginHandOver = z.infer<typeof loginHandOverSchema>;

/**
 * `POST bankConnection/request/{id}/login`: the browser hands over the login the vendor's frame
 * gave it (vendors of kind `browser`). Only the caller's own open request takes it, and only
 * when the frame says it was opened for that request (its tag); the accounts are then read in
 * the background and the request answers PENDING until they are. The same login handed over
 * twice (a second message of the frame) changes nothing.
 */
export async function handOverLogin(
  deps: BankConnectionDeps,
  userId: string,
  requestId: string,
  handOver: LoginHandOver,
): Promise<{ requestId: string; status: ConnectionState }> {
  const provider = deps.provider;
  if (provider.delivery !== 'browser') throw notFound();
  const now = deps.now();
  const start = await deps.db.transaction(async (tx) => {
    const found = await repo.findOwnedRequest(tx, userId, requestId, { lock: true });
    if (!found) throw notFound();
    const row = await withExpiry(tx, deps, found);
    const taken = ['pending', 'connected', 'failed'].includes(row.status);
    if (taken && row.loginId === handOver.loginId) {
      return { status: stateOf[row.status] ?? 'NONE', read: false };
    }
    if (row.status === 'expired') throw new BankConnectionError(409, 'bankConnectionExpired');
    // Another request's frame (an older attempt still open in a tab), or a request no longer
    // waiting for a login: this one takes nothing.
    if (row.status !== 'initiated' || handOver.tag !== requestId) {
      throw new BankConnectionError(409, 'bankConnectionFailure');
    }
    await repo.updateRequest(tx, requestId, {
      status: 'pending',
      loginId: handOver.loginId,
      pendingSince: now,
      updatedAt: now,
    });
    return { status: 'PENDING' as const, read: true };
  });
  if (start.read) {
    startReading(deps, provider, {
      requestId,
      loginId: handOver.loginId,
      acceptedTags: [requestId],
    });
  }
  return { requestId, status: start.status };
}

/** `GET bankConnection/FlBAConnectionStatus/`: the caller's newest request, as polled. */
export async function connectionStatus(
  deps: BankConnectionDeps,
  userId: string,
): Promise<ConnectionStatusView> {
  return deps.db.transaction(async (tx) => {
    const latest = await repo.latestRequest(tx, userId, { lock: true });
    if (!latest) {
      return { status: 'NONE', requestId: null, loginId: null, failure: null, pendingSince: null };
    }
    const row = await withExpiry(tx, deps, latest);
    return {
      status: stateOf[row.status] ?? 'NONE',
      requestId: row.id,
      loginId: row.loginId,
      failure: row.failure,
      pendingSince: row.pendingSince?.toISOString() ?? null,
    };
  });
}

/**
 * `GET bankConnection/authorize/{loginId}`: connects again with a login the caller connected
 * before; a new request carries it. Another person's login is not found.
 */
export async function authorize(
  deps: BankConnectionDeps,
  userId: string,
  loginId: string,
): Promise<{ requestId: string; status: ConnectionState }> {
  const known = await repo.latestConnectedWithLogin(deps.db, userId, loginId);
  if (!known) throw notFound();
  const requestId = randomUUID();
  const provider = deps.provider;
  if (provider.delivery === 'browser') {
    // The vendor is read again for the login; its data carries the tag of the request the
    // login was first handed to, one of this person's.
    const acceptedTags = await repo.requestIdsWithLogin(deps.db, userId, loginId);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await repo.cancelOpenRequests(tx, userId, now);
      await repo.insertRequest(tx, { id: requestId, userId, status: 'pending', loginId });
      await repo.updateRequest(tx, requestId, {
        pendingSince: now,
        applicationId: known.applicationId,
        updatedAt: now,
      });
    });
    startReading(deps, provider, { requestId, loginId, acceptedTags });
    return { requestId, status: 'PENDING' };
  }
  const outcome = await provider.authorize({ loginId, requestId });
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await repo.cancelOpenRequests(tx, userId, now);
    await repo.insertRequest(tx, { id: requestId, userId, status: 'initiated', loginId });
    if (outcome.status === 'connected') {
      // The vendor refreshed the login at once: the accounts it reported before stand.
      const accounts = accountsOf(deps, known);
      await repo.updateRequest(tx, requestId, {
        status: 'connected',
        accountsEncrypted: deps.cipher.encrypt(
          JSON.stringify(accounts),
          accountsContext(requestId),
        ),
        applicationId: known.applicationId,
        updatedAt: now,
      });
    } else if (outcome.status === 'pending') {
      await repo.updateRequest(tx, requestId, {
        status: 'pending',
        pendingSince: now,
        updatedAt: now,
      });
    } else {
      await repo.updateRequest(tx, requestId, {
        status: 'failed',
        failure: outcome.failure,
        updatedAt: now,
      });
    }
  });
  return { requestId, status: stateOf[outcome.status] ?? 'NONE' };
}

interface Person {
  firstName: string;
  lastName: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * Who may hold the bank account: the application's applicants as their profiles name them
 * (joint: either), or the person's own name before any profile.
 */
async function applicantsOf(
  db: Database,
  userId: string,
  applicationId: string | null,
): Promise<Person[]> {
  const people: Person[] = [];
  if (applicationId) {
    const steps = await savedStepsOf(db, applicationId);
    for (const step of ['profile', 'profilejoint'] as const) {
      const profile = record(steps[step]);
      const person = { firstName: text(profile.firstName), lastName: text(profile.lastName) };
      if (person.firstName || person.lastName) people.push(person);
    }
  }
  if (people.length === 0) {
    const person = await repo.personOf(db, userId);
    if (person) people.push({ firstName: person.firstName, lastName: person.lastName });
  }
  return people;
}

const detailOf = (account: VendorAccount, people: Person[]): AccountDetailView => ({
  accountId: account.accountId,
  holderName: account.holderName,
  institutionName: account.institutionName,
  institutionNumber: account.institutionNumber,
  transitNumber: account.transitNumber,
  accountNumberMasked: maskAccountNumber(account.accountNumber),
  currency: account.currency,
  type: account.type,
  holderMatches: holderNameMatches(account.holderName, people),
});

/**
 * The accounts of a request (`getAccountsDetail/{appId}` and `accounts/detail/async/{id}`):
 * pending while the vendor waits on the bank; refused once it failed or expired.
 */
export async function accountsDetail(
  deps: BankConnectionDeps,
  userId: string,
  input: {
    requestId: string;
    applicationId?: string;
    loginId?: string;
    accountsFilter?: readonly string[];
  },
): Promise<AccountsDetailView> {
  if (input.applicationId) {
    const application = await findOwnedApplication(deps.db, userId, input.applicationId);
    if (!application) throw notFound();
  }
  const row = await deps.db.transaction(async (tx) => {
    const found = await repo.findOwnedRequest(tx, userId, input.requestId, { lock: true });
    if (!found) throw notFound();
    if (input.loginId && found.loginId && input.loginId !== found.loginId) throw notFound();
    const current = await withExpiry(tx, deps, found);
    // The application asked for is the one the chosen account will fund.
    if (input.applicationId && current.applicationId !== input.applicationId) {
      await repo.updateRequest(tx, current.id, {
        applicationId: input.applicationId,
        updatedAt: current.updatedAt,
      });
      return { ...current, applicationId: input.applicationId };
    }
    return current;
  });
  switch (row.status) {
    case 'initiated':
    case 'pending':
      return { pending: true };
    case 'expired':
      throw new BankConnectionError(409, 'bankConnectionExpired');
    case 'connected':
      break;
    default:
      throw new BankConnectionError(409, 'bankConnectionFailure');
  }
  const applicationId = row.applicationId ?? (await repo.latestOwnedApplicationId(deps.db, userId));
  const people = await applicantsOf(deps.db, userId, applicationId ?? null);
  const filter = new Set(input.accountsFilter ?? []);
  return {
    accounts: accountsOf(deps, row)
      .filter((account) => filter.size === 0 || filter.has(account.accountId))
      .map((account) => detailOf(account, people)),
  };
}

export const requestUpdateSchema = z.object({
  flinksStatusType: z.enum(['COMPLETED', 'CANCELLED']),
  accountSelected: z.string().min(1).max(100).nullable().optional(),
  canceledByClient: z.boolean().optional().default(false),
});
export type RequestUpdate = z.infer<typeof requestUpdateSchema>;

/**
 * `PUT bankConnection/request`: the person chose an account of their newest connection (it
 * becomes a bank account on file, the number encrypted and fingerprinted, the holder compared
 * with the applicants), or gave up (the request is cancelled).
 */
export async function updateRequest(
  deps: BankConnectionDeps,
  userId: string,
  update: RequestUpdate,
  language: 'en' | 'fr' = 'en',
): Promise<{ bankAccount: BankAccount } | { cancelled: true }> {
  const now = deps.now();
  if (update.canceledByClient || update.flinksStatusType === 'CANCELLED') {
    await repo.cancelOpenRequests(deps.db, userId, now);
    return { cancelled: true };
  }
  if (!update.accountSelected) {
    throw new BankConnectionError(400, 'invalid', { fields: { accountSelected: 'required' } });
  }
  const accountId = update.accountSelected;
  return deps.db.transaction(async (tx) => {
    const latest = await repo.latestRequest(tx, userId, { lock: true });
    if (!latest) throw notFound();
    const row = await withExpiry(tx, deps, latest);
    if (row.status !== 'connected') throw new BankConnectionError(409, 'notConnected');
    const account = accountsOf(deps, row).find((candidate) => candidate.accountId === accountId);
    if (!account) throw notFound();
    const hashes = bankAccountNumberHashes(deps.cipher, account);
    if (await repo.findBankAccountByHash(tx, userId, hashes)) {
      throw new BankConnectionError(409, 'bankAccountAlreadyConnected');
    }
    const applicationId = row.applicationId ?? (await repo.latestOwnedApplicationId(tx, userId));
    const people = await applicantsOf(tx, userId, applicationId ?? null);
    const holderMatches = holderNameMatches(account.holderName, people);
    // One scheme for every source (the funding module's): a cheque and a connection of the
    // same account meet, and every list reads the rows the same way.
    const inserted = await recordBankAccount(tx, deps.cipher, {
      userId,
      source: bankAccountSources.connection,
      nickname: account.title,
      institutionNumber: account.institutionNumber,
      institutionName: account.institutionName,
      transitNumber: account.transitNumber,
      accountNumber: account.accountNumber,
      currencyTypeId: currencyTypeIdOf(account.currency),
      connectionId: row.id,
      holderName: account.holderName,
      holderMatches,
    });
    const id = inserted.id;
    if (applicationId) {
      await recordAuditEvent(tx, {
        applicationId,
        actorId: userId,
        action: 'bankAccountConnected',
        details: { bankAccountId: id, connectionId: row.id, holderMatches },
      });
    }
    return {
      bankAccount: bankAccountView(deps.cipher, inserted, language),
    };
  });
}

/** Funding that still draws on a bank account: pending, with the bank, or an active PAC. */
const IN_USE_STATUSES = [
  fundingStatuses.SUBMITTED,
  fundingStatuses.PENDING,
  fundingStatuses.SENT_TO_BANK,
  fundingStatuses.RECURRING_EFT_SUBMITTED,
  fundingStatuses.APPROVED,
  fundingStatuses.DELETED_BY_CLIENT,
] as const;

/** `DELETE bankConnection/deleteCard/{id}`: the connected account is no longer offered. */
export async function deleteCard(
  deps: BankConnectionDeps,
  userId: string,
  bankAccountId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findConnectedBankAccount(tx, userId, bankAccountId);
    if (!row) throw notFound();
    if (await repo.bankAccountUsedBy(tx, row.id, IN_USE_STATUSES)) {
      throw new BankConnectionError(409, 'inUse');
    }
    await repo.markBankAccountDeleted(tx, row.id, deps.now());
    const applicationId = await repo.latestOwnedApplicationId(tx, userId);
    if (applicationId) {
      await recordAuditEvent(tx, {
        applicationId,
        actorId: userId,
        action: 'bankAccountRemoved',
        details: { bankAccountId: row.id },
      });
    }
  });
}

/**
 * The vendor's webhook, in the receipt's transaction: what came of a login. An event for a
 * request no longer waiting (replaced, cancelled, expired, already connected) changes nothing:
 * a login that connects after the 30 minutes stays expired.
 */
export async function recordLoginEvent(
  tx: Database,
  deps: Pick<BankConnectionDeps, 'cipher' | 'now'>,
  type: string,
  data: LoginEventData,
): Promise<void> {
  const row = await repo.findRequest(tx, data.requestId, { lock: true });
  // The vendor may call back before our write of the request commits (the webhook route
  // answers 503 for a while, then keeps the event for staff).
  if (!row) throw new UnknownWebhookReference('no bank-connection request with this id');
  if (!(repo.OPEN_STATUSES as readonly string[]).includes(row.status)) return;
  const now = deps.now();
  switch (type) {
    case loginEventTypes.pending:
      if (row.status === 'pending') return;
      await repo.updateRequest(tx, row.id, {
        status: 'pending',
        loginId: data.loginId,
        pendingSince: now,
        updatedAt: now,
      });
      return;
    case loginEventTypes.connected:
      await repo.updateRequest(tx, row.id, {
        status: 'connected',
        loginId: data.loginId,
        accountsEncrypted: deps.cipher.encrypt(
          JSON.stringify(data.accounts ?? []),
          accountsContext(row.id),
        ),
        resolvesAt: null,
        updatedAt: now,
      });
      return;
    case loginEventTypes.failed:
      await repo.updateRequest(tx, row.id, {
        status: 'failed',
        loginId: data.loginId,
        failure: data.failure ?? 'unknown',
        updatedAt: now,
      });
      return;
  }
}

/**
 * For the sandbox bank's frame only: whose request it is (the sandbox bank's customers are the
 * portal's people: the accounts are held in the primary applicant's profile name) and whether
 * it still waits for a login.
 */
export async function sandboxCustomerOf(
  db: Database,
  requestId: string,
): Promise<{ name: string; open: boolean } | null> {
  const row = await repo.findRequest(db, requestId);
  if (!row) return null;
  const applicationId = row.applicationId ?? (await repo.latestOwnedApplicationId(db, row.userId));
  const [person] = await applicantsOf(db, row.userId, applicationId ?? null);
  return {
    name: person ? `${person.firstName} ${person.lastName}`.trim() : '',
    open: row.status === 'initiated',
  };
}
