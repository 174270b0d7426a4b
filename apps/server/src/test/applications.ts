import type { FastifyInstance } from 'fastify';
import { bearer } from './users.ts';

export const APPLICATIONS_URL = '/service/jaxrs/applications';

/** What the API answers for one application (the detail adds `steps`). */
export interface ApplicationBody {
  id: string;
  status: string;
  version: number;
  ownershipTypeId: number | null;
  nextStep: string | null;
  accounts: string[];
  createdAt: string;
  updatedAt: string;
  steps?: Record<string, unknown>;
}

export interface ErrorBody {
  errorCode: string;
  message: string;
  fields?: Record<string, string>;
  currentVersion?: number;
}

/** Starts an application for the token's owner and returns its summary (fails unless 201). */
export async function createApplication(
  app: FastifyInstance,
  token: string,
): Promise<ApplicationBody> {
  const response = await app.inject({
    method: 'POST',
    url: APPLICATIONS_URL,
    headers: bearer(token),
  });
  if (response.statusCode !== 201) {
    throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<ApplicationBody>();
}

/** PUT one step with the version the caller read; returns the raw response. */
export function putStep(
  app: FastifyInstance,
  token: string,
  id: string,
  step: string,
  version: number,
  data: unknown,
) {
  return app.inject({
    method: 'PUT',
    url: `${APPLICATIONS_URL}/${id}/steps/${step}`,
    headers: bearer(token),
    payload: { version, data },
  });
}

/** Saves a step that must be accepted and returns the new summary (fails unless 200). */
export async function saveStep(
  app: FastifyInstance,
  token: string,
  id: string,
  step: string,
  version: number,
  data: unknown,
): Promise<ApplicationBody> {
  const response = await putStep(app, token, id, step, version, data);
  if (response.statusCode !== 200) {
    throw new Error(`saving ${step} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<ApplicationBody>();
}

export function getApplication(app: FastifyInstance, token: string, id: string) {
  return app.inject({ method: 'GET', url: `${APPLICATIONS_URL}/${id}`, headers: bearer(token) });
}

export async function listApplications(
  app: FastifyInstance,
  token: string,
): Promise<ApplicationBody[]> {
  const response = await app.inject({
    method: 'GET',
    url: APPLICATIONS_URL,
    headers: bearer(token),
  });
  if (response.statusCode !== 200) {
    throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<ApplicationBody[]>();
}

/**
 * An application whose accounts step is saved: ownership (individual unless given), "I know
 * which account I want", then `accounts` on the all-accounts step. Returns the last summary.
 */
export async function applicationWithAccounts(
  app: FastifyInstance,
  token: string,
  accounts: string[],
  ownership: { ownershipTypeId: number; jointRelationship?: string } = { ownershipTypeId: 1 },
): Promise<ApplicationBody> {
  const created = await createApplication(app, token);
  const owned = await saveStep(app, token, created.id, 'ownership', created.version, ownership);
  const knows = await saveStep(app, token, created.id, 'doyouknow', owned.version, {
    knowsAccount: true,
  });
  return saveStep(app, token, created.id, 'allaccounts', knows.version, { accounts });
}

export const ONTARIO_HOME = {
  streetNumber: '100',
  streetName: 'Queen St W',
  city: 'Toronto',
  provinceId: 5,
  postalCode: 'M5H 2N2',
  countryId: 1,
};

/** A complete, valid profile (spec sections 3 and 5) of someone living at `homeAddress`. */
export function profileAnswers(
  homeAddress: object = ONTARIO_HOME,
  overrides: Record<string, unknown> = {},
) {
  return {
    title: 2,
    firstName: 'Camille',
    lastName: 'Tremblay',
    birthDate: '1985-03-27',
    sin: '130 692 544',
    maritalStatus: 1,
    email: 'camille@example.com',
    confirmEmail: 'camille@example.com',
    citizenshipId: 1,
    phones: [{ type: 3, number: '(514) 555-0199' }],
    homeAddress,
    mailingSameAsHome: true,
    movedWithinTwoYears: false,
    employmentStatus: 4,
    annualIncome: 48000,
    netFixedAssets: 350000,
    netLiquidAssets: 90000,
    incomeSourceType: 4,
    ...overrides,
  };
}

/** The joint applicant's profile: another person, SIN and email than the primary's. */
export const jointProfileAnswers = () =>
  profileAnswers(ONTARIO_HOME, {
    firstName: 'Alex',
    sin: '193 456 787',
    email: 'alex@example.com',
    confirmEmail: 'alex@example.com',
  });

export interface JourneyToOtherInterests {
  accounts?: string[];
  homeAddress?: object;
  joint?: boolean;
}

/**
 * An application with every step before `otherinterests` saved: ownership, the accounts, the
 * account details, the profile and, when joint, the joint profile. Returns the last summary.
 */
export async function applicationAtOtherInterests(
  app: FastifyInstance,
  token: string,
  { accounts = ['tfsa'], homeAddress = ONTARIO_HOME, joint = false }: JourneyToOtherInterests = {},
): Promise<ApplicationBody> {
  const ownership = joint ? { ownershipTypeId: 2, jointRelationship: 'spouse' } : undefined;
  const chosen = await applicationWithAccounts(app, token, accounts, ownership);
  const save = (step: string, version: number, data: unknown) =>
    saveStep(app, token, chosen.id, step, version, data);
  const account = await save('account', chosen.version, {});
  const primary = await save('profile', account.version, profileAnswers(homeAddress));
  return joint ? save('profilejoint', primary.version, jointProfileAnswers()) : primary;
}
