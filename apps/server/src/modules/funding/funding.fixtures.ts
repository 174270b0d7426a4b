import type { FastifyInstance } from 'fastify';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { multipart, pdf } from '../../test/documents.ts';
import { bearer, type TestUser } from '../../test/users.ts';
import { agreedApplication } from '../identity/identity.fixtures.ts';
import { mailboxHeaders } from '../../test/mailbox.ts';

/** Test set-ups of the funding module: an agreed application, a void cheque, a request. */

export const API = '/service/jaxrs';

/** A Monday: earliest start 2026-11-25 with the waiver, 2026-11-26 without (see the tests). */
export const BANK_TODAY = '2026-11-16';

export const CHEQUE = {
  finInstitution: '004',
  transitNumber: '12345',
  bankAccountNumber: '9876543210',
  nickname: 'Everyday chequing',
  currency: 'cad',
};

export async function setBankToday(app: FastifyInstance, today: string | null) {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/bank/clock',
    payload: { today },
  });
  if (response.statusCode !== 200) throw new Error(`clock answered ${response.body}`);
  return response.json<{ today: string; changed: number }>();
}

export async function advanceBankDays(app: FastifyInstance, advanceBusinessDays: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/bank/clock',
    payload: { advanceBusinessDays },
  });
  if (response.statusCode !== 200) throw new Error(`clock answered ${response.body}`);
  return response.json<{ today: string; changed: number }>();
}

/** The TFSA an agreed application opens, as toAccountsForCurrUser answers it. */
export async function fundableAccount(
  app: FastifyInstance,
  user: TestUser,
): Promise<{ applicationId: string; accountId: string }> {
  const applicationId = await agreedApplication(app, user);
  const response = await app.inject({
    url: `${API}/coAcctFunding/toAccountsForCurrUser?applicationId=${applicationId}`,
    headers: bearer(user.token),
  });
  const { accounts } = response.json<{ accounts: FundingItem['toAccount'][] }>();
  return { applicationId, accountId: accounts[0]!.accountId };
}

export function postCheque(
  app: FastifyInstance,
  token: string,
  applicationId: string,
  fields: Record<string, string> = CHEQUE,
  file: { fileName: string; content: Buffer } | null = { fileName: 'cheque.pdf', content: pdf() },
) {
  const body = multipart(fields, file ? { name: 'uploadCheque', ...file } : undefined);
  return app.inject({
    method: 'POST',
    url: `${API}/coAcctFunding/uploadCheque/${applicationId}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

export async function uploadedCheque(
  app: FastifyInstance,
  token: string,
  applicationId: string,
  fields: Record<string, string> = CHEQUE,
): Promise<{ documentUploadedId: string; bankAccount: BankAccount }> {
  const response = await postCheque(app, token, applicationId, fields);
  if (response.statusCode !== 201) throw new Error(`cheque answered ${response.body}`);
  return response.json();
}

export interface Confirmation {
  firstDebitDate: string;
  investedOn: { reason: string; date: string };
  agreementId: string;
  preNotificationMailDate: string | null;
}

export function postFunding(app: FastifyInstance, token: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `${API}/coAcctFunding/`,
    headers: bearer(token),
    payload,
  });
}

/** A valid one-time request of $500 on 2026-11-26 (the earliest without the waiver). */
export function oneTimePayload(accountId: string, documentUploadedId: string) {
  return {
    amount: 500,
    toAccountNumber: null,
    toAccountId: accountId,
    fundingFrequencyTypeId: 1,
    fundingTypeId: 1,
    pacStartDate: '2026-11-26',
    documentUploadedId,
    agreementAccepted: true,
    preNotificationWaived: false,
  };
}

export async function createdFunding(
  app: FastifyInstance,
  token: string,
  payload: object,
): Promise<{ item: FundingItem; confirmation: Confirmation }> {
  const response = await postFunding(app, token, payload);
  if (response.statusCode !== 201) throw new Error(`funding answered ${response.body}`);
  return response.json();
}

export async function listOf(
  app: FastifyInstance,
  token: string,
  path: 'eftPacHistoryForCurrUser' | 'activeFftPacsForCurrUser' | 'pendingEftPacsForCurrUser',
): Promise<FundingItem[]> {
  const response = await app.inject({ url: `${API}/${path}`, headers: bearer(token) });
  return response.json<{ items: FundingItem[] }>().items;
}

/** The mail the sandbox mailbox holds for `email`, newest first, after the outbox ran. */
export async function mailsTo(app: FastifyInstance, email: string) {
  await app.outbox.runOnce();
  const response = await app.inject({
    url: `/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
    headers: mailboxHeaders,
  });
  return response.json<{ subject: string; text: string }[]>();
}

/** A request payload that names no void cheque (to name another source, or none). */
export function withoutCheque(payload: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).filter(([key]) => key !== 'documentUploadedId'),
  );
}
