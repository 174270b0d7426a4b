import { CUSTOMER_AGREEMENT_ID } from '../rules/review.ts';

/**
 * The applicant's API contract as data (ADR 0028): one list of cases, each a few requests with
 * the status and body shape every answer must have. The server's test runs them through
 * `app.inject`, the client's in-memory mode through its Mock Service Worker handlers, so the
 * two cannot drift apart. Pure data and a pure runner: whoever runs a case gives it `send`.
 */

/** A body shape: a type name, an exact value (`{ is }`), an object's keys, or every item's shape. */
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'array'
  | 'object'
  | 'absent'
  | { is: unknown }
  | { each: Shape }
  | { oneOf: readonly Shape[] }
  | { [key: string]: Shape };

export interface ContractRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `{id}` is the application the case created. */
  path: string;
  /** Who calls: the signed-in applicant's bearer token (default), or nobody. */
  as?: 'applicant' | 'nobody';
  /** JSON; a string `'{version}'` anywhere is the version last read. */
  body?: unknown;
}

export interface ContractStep extends ContractRequest {
  status: number;
  /** The answer's body shape. */
  answer?: Shape;
  /** Keeps the answer's `id` (as `{id}`) and `version` for the next steps. */
  keep?: boolean;
}

export interface ContractCase {
  name: string;
  steps: readonly ContractStep[];
}

export interface ContractAnswer {
  status: number;
  body: unknown;
}

export type Send = (
  request: { method: ContractRequest['method']; path: string; body?: unknown },
  token: string | undefined,
) => Promise<ContractAnswer>;

const API = '/service/jaxrs';
const AUTHORIZE = '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token';
const UNKNOWN_ID = '5b0a8f4e-3c2d-4e1f-9a8b-7c6d5e4f3a2b';

const refusalOf = (status: number, errorCode: string, more: Record<string, Shape> = {}) =>
  ({ status, answer: { errorCode: { is: errorCode }, message: 'string', ...more } }) as const;

const summary: Shape = {
  id: 'string',
  status: 'string',
  role: { is: 'primary' },
  version: 'number',
  ownershipTypeId: { oneOf: ['number', 'null'] },
  nextStep: { oneOf: ['string', 'null'] },
  accounts: { each: 'string' },
  createdAt: 'string',
  updatedAt: 'string',
};

const create: ContractStep = {
  method: 'POST',
  path: `${API}/applications`,
  status: 201,
  answer: { ...summary, status: { is: 'new' }, version: { is: 1 }, nextStep: { is: 'ownership' } },
  keep: true,
};
const save = (step: string, data: unknown, body: Shape = summary): ContractStep => ({
  method: 'PUT',
  path: `${API}/applications/{id}/steps/${step}`,
  body: { version: '{version}', data },
  status: 200,
  answer: body,
  keep: true,
});

/** A valid profile (the same answers the e2e seeds use). */
export const contractProfile = {
  title: 1,
  firstName: 'Alex',
  lastName: 'Martin',
  birthDate: '1985-03-27',
  sin: '130 692 544',
  maritalStatus: 1,
  email: 'alex.martin@example.com',
  confirmEmail: 'alex.martin@example.com',
  citizenshipId: 1,
  phones: [{ type: 3, number: '(613) 555-0142' }],
  homeAddress: {
    streetNumber: '327',
    streetName: 'Bank St',
    city: 'Ottawa',
    provinceId: 5,
    postalCode: 'K1S 8H4',
    countryId: 1,
  },
  mailingSameAsHome: true,
  movedWithinTwoYears: false,
  employmentStatus: 4,
  // Retired: the most recent employer, asked of everyone (spec line 132).
  employerName: 'Hydro-Québec',
  industryId: 7,
  occupationId: 9,
  employerCountryId: 1,
  employerProvinceId: 5,
  employerCity: 'Ottawa',
  annualIncome: 48000,
  netFixedAssets: 350000,
  netLiquidAssets: 90000,
  incomeSourceType: 4,
};

