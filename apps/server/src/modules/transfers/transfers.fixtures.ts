import type { FastifyInstance } from 'fastify';
import type {
  CoAccount,
  TransferAccountModelInput,
  TransferAccountResult,
} from '@portal/domain/transfers/transfer-request';
import { multipart } from '../../test/documents.ts';
import { bearer, type TestUser } from '../../test/users.ts';
import { createSandboxEsign } from '../../providers/esign/sandbox-esign.ts';
import { agreedApplication } from '../identity/identity.fixtures.ts';
import { API } from '../funding/funding.fixtures.ts';

/** Test set-ups of the transfers module: an agreed application, a request, its signature. */

export { API };

/** The profile's last name in these tests: with its accent, as statements often print it without. */
export const PROFILE_LAST_NAME = 'Bélanger';

/** The agreed application (a TFSA; the profile of `applications.ts`, renamed) and its TFSA. */
export async function transferableAccount(
  app: FastifyInstance,
  user: TestUser,
): Promise<{ applicationId: string; accountId: string }> {
  const applicationId = await agreedApplication(app, user, { lastName: PROFILE_LAST_NAME });
  const accounts = await coAccountsOf(app, user, applicationId);
  return { applicationId, accountId: accounts[0]!.accountId };
}

export async function coAccountsOf(app: FastifyInstance, user: TestUser, applicationId: string) {
  const response = await app.inject({
    url: `${API}/coapplications/${applicationId}/coaccounts`,
    headers: bearer(user.token),
  });
  if (response.statusCode !== 200) throw new Error(`coaccounts answered ${response.body}`);
  return response.json<CoAccount[]>();
}

/**
 * A partial transfer of two lines (XIU in kind, $500 of cash) from a TFSA at TD Direct
 * Investing, the statement copied as the profile has it (Camille Bélanger, Toronto).
 */
export function partialTransfer(
  ids: { applicationId: string; accountId: string },
  overrides: Partial<TransferAccountModelInput> = {},
): TransferAccountModelInput {
  return {
    applicationId: ids.applicationId,
    toAccountId: ids.accountId,
    fromInstitutionId: 'td-direct-investing',
    fromInstitutionName: 'TD Direct Investing',
    accountNumber: '5XK123456',
    accountType: 'TFSA',
    transferType: 4,
    approximateValue: 20_000,
    transferFee: 150,
    statement: {
      holders: [
        {
          firstName: 'Camille',
          lastName: PROFILE_LAST_NAME,
          sin: '130 692 544',
          birthDate: '1985-03-27',
        },
      ],
      address: {
        streetNumber: '100',
        streetName: 'Queen St W',
        city: 'Toronto',
        provinceId: 5,
        postalCode: 'M5H 2N2',
      },
    },
    lines: [
      {
        kind: 'inKind',
        symbol: 'XIU',
        securityName: 'iShares S&P/TSX 60 Index ETF',
        quantity: 100,
      },
      { kind: 'cash', amount: 500 },
    ],
    ...overrides,
  };
}

/** `PUT transferAccounts` as the web sends it: the model as JSON text, a statement optional. */
export function putTransfer(
  app: FastifyInstance,
  token: string,
  model: unknown,
  file?: { fileName: string; content: Buffer },
  headers: Record<string, string> = {},
) {
  const body = multipart(
    { transferAccountModel: typeof model === 'string' ? model : JSON.stringify(model) },
    file ? { name: 'document', ...file } : undefined,
  );
  return app.inject({
    method: 'PUT',
    url: `${API}/transferAccounts`,
    headers: { ...bearer(token), ...body.headers, ...headers },
    payload: body.payload,
  });
}

export async function submittedTransfer(
  app: FastifyInstance,
  token: string,
  model: unknown,
): Promise<TransferAccountResult> {
  const response = await putTransfer(app, token, model);
  if (response.statusCode !== 200) throw new Error(`transfer answered ${response.body}`);
  return response.json();
}

/** Signs in the sandbox ceremony as the signer would (their name as the profile has it). */
export async function signInSandbox(app: FastifyInstance, esignUrl: string, name: string) {
  const envelopeId = esignUrl.split('/').pop()!;
  const esign = createSandboxEsign({ db: app.db, cipher: app.cipher });
  const outcome = await esign.sign(envelopeId, name);
  if (outcome.outcome !== 'signed') throw new Error(`sandbox sign answered ${outcome.outcome}`);
  return envelopeId;
}

export function esignStatusOf(
  app: FastifyInstance,
  token: string,
  id: string,
  status?: 'check' | 'force',
) {
  return app.inject({
    url: `${API}/transferAccounts/${id}/esign${status ? `?status=${status}` : ''}`,
    headers: bearer(token),
  });
}

export function cancel(app: FastifyInstance, token: string, id: string) {
  return app.inject({
    method: 'DELETE',
    url: `${API}/transferAccounts/cancel/${id}`,
    headers: bearer(token),
  });
}
