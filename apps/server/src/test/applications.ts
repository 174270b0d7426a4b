import { CUSTOMER_AGREEMENT_ID } from '@portal/domain';
import { applicant, complete } from '@portal/domain/rules/other-interests.fixtures';
import { completeProfile, montrealHome } from '@portal/domain/rules/profile.fixtures';
import { sql } from 'drizzle-orm';
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
  /** A step save's answer: the step as the server keeps it. */
  saved?: unknown;
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

export const MONTREAL_HOME = montrealHome;

/** A complete, valid profile (spec sections 3 and 5) of someone living at `homeAddress`. */
export function profileAnswers(
  homeAddress: object = ONTARIO_HOME,
  overrides: Record<string, unknown> = {},
) {
  return { ...completeProfile, homeAddress, ...overrides };
}

/** The joint applicant's profile: another person, SIN and email than the primary's. */
export const jointProfileAnswers = () =>
  profileAnswers(ONTARIO_HOME, {
    firstName: 'Alex',
    sin: '193 456 787',
    email: 'alex@example.com',
    confirmEmail: 'alex@example.com',
    preferredLanguage: 'en',
  });

export interface JourneyToProfile {
  accounts?: string[];
  /** Joint with a spouse; individual otherwise. */
  joint?: boolean;
}

export interface JourneyToOtherInterests extends JourneyToProfile {
  homeAddress?: object;
}

/**
 * The account a journey chooses unless told: a TFSA, or for a joint application a cash account
 * (no registered plan but the RESP can be held jointly, ADR 0014).
 */
export const defaultAccountOf = (joint = false) => (joint ? 'cash' : 'tfsa');

/**
 * An application with every step before `profile` saved: ownership, the accounts and the
 * account details (none for a TFSA or a cash account). Returns the last summary.
 */
export async function applicationAtProfile(
  app: FastifyInstance,
  token: string,
  { accounts, joint = false }: JourneyToProfile = {},
): Promise<ApplicationBody> {
  const ownership = joint ? { ownershipTypeId: 2, jointRelationship: 'spouse' } : undefined;
  const chosen = await applicationWithAccounts(
    app,
    token,
    accounts ?? [defaultAccountOf(joint)],
    ownership,
  );
  return saveStep(app, token, chosen.id, 'account', chosen.version, {});
}

/**
 * An application with every step before `otherinterests` saved: those before `profile`, the
 * profile and, when joint, the joint profile. Returns the last summary.
 */
export async function applicationAtOtherInterests(
  app: FastifyInstance,
  token: string,
  { homeAddress = ONTARIO_HOME, ...journey }: JourneyToOtherInterests = {},
): Promise<ApplicationBody> {
  const account = await applicationAtProfile(app, token, journey);
  const save = (step: string, version: number, data: unknown) =>
    saveStep(app, token, account.id, step, version, data);
  const primary = await save('profile', account.version, profileAnswers(homeAddress));
  return journey.joint ? save('profilejoint', primary.version, jointProfileAnswers()) : primary;
}

/** Complete answers of step `otherinterests` for the default account, and the joint applicant. */
export function otherInterestsAnswers({ joint = false } = {}) {
  return {
    ...complete,
    intendedUse: { [defaultAccountOf(joint)]: 1 },
    investmentExperience: joint ? { primary: 5, joint: 1 } : { primary: 5 },
    investmentKnowledge: joint ? { primary: 2, joint: 2 } : { primary: 2 },
    riskTolerance: joint ? { primary: 2, joint: 1 } : { primary: 2 },
    investmentTimeHorizon: joint ? { primary: 3, joint: 3 } : { primary: 3 },
    affiliations: joint
      ? {
          primary: applicant,
          joint: { ...applicant, taxResidences: [{ countryId: 1, tin: '193456787' }] },
        }
      : { primary: applicant },
  };
}

/**
 * An application with every answer saved up to the review (not agreed): the steps before it
 * and the financial background. Returns the last summary.
 */
export async function applicationAtReview(
  app: FastifyInstance,
  token: string,
  journey: JourneyToOtherInterests = {},
): Promise<ApplicationBody> {
  const before = await applicationAtOtherInterests(app, token, journey);
  return saveStep(app, token, before.id, 'otherinterests', before.version, {
    ...otherInterestsAnswers({ joint: journey.joint }),
  });
}

/** The agreement the review step takes. */
export const agreement = { agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: true };

/** A saved step's data as the database holds it (JSON text, nothing decrypted on the way). */
export async function storedStep(
  app: FastifyInstance,
  applicationId: string,
  step: string,
): Promise<string> {
  const result = (await app.db.execute(
    sql`select data::text as data from application_steps
        where application_id = ${applicationId} and step = ${step}`,
  )) as unknown as { rows: { data: string }[] };
  return String(result.rows[0]?.data);
}