const otherInterests = {
  businessRelationshipPurpose: 1,
  intendedUse: { tfsa: 1 },
  investmentExperience: { primary: 3 },
  investmentKnowledge: { primary: 2 },
  riskTolerance: { primary: 2 },
  investmentTimeHorizon: { primary: 3 },
  tradingAuthority: { answer: false },
  guarantee: { answer: false },
  powerOfAttorney: { answer: false },
  securityholderInformation: 2,
  documentDelivery: 'electronic',
  correspondenceLanguage: 1,
  securityholderExplanationAcknowledged: true,
  disclosureAcknowledged: true,
  referralSource: 5,
  isEmployeeOrAdvisor: false,
  affiliations: {
    primary: {
      isPep: false,
      isInsider: false,
      isDirector: false,
      isDealerEmployee: false,
      taxResidences: [{ countryId: 1, tin: '130692544' }],
      isUsPerson: false,
      wantsTrustedContact: false,
    },
  },
  beneficiaries: [],
};

/** Up to the review: ownership, the accounts, the profile and the financial step. */
const toReview: ContractStep[] = [
  create,
  save('ownership', { ownershipTypeId: 1 }, { ...summary, ownershipTypeId: { is: 1 } }),
  save('doyouknow', { knowsAccount: true }),
  save('allaccounts', { accounts: ['tfsa'] }, { ...summary, accounts: { is: ['tfsa'] } }),
  save('account', {}),
  save('profile', contractProfile, {
    ...summary,
    nextStep: { is: 'otherinterests' },
    saved: { sin: 'absent', sinMasked: { is: '*** *** 544' }, firstName: { is: 'Alex' } },
  }),
  save('otherinterests', otherInterests, { ...summary, nextStep: { is: 'review' } }),
];

