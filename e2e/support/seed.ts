import { expect, type APIRequestContext } from '@playwright/test';
import { SANDBOX_MAILBOX_SECRET } from '../playwright.config.ts';

/**
 * Answers an application up to the review through the API, as a script would (the
 * architecture's scripted contract): the journeys of issue 6 start where the earlier steps'
 * journeys end, without driving those screens again.
 */

export const API = '/service/jaxrs';

/** The caller's bearer token, from the session cookie the request context holds. */
export async function tokenOf(request: APIRequestContext): Promise<string> {
  const response = await request.get(
    '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
  );
  expect(response.status()).toBe(200);
  return (await response.text()).trim();
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

const home = {
  streetNumber: '327',
  streetName: 'Bank St',
  city: 'Ottawa',
  provinceId: 5,
  postalCode: 'K1S 8H4',
  countryId: 1,
};

/** A home in Quebec: the French-first rule of the agreements applies (ADR 0016). */
export const montrealHome = {
  streetNumber: '1200',
  streetName: 'Rue Sainte-Catherine O',
  city: 'Montréal',
  provinceId: 11,
  postalCode: 'H3B 1K9',
  countryId: 1,
};

export const profileOf = (
  person: Person,
  sin: string,
  birthDate: string,
  homeAddress: object = home,
) => ({
  title: 1,
  firstName: person.firstName,
  lastName: person.lastName,
  birthDate,
  sin,
  maritalStatus: 1,
  email: person.email,
  confirmEmail: person.email,
  citizenshipId: 1,
  phones: [{ type: 3, number: '(613) 555-0142' }],
  homeAddress,
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
});

const affiliationsOf = (tin: string, pep = false) => ({
  isPep: pep,
  // A politically exposed person: the PEP/HIO form is due after submission (issue 16).
  ...(pep && { pepName: 'Marie Dubois', pepPosition: 'Member of Parliament', pepCountryId: 1 }),
  isInsider: false,
  isDirector: false,
  isDealerEmployee: false,
  taxResidences: [{ countryId: 1, tin }],
  isUsPerson: false,
  wantsTrustedContact: false,
});

export const otherInterests = (
  joint: boolean,
  language: 'en' | 'fr',
  accounts: readonly string[],
  pep = false,
) => ({
  businessRelationshipPurpose: 1,
  intendedUse: Object.fromEntries(accounts.map((account) => [account, 1])),
  investmentExperience: joint ? { primary: 3, joint: 1 } : { primary: 3 },
  investmentKnowledge: joint ? { primary: 2, joint: 2 } : { primary: 2 },
  riskTolerance: joint ? { primary: 2, joint: 2 } : { primary: 2 },
  investmentTimeHorizon: joint ? { primary: 3, joint: 3 } : { primary: 3 },
  tradingAuthority: { answer: false },
  guarantee: { answer: false },
  powerOfAttorney: { answer: false },
  securityholderInformation: 2,
  documentDelivery: 'electronic',
  correspondenceLanguage: language === 'fr' ? 2 : 1,
  securityholderExplanationAcknowledged: true,
  disclosureAcknowledged: true,
  referralSource: 5,
  isEmployeeOrAdvisor: false,
  affiliations: joint
    ? { primary: affiliationsOf('130692544'), joint: affiliationsOf('193456787') }
    : { primary: affiliationsOf('130692544', pep) },
  beneficiaries: [],
});

/**
 * A TFSA application of `primary` (the signed-in person of `request`), with every answer up to
 * the review saved; joint with `joint` as the spouse when given, then a cash account. Answers
 * its id.
 */
export async function applicationAtReview(
  request: APIRequestContext,
  {
    primary,
    joint,
    language,
    homeAddress,
    jointLanguage = 'en',
    accounts = [joint ? 'cash' : 'tfsa'],
    pep = false,
    primarySin = '130 692 544',
  }: {
    primary: Person;
    joint?: Person;
    language: 'en' | 'fr';
    homeAddress?: object;
    /** The language the primary states for the joint applicant (their invitation's). */
    jointLanguage?: 'en' | 'fr';
    /** The accounts chosen (named account types); a TFSA, or cash when joint, unless given. */
    accounts?: readonly string[];
    /** The primary applicant is a politically exposed person. */
    pep?: boolean;
    /**
     * The primary applicant's SIN: one of their own (support/identities.ts) for a person who is
     * then approved, since a client's SIN and birth date are nobody else's (issue 17).
     */
    primarySin?: string;
  },
): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(request)}` };
  const created = await request.post(`${API}/applications`, { headers, data: {} });
  expect(created.status()).toBe(201);
  const { id, version: first } = (await created.json()) as { id: string; version: number };
  let version = first;
  const save = async (step: string, data: unknown) => {
    const response = await request.put(`${API}/applications/${id}/steps/${step}`, {
      headers,
      data: { version, data },
    });
    expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
    version = ((await response.json()) as { version: number }).version;
  };
  await save(
    'ownership',
    joint ? { ownershipTypeId: 2, jointRelationship: 'spouse' } : { ownershipTypeId: 1 },
  );
  await save('doyouknow', { knowsAccount: true });
  // Two people cannot hold a registered plan but the RESP (ADR 0014): a joint one holds cash.
  await save('allaccounts', { accounts });
  await save('account', {});
  await save('profile', profileOf(primary, primarySin, '1985-03-27', homeAddress));
  if (joint) {
    await save('profilejoint', {
      ...profileOf(joint, '193 456 787', '1987-11-14'),
      preferredLanguage: jointLanguage,
    });
  }
  await save('otherinterests', otherInterests(Boolean(joint), language, accounts, pep));
  return id;
}

export interface MailboxMessage {
  id: string;
  recipient: string;
  subject: string;
  text: string;
}

/** What a journey sends to read the sandbox mailbox: its secret (anyone else gets 401). */
export const mailboxHeaders = { 'sandbox-mailbox-secret': SANDBOX_MAILBOX_SECRET };

/** Waits for the sandbox mailbox to hold a message to `to` that `matches`; answers the newest. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  matches: (message: MailboxMessage) => boolean = () => true,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/sandbox/mailbox/messages?to=${encodeURIComponent(to)}`,
          { headers: mailboxHeaders },
        );
        expect(response.status(), 'the sandbox mailbox refused its secret').toBe(200);
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.find(matches);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as MailboxMessage;
}

/** The four-digit code a mail carries. */
export function codeIn(message: MailboxMessage): string {
  const code = /\b(\d{4})\b/.exec(message.text)?.[1];
  expect(code, `no code in: ${message.text}`).toBeTruthy();
  return code as string;
}