export const applicantContractCases: readonly ContractCase[] = [
  {
    name: 'signed out: 401 signInRequired on the API and on authorize',
    steps: [
      { method: 'GET', path: `${API}/users`, as: 'nobody', ...refusalOf(401, 'signInRequired') },
      {
        method: 'GET',
        path: `${API}/applications`,
        as: 'nobody',
        ...refusalOf(401, 'signInRequired'),
      },
      {
        method: 'POST',
        path: `${API}/applications`,
        as: 'nobody',
        ...refusalOf(401, 'signInRequired'),
      },
    ],
  },
  {
    name: 'authorize refuses an unknown client',
    steps: [
      {
        method: 'GET',
        path: '/security/oauth/authorize?client_id=other&response_type=token',
        ...refusalOf(400, 'invalidClient'),
      },
    ],
  },
  {
    name: 'the session: its times, and the user info of the signed-in applicant',
    steps: [
      {
        method: 'GET',
        path: '/security/auth/session',
        status: 200,
        answer: { idleExpiresAt: 'string', absoluteExpiresAt: 'string', now: 'string' },
      },
      {
        method: 'GET',
        path: `${API}/users`,
        status: 200,
        answer: {
          firstName: 'string',
          lastName: 'string',
          email: 'string',
          emailVerified: { is: true },
          onboardingComplete: { is: false },
          ibId: 'null',
          adminLogin: { is: false },
          trialUser: { is: false },
          advisor: { is: false },
          nameNeedsCorrection: { is: false },
          language: { oneOf: [{ is: 'en' }, { is: 'fr' }] },
        },
      },
    ],
  },
  {
    name: 'reference lists: id, description, descriptionFr (provinces with their parent)',
    steps: [
      {
        method: 'GET',
        path: `${API}/references/countries`,
        as: 'nobody',
        status: 200,
        answer: { each: { id: 'number', description: 'string', descriptionFr: 'string' } },
      },
      {
        method: 'GET',
        path: `${API}/references/provinceStates`,
        as: 'nobody',
        status: 200,
        answer: {
          each: {
            id: 'number',
            description: 'string',
            descriptionFr: 'string',
            parentId: 'number',
          },
        },
      },
      {
        method: 'GET',
        path: `${API}/references/occupationTypes`,
        status: 200,
        answer: { each: { id: 'number', description: 'string', descriptionFr: 'string' } },
      },
    ],
  },
  {
    name: 'applications: create, list, read, next step, and 404 for an unknown id',
    steps: [
      create,
      {
        method: 'GET',
        path: `${API}/applications`,
        status: 200,
        answer: { each: summary },
      },
      {
        method: 'GET',
        path: `${API}/applications/{id}`,
        status: 200,
        answer: { ...summary, steps: { is: {} } },
      },
      {
        method: 'GET',
        path: `${API}/applications/{id}/next-step`,
        status: 200,
        answer: { step: { is: 'ownership' } },
      },
      { method: 'GET', path: `${API}/applications/${UNKNOWN_ID}`, ...refusalOf(404, 'notFound') },
      {
        method: 'PUT',
        path: `${API}/applications/${UNKNOWN_ID}/steps/ownership`,
        body: { version: 1, data: { ownershipTypeId: 1 } },
        ...refusalOf(404, 'notFound'),
      },
      {
        method: 'GET',
        path: `${API}/applications/not-an-id`,
        ...refusalOf(400, 'invalidInput', { fields: 'object' }),
      },
    ],
  },
  {
    name: 'saving a step: 409 staleVersion, 400 invalidInput with fields, 400 stepNotAvailable',
    steps: [
      create,
      {
        method: 'PUT',
        path: `${API}/applications/{id}/steps/profile`,
        body: { version: '{version}', data: contractProfile },
        ...refusalOf(400, 'stepNotAvailable'),
      },
      {
        method: 'PUT',
        path: `${API}/applications/{id}/steps/ownership`,
        body: { version: '{version}', data: {} },
        ...refusalOf(400, 'invalidInput', {
          fields: { 'data.ownershipTypeId': { is: 'required' } },
        }),
      },
      save('ownership', { ownershipTypeId: 1 }, { ...summary, version: { is: 2 } }),
      {
        method: 'PUT',
        path: `${API}/applications/{id}/steps/doyouknow`,
        body: { version: 1, data: { knowsAccount: true } },
        ...refusalOf(409, 'staleVersion', { currentVersion: { is: 2 } }),
      },
    ],
  },
  {
    name: 'a profile refused by its rules: the field and the domain code',
    steps: [
      create,
      save('ownership', { ownershipTypeId: 1 }),
      save('doyouknow', { knowsAccount: true }),
      save('allaccounts', { accounts: ['tfsa'] }),
      save('account', {}),
      {
        method: 'PUT',
        path: `${API}/applications/{id}/steps/profile`,
        body: { version: '{version}', data: { ...contractProfile, sin: '130 692 545' } },
        ...refusalOf(400, 'invalidInput', { fields: { 'data.sin': 'string' } }),
      },
    ],
  },
  {
    name: 'to the review, agreeing, then signing: locked answers, the e-signature opened',
    steps: [
      ...toReview,
      {
        method: 'GET',
        path: `${API}/applications/{id}`,
        status: 200,
        answer: {
          ...summary,
          status: { is: 'continue' },
          steps: { profile: { sin: 'absent', sinMasked: { is: '*** *** 544' } } },
        },
      },
      {
        method: 'POST',
        path: `${API}/applications/{id}/esign`,
        ...refusalOf(409, 'notYourTurn'),
      },
      {
        method: 'GET',
        path: `${API}/applications/{id}/esign/document`,
        ...refusalOf(404, 'notSigned'),
      },
      save(
        'review',
        { agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: true },
        { ...summary, status: { is: 'esignatureRequired' }, nextStep: { is: 'esign' } },
      ),
      {
        method: 'PUT',
        path: `${API}/applications/{id}/steps/profile`,
        body: { version: '{version}', data: contractProfile },
        ...refusalOf(409, 'applicationLocked'),
      },
      {
        method: 'DELETE',
        path: `${API}/applications/{id}`,
        ...refusalOf(409, 'applicationLocked'),
      },
      {
        method: 'GET',
        path: `${API}/applications/{id}/esign`,
        status: 200,
        answer: {
          status: { is: 'notStarted' },
          role: { is: 'primary' },
          applicationStatus: { is: 'esignatureRequired' },
          canSign: { is: true },
        },
      },
      {
        method: 'POST',
        path: `${API}/applications/{id}/esign`,
        status: 200,
        answer: { signingUrl: 'string', status: { is: 'pending' } },
      },
      {
        method: 'GET',
        path: `${API}/applications/{id}/esign`,
        status: 200,
        answer: { status: { is: 'pending' }, canSign: { is: true } },
      },
    ],
  },
  {
    name: 'deleting an application that was not submitted: 204, then 404',
    steps: [
      create,
      { method: 'DELETE', path: `${API}/applications/{id}`, status: 204 },
      { method: 'GET', path: `${API}/applications/{id}`, ...refusalOf(404, 'notFound') },
    ],
  },
  {
    name: 'the joint applicant code: no invitation waits for the applicant',
    steps: [
      {
        method: 'GET',
        path: `${API}/coAuthCode`,
        status: 404,
        answer: { status: { is: 404 }, errorCode: { is: 'coAuthCodeNotFound' }, message: 'string' },
      },
    ],
  },
  {
    name: 'logging out ends the session: authorize and the API answer 401',
    steps: [
      { method: 'GET', path: '/security/logout?skipredirect=true', status: 204 },
      { method: 'GET', path: AUTHORIZE, as: 'nobody', ...refusalOf(401, 'signInRequired') },
      { method: 'GET', path: `${API}/users`, ...refusalOf(401, 'signInRequired') },
    ],
  },
];

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where `value` does not have `shape` (`$.fields`), each with what was expected; none: it has. */
export function shapeProblems(value: unknown, shape: Shape, at = '$'): string[] {
  if (typeof shape === 'string') {
    if (shape === 'absent') return value === undefined ? [] : [`${at}: expected absent`];
    return typeOf(value) === shape ? [] : [`${at}: expected ${shape}, got ${typeOf(value)}`];
  }
  if ('is' in shape && Object.keys(shape).length === 1) {
    return isEqual(value, shape.is)
      ? []
      : [`${at}: expected ${JSON.stringify(shape.is)}, got ${JSON.stringify(value)}`];
  }
  if ('each' in shape && Object.keys(shape).length === 1) {
    if (!Array.isArray(value)) return [`${at}: expected an array, got ${typeOf(value)}`];
    return value.flatMap((item, index) =>
      shapeProblems(item, shape.each as Shape, `${at}[${index}]`),
    );
  }
  if ('oneOf' in shape && Object.keys(shape).length === 1) {
    const options = shape.oneOf as readonly Shape[];
    return options.some((option) => shapeProblems(value, option, at).length === 0)
      ? []
      : [`${at}: matches none of ${JSON.stringify(options)}`];
  }
  if (typeOf(value) !== 'object') return [`${at}: expected an object, got ${typeOf(value)}`];
  const object = value as Record<string, unknown>;
  return Object.entries(shape as Record<string, Shape>).flatMap(([key, inner]) =>
    shapeProblems(object[key], inner, `${at}.${key}`),
  );
}

function withVersion(value: unknown, version: number | undefined): unknown {
  if (value === '{version}') return version;
  if (Array.isArray(value)) return value.map((item) => withVersion(item, version));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withVersion(inner, version)]),
    );
  }
  return value;
}

/**
 * Runs one case: each request in turn, with the applicant's token unless `as: 'nobody'`.
 * Answers the problems found (empty when every answer has its status and shape).
 */
export async function runContractCase(
  contractCase: ContractCase,
  send: Send,
  token: string,
): Promise<string[]> {
  let id = UNKNOWN_ID;
  let version: number | undefined;
  for (const [index, step] of contractCase.steps.entries()) {
    const path = step.path.replace('{id}', id);
    const body = step.body === undefined ? undefined : withVersion(step.body, version);
    const answer = await send(
      { method: step.method, path, ...(body !== undefined && { body }) },
      step.as === 'nobody' ? undefined : token,
    );
    const where = `step ${index + 1} (${step.method} ${step.path})`;
    if (answer.status !== step.status) {
      return [
        `${where}: status ${answer.status}, expected ${step.status}: ${JSON.stringify(answer.body)}`,
      ];
    }
    const problems = step.answer ? shapeProblems(answer.body, step.answer) : [];
    if (problems.length > 0) return problems.map((problem) => `${where}: ${problem}`);
    if (step.keep) {
      const kept = answer.body as { id?: unknown; version?: unknown };
      if (typeof kept.id === 'string') id = kept.id;
      if (typeof kept.version === 'number') version = kept.version;
    }
  }
  return [];
}
