import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namedAccountTypes, type NamedAccountTypeName } from '../enums/account-types.ts';
import { employmentStatuses, incomeSourceTypes, maritalStatuses } from '../enums/person.ts';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import { profileMessagesEn, profileMessagesFr } from '../messages/profile-messages.ts';
import {
  addAmounts,
  includesRetirementIncomeFund,
  isAmount,
  profileStepSchema,
  type ProfileContext,
  type ProfileInput,
  type SpouseInput,
} from './profile.ts';

const today = '2026-05-01';
const context: ProfileContext = { today, accounts: ['tfsa', 'margin'] };

const employer = {
  employerName: 'Hydro-Québec',
  industryId: 12,
  occupationId: 40,
  employerCountryId: 1,
  employerProvinceId: 11,
  employerCity: 'Montréal',
};

/** A retired spouse, who names her most recent employer as everyone does (spec line 132). */
const spouse: SpouseInput = {
  title: 2,
  firstName: 'Ana',
  lastName: 'Tremblay',
  birthDate: '1982-07-14',
  sin: '193 456 787',
  employmentStatus: employmentStatuses.Retired,
  ...employer,
  annualIncome: 32000,
  netFixedAssets: 250000,
  netLiquidAssets: 40000,
  incomeSourceType: incomeSourceTypes.Pension,
};

/** A complete profile of a married employee who lives where they get their mail. */
function validInput(overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    title: 1,
    firstName: 'Jean-François',
    lastName: 'Gagnon',
    birthDate: '1980-02-29',
    sin: '130 692 544',
    maritalStatus: maritalStatuses.Married,
    email: 'JF.Gagnon@example.ca',
    confirmEmail: 'jf.gagnon@example.ca',
    citizenshipId: 1,
    phones: [{ type: 3, number: '(514) 555-0199' }],
    homeAddress: {
      streetNumber: '1250',
      streetName: 'rue Sainte-Catherine Ouest',
      city: 'Montréal',
      provinceId: 11,
      postalCode: 'h3g1p1',
      countryId: 1,
    },
    mailingSameAsHome: true,
    movedWithinTwoYears: false,
    employmentStatus: employmentStatuses.FullTime,
    ...employer,
    annualIncome: 95000,
    netFixedAssets: 350000,
    netLiquidAssets: 120000.5,
    incomeSourceType: incomeSourceTypes.Investments,
    spouse,
    ...overrides,
  };
}

const parse = (input: unknown, profileContext: ProfileContext = context) =>
  profileStepSchema(profileContext).safeParse(input);
const codes = (result: ReturnType<typeof parse>) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('profile step', () => {
  it('accepts a complete profile and normalizes it', () => {
    const result = parse(validInput());
    expect(codes(result)).toEqual([]);
    expect(result.data).toMatchObject({
      sin: '130692544',
      email: 'jf.gagnon@example.ca',
      phones: [{ type: 3, number: '5145550199' }],
      homeAddress: { postalCode: 'H3G 1P1' },
      totalNetWorth: 470000.5,
      spouse: { firstName: 'Ana', birthDate: '1982-07-14' },
    });
    expect(result.data).not.toHaveProperty('mailingAddress');
    expect(result.data).not.toHaveProperty('previousAddress');
  });

  it('asks every required answer at its own path', () => {
    expect(codes(parse({}))).toEqual([
      'title:required',
      'firstName:required',
      'lastName:required',
      'birthDate:required',
      'sin:required',
      'maritalStatus:required',
      'email:required',
      'confirmEmail:required',
      'citizenshipId:required',
      'phones:required',
      'homeAddress.streetNumber:required',
      'homeAddress.streetName:required',
      'homeAddress.city:required',
      'homeAddress.provinceId:required',
      'homeAddress.postalCode:required',
      'homeAddress.countryId:required',
      'mailingSameAsHome:required',
      'movedWithinTwoYears:required',
      'employmentStatus:required',
      'annualIncome:required',
      'netFixedAssets:required',
      'netLiquidAssets:required',
      'incomeSourceType:required',
      'employerName:required',
      'industryId:required',
      'occupationId:required',
      'employerCountryId:required',
      'employerCity:required',
    ]);
  });

  it.each([
    ['birthDate', { birthDate: '2008-05-02' }, 'birthDate:tooYoung'],
    ['confirmEmail', { confirmEmail: 'jf.gagnon@example.com' }, 'confirmEmail:emailMismatch'],
    ['email', { email: 'jf.gagnon@', confirmEmail: 'jf.gagnon@' }, 'email:emailFormat'],
    ['sin', { sin: '130 692 545' }, 'sin:sinCheckDigit'],
    ['citizenshipId', { citizenshipId: -3 }, 'citizenshipId:invalid'],
    ['maritalStatus', { maritalStatus: 9 as 1 }, 'maritalStatus:invalid'],
    [
      'phones.1.type',
      {
        phones: [
          { type: 1, number: '5145550199' },
          { type: 1, number: '4385550123' },
        ],
      },
      'phones.1.type:duplicated',
    ],
    ['phones.0.number', { phones: [{ type: 1, number: '555-0199' }] }, 'phones.0.number:invalid'],
    [
      'homeAddress.streetName',
      { homeAddress: { ...validInput().homeAddress, streetName: 'P.O. Box 12' } },
      'homeAddress.streetName:poBoxNotAllowed',
    ],
    [
      'homeAddress.city',
      { homeAddress: { streetNumber: '12', streetName: 'Main St', countryId: 1 } },
      'homeAddress.city:incompleteAddress',
    ],
    [
      'homeAddress.postalCode',
      { homeAddress: { ...validInput().homeAddress, postalCode: 'M5V 2T6' } },
      'homeAddress.postalCode:postalCodeProvince',
    ],
    [
      'homeAddress.postalCode',
      { homeAddress: { ...validInput().homeAddress, postalCode: 'H3G 1P' } },
      'homeAddress.postalCode:invalid',
    ],
  ] as const)('reports %s', (_path, overrides, expected) => {
    expect(codes(parse(validInput(overrides as Partial<ProfileInput>)))).toEqual([expected]);
  });

  it('shows every problem at once, cross-field ones included', () => {
    const result = parse(
      validInput({ firstName: '', confirmEmail: 'other@example.ca', spouse: undefined }),
    );
    expect(codes(result)).toEqual(
      expect.arrayContaining([
        'firstName:required',
        'confirmEmail:emailMismatch',
        'spouse.firstName:required',
      ]),
    );
  });

  it('parses a saved profile again to itself', () => {
    const inputs = fc.record({
      maritalStatus: fc.constantFrom(...Object.values(maritalStatuses)),
      employmentStatus: fc.constantFrom(...Object.values(employmentStatuses)),
      incomeSourceType: fc.constantFrom(...Object.values(incomeSourceTypes)),
      mailingSameAsHome: fc.boolean(),
      movedWithinTwoYears: fc.boolean(),
    });
    // Built once: building the schema costs more than parsing with it.
    const schema = profileStepSchema(context);
    fc.assert(
      fc.property(inputs, (answers) => {
        const saved = schema.parse(
          validInput({
            ...answers,
            incomeSourceOther: 'Rental income',
            mailingAddress: {
              streetName: 'CP 45 Succ. Place-d’Armes',
              city: 'Montréal',
              provinceId: 11,
              postalCode: 'H2Y 3E9',
              countryId: 1,
            },
            previousAddress: {
              streetNumber: '8',
              streetName: 'King St W',
              city: 'Toronto',
              provinceId: 5,
              postalCode: 'M5H 1A1',
              countryId: 1,
            },
          }),
        );
        expect(schema.parse(saved)).toEqual(saved);
      }),
    );
  });
});

describe('joint applicant (profilejoint)', () => {
  const joint: ProfileContext = {
    ...context,
    primary: { sin: '130-692-544', email: 'Primary@Example.ca ' },
  };

  it('cannot reuse the primary applicant’s SIN or email', () => {
    const result = parse(
      validInput({
        preferredLanguage: 'fr',
        sin: '130692544',
        email: 'primary@example.ca',
        confirmEmail: 'primary@example.ca',
      }),
      joint,
    );
    expect(codes(result)).toEqual(['sin:sinSameAsPrimary', 'email:emailSameAsPrimary']);
  });

  it('accepts their own SIN and email', () => {
    expect(
      codes(parse(validInput({ sin: '193 456 787', preferredLanguage: 'en' }), joint)),
    ).toEqual([]);
  });

  it('lets a primary applicant have any SIN', () => {
    expect(codes(parse(validInput({ sin: '130692544' })))).toEqual([]);
  });

  it('asks the joint applicant’s preferred language for mail and documents, and keeps it', () => {
    const own = validInput({ sin: '193 456 787' });
    expect(codes(parse(own, joint))).toEqual(['preferredLanguage:required']);
    expect(codes(parse({ ...own, preferredLanguage: 'de' }, joint))).toEqual([
      'preferredLanguage:invalid',
    ]);
    const french = parse({ ...own, preferredLanguage: 'fr' }, joint);
    expect(french.data?.preferredLanguage).toBe('fr');
    expect(parse(french.data, joint).data).toEqual(french.data);
    expect(codes(parse({ ...own, preferredLanguage: 'fr' }, { ...context, joint: true }))).toEqual(
      [],
    );
  });

  it('neither asks nor keeps a preferred language for the primary applicant', () => {
    const result = parse(validInput({ preferredLanguage: 'fr' }));
    expect(codes(result)).toEqual([]);
    expect(result.data).not.toHaveProperty('preferredLanguage');
  });
});

describe('addresses of the profile', () => {
  const elsewhere = {
    streetName: 'PO Box 1234',
    city: 'Québec',
    provinceId: 11,
    postalCode: 'G1K 7X2',
    countryId: 1,
  };

  it('need a mailing address when it is not the home address, PO boxes allowed', () => {
    expect(codes(parse(validInput({ mailingSameAsHome: false })))).toEqual([
      'mailingAddress.streetNumber:required',
      'mailingAddress.streetName:required',
      'mailingAddress.city:required',
      'mailingAddress.provinceId:required',
      'mailingAddress.postalCode:required',
      'mailingAddress.countryId:required',
    ]);
    const result = parse(validInput({ mailingSameAsHome: false, mailingAddress: elsewhere }));
    expect(result.data?.mailingAddress).toMatchObject({
      streetName: 'PO Box 1234',
      streetNumber: '',
    });
  });

  it('drop the mailing address when it is the home address', () => {
    const result = parse(validInput({ mailingSameAsHome: true, mailingAddress: { city: 'x' } }));
    expect(codes(result)).toEqual([]);
    expect(result.data).not.toHaveProperty('mailingAddress');
  });

  it('need the previous address when the person moved within two years, no PO box', () => {
    expect(codes(parse(validInput({ movedWithinTwoYears: true })))).toContain(
      'previousAddress.streetName:required',
    );
    expect(
      codes(parse(validInput({ movedWithinTwoYears: true, previousAddress: elsewhere }))),
    ).toEqual(['previousAddress.streetName:poBoxNotAllowed']);
    expect(
      codes(
        parse(
          validInput({
            movedWithinTwoYears: true,
            previousAddress: { city: 'Gatineau', provinceId: 11, countryId: 1 },
          }),
        ),
      ),
    ).toEqual(['previousAddress.streetNumber:incompleteAddress']);
  });
});

describe('employment', () => {
  const noEmployer = {
    employerName: undefined,
    industryId: undefined,
    occupationId: undefined,
    employerCountryId: undefined,
    employerProvinceId: undefined,
    employerCity: undefined,
  };

  it('asks everyone the employer, whatever the employment status (spec line 132)', () => {
    for (const status of Object.values(employmentStatuses)) {
      const result = parse(validInput({ ...noEmployer, employmentStatus: status }));
      expect(codes(result)).toEqual([
        'employerName:required',
        'industryId:required',
        'occupationId:required',
        'employerCountryId:required',
        'employerCity:required',
      ]);
    }
  });

  it('keeps the business of a self-employed person', () => {
    const result = parse(validInput({ employmentStatus: employmentStatuses.SelfEmployed }));
    expect(codes(result)).toEqual([]);
    expect(result.data).toMatchObject({ employmentStatus: 7, ...employer });
  });

  it('refuses student, retired, homemaker or unemployed as the occupation of someone who works', () => {
    for (const occupationId of [9001, 9002, 9003, 9004]) {
      expect(codes(parse(validInput({ occupationId })))).toEqual([
        'occupationId:occupationNotWork',
      ]);
      expect(
        codes(
          parse(
            validInput({
              maritalStatus: maritalStatuses.Married,
              spouse: { ...spouse, employmentStatus: 7, ...employer, occupationId },
            }),
          ),
        ),
      ).toEqual(['spouse.occupationId:occupationNotWork']);
    }
  });

  it('keeps the most recent employer of a person not working', () => {
    const result = parse(validInput({ employmentStatus: employmentStatuses.Student }));
    expect(result.data).toMatchObject(employer);
  });

  it('asks the employer province in Canada and the USA only', () => {
    expect(codes(parse(validInput({ employerProvinceId: undefined })))).toEqual([
      'employerProvinceId:required',
    ]);
    expect(codes(parse(validInput({ employerProvinceId: 10 })))).toEqual([
      'employerProvinceId:invalid',
    ]);
    expect(codes(parse(validInput({ employerCountryId: 2, employerProvinceId: 35 })))).toEqual([]);
    const abroad = parse(validInput({ employerCountryId: 6666, employerProvinceId: undefined }));
    expect(codes(abroad)).toEqual([]);
    expect(abroad.data).not.toHaveProperty('employerProvinceId');
  });
});

describe('amounts and net worth', () => {
  it('derives the total net worth from fixed and liquid assets, never from the input', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_00 }),
        fc.integer({ min: 0, max: 1_000_000_000_00 }),
        (fixedCents, liquidCents) => {
          const result = parse({
            ...validInput({ netFixedAssets: fixedCents / 100, netLiquidAssets: liquidCents / 100 }),
            totalNetWorth: 1,
          });
          expect(codes(result)).toEqual([]);
          expect(result.data?.totalNetWorth).toBe((fixedCents + liquidCents) / 100);
        },
      ),
    );
    expect(addAmounts(0.1, 0.2)).toBe(0.3);
  });

  it.each([-1, 0.001, Number.NaN, Number.POSITIVE_INFINITY, '100', '1e9'])(
    'refuses %s as an amount, saying how to write one',
    (amount) => {
      expect(isAmount(amount)).toBe(false);
      expect(codes(parse(validInput({ annualIncome: amount as number })))).toEqual([
        'annualIncome:amountFormat',
      ]);
    },
  );

  it.each([1_000_000_000.01, 1e12])('refuses %s, beyond a plausible amount', (amount) => {
    expect(isAmount(amount)).toBe(false);
    expect(codes(parse(validInput({ netLiquidAssets: amount })))).toEqual([
      'netLiquidAssets:amountTooLarge',
    ]);
  });

  it('accepts zero and cents', () => {
    for (const amount of [0, 0.5, 12.34, 999_999_999.99, 1_000_000_000]) {
      expect(isAmount(amount)).toBe(true);
    }
  });
});

describe('income source', () => {
  it('may be none at all, for the person and the spouse', () => {
    const none = incomeSourceTypes.None;
    const result = parse(
      validInput({ incomeSourceType: none, spouse: { ...spouse, incomeSourceType: none } }),
    );
    expect(codes(result)).toEqual([]);
    expect(result.data).toMatchObject({ incomeSourceType: 7, spouse: { incomeSourceType: 7 } });
    expect(result.data).not.toHaveProperty('incomeSourceOther');
  });

  it('asks what the other source is, and drops it otherwise', () => {
    expect(codes(parse(validInput({ incomeSourceType: incomeSourceTypes.Other })))).toEqual([
      'incomeSourceOther:required',
    ]);
    expect(
      codes(parse(validInput({ incomeSourceType: 6, incomeSourceOther: 'x'.repeat(201) }))),
    ).toEqual(['incomeSourceOther:invalid']);
    expect(
      parse(validInput({ incomeSourceType: 6, incomeSourceOther: ' Rental income ' })).data,
    ).toMatchObject({ incomeSourceOther: 'Rental income' });
    expect(parse(validInput({ incomeSourceOther: 'Rental income' })).data).not.toHaveProperty(
      'incomeSourceOther',
    );
  });
});

describe('spouse', () => {
  const withSpouse: readonly number[] = [
    maritalStatuses.Married,
    maritalStatuses.CommonLaw,
    maritalStatuses.Separated,
  ];

  it('is required for married, common-law and separated applicants only', () => {
    for (const status of Object.values(maritalStatuses)) {
      const result = parse(validInput({ maritalStatus: status, spouse: undefined }));
      if (withSpouse.includes(status)) {
        expect(codes(result)).toEqual([
          'spouse.title:required',
          'spouse.firstName:required',
          'spouse.lastName:required',
          'spouse.birthDate:required',
          'spouse.sin:required',
          'spouse.employmentStatus:required',
          'spouse.annualIncome:required',
          'spouse.netFixedAssets:required',
          'spouse.netLiquidAssets:required',
          'spouse.incomeSourceType:required',
          'spouse.employerName:required',
          'spouse.industryId:required',
          'spouse.occupationId:required',
          'spouse.employerCountryId:required',
          'spouse.employerCity:required',
        ]);
      } else {
        expect(codes(result)).toEqual([]);
      }
    }
  });

  it('is dropped when the marital status asks none', () => {
    const result = parse(validInput({ maritalStatus: maritalStatuses.Divorced }));
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('spouse');
    // Stale answers about a former spouse are not checked either.
    expect(
      parse(validInput({ maritalStatus: maritalStatuses.Single, spouse: { ...spouse, sin: '1' } }))
        .success,
    ).toBe(true);
  });

  it('has a required, valid SIN, net assets and an employer, as the applicant (spec line 132)', () => {
    expect(codes(parse(validInput({ spouse: { ...spouse, sin: '' } })))).toEqual([
      'spouse.sin:required',
    ]);
    expect(codes(parse(validInput({ spouse: { ...spouse, sin: '130 692 545' } })))).toEqual([
      'spouse.sin:sinCheckDigit',
    ]);
    expect(parse(validInput({ spouse: { ...spouse, sin: '193-456-787' } })).data?.spouse?.sin).toBe(
      '193456787',
    );
    const withoutAssets = { ...spouse, netFixedAssets: undefined, netLiquidAssets: undefined };
    expect(codes(parse(validInput({ spouse: withoutAssets as unknown as SpouseInput })))).toEqual([
      'spouse.netFixedAssets:required',
      'spouse.netLiquidAssets:required',
    ]);
    expect(parse(validInput()).data?.spouse).toMatchObject({
      netFixedAssets: 250000,
      netLiquidAssets: 40000,
      ...employer,
    });
    expect(
      codes(
        parse(
          validInput({
            spouse: {
              ...spouse,
              employerName: '',
              industryId: undefined,
              occupationId: undefined,
              employerCountryId: undefined,
              employerCity: '',
            },
          }),
        ),
      ),
    ).toEqual([
      'spouse.employerName:required',
      'spouse.industryId:required',
      'spouse.occupationId:required',
      'spouse.employerCountryId:required',
      'spouse.employerCity:required',
    ]);
    expect(
      codes(
        parse(validInput({ spouse: { ...spouse, incomeSourceType: incomeSourceTypes.Other } })),
      ),
    ).toEqual(['spouse.incomeSourceOther:required']);
  });

  it("may leave the spouse's SIN blank on the screen when one is on file", () => {
    const blank = validInput({ spouse: { ...spouse, sin: '' } });
    expect(codes(parse(blank, { ...context, spouseSinOnFile: true }))).toEqual([]);
  });

  it('may be under 18, except for a retirement income fund', () => {
    const young = validInput({ spouse: { ...spouse, birthDate: '2009-05-02' } });
    expect(codes(parse(young))).toEqual([]);
    expect(codes(parse(young, { today, accounts: ['rrif'] }))).toEqual([
      'spouse.birthDate:spouseTooYoungForRif',
    ]);
    expect(codes(parse(young, { today, accounts: ['tfsa', 'spousalRrif'] }))).toEqual([
      'spouse.birthDate:spouseTooYoungForRif',
    ]);
    const eighteen = validInput({ spouse: { ...spouse, birthDate: '2008-05-01' } });
    expect(codes(parse(eighteen, { today, accounts: ['rrif'] }))).toEqual([]);
  });

  it('counts RRIFs and spousal RRIFs, in either currency, as retirement income funds', () => {
    const names = Object.keys(namedAccountTypes) as NamedAccountTypeName[];
    fc.assert(
      fc.property(fc.subarray(names), (accounts) => {
        const expected = accounts.some((name) =>
          ['rrif', 'spousalRrif', 'usRrif', 'usSpousalRrif'].includes(name),
        );
        return includesRetirementIncomeFund(accounts) === expected;
      }),
    );
  });
});

describe('profile messages', () => {
  it('have English and French text for every key', () => {
    expect(Object.keys(profileMessagesFr).sort()).toEqual(Object.keys(profileMessagesEn).sort());
    for (const key of Object.keys(profileMessagesEn) as (keyof typeof profileMessagesEn)[]) {
      expect(messagesEn[key]).toBe(profileMessagesEn[key]);
      expect(messagesFr[key]).toBe(profileMessagesFr[key]);
      expect(profileMessagesFr[key]).not.toBe(profileMessagesEn[key]);
    }
  });

  it('say the spec’s words in both languages', () => {
    expect(messagesEn.sinSameAsPrimary).toBe("SIN the same as primary's.");
    expect(messagesFr.sinSameAsPrimary).toBe('NAS identique à celui du demandeur principal.');
    expect(messagesEn.emailSameAsPrimary).toBe("Email same as primary's.");
    expect(messagesFr.emailSameAsPrimary).toBe(
      'Courriel identique à celui du demandeur principal.',
    );
    expect(messagesEn.spouseTooYoungForRif).toBe(
      'Your spouse must be at least 18 for a retirement income fund.',
    );
    expect(messagesFr.spouseTooYoungForRif).toContain('au moins 18 ans');
  });

  it('cover every key the profile schema emits', () => {
    const emitted = new Set<string>();
    const collect = (input: unknown, profileContext: ProfileContext = context) => {
      for (const issue of parse(input, profileContext).error?.issues ?? [])
        emitted.add(issue.message);
    };
    collect({});
    collect(
      validInput({ birthDate: '2010-01-01', confirmEmail: 'x@example.ca', citizenshipId: 0 }),
    );
    collect(validInput({ email: 'x@' }));
    for (const birthDate of ['1985-00-27', '0085-03-27', '1985-03-00', '1985-02-30']) {
      collect(validInput({ birthDate }));
    }
    collect(validInput({ occupationId: 9001 }));
    collect(
      validInput({
        phones: [
          { type: 1, number: '5145550199' },
          { type: 1, number: '5145550199' },
        ],
      }),
    );
    collect(validInput({ homeAddress: { streetName: 'RR 2', countryId: 1 } }));
    for (const sin of ['1306925', '046454286', '130692545']) collect(validInput({ sin }));
    collect(validInput({ homeAddress: { ...validInput().homeAddress, postalCode: 'T2P 1J9' } }));
    collect(validInput({ spouse: { ...spouse, birthDate: '2010-01-01' } }), {
      today,
      accounts: ['rrif'],
    });
    collect(validInput({ sin: '130692544', email: 'p@example.ca', confirmEmail: 'p@example.ca' }), {
      ...context,
      primary: { sin: '130692544', email: 'p@example.ca' },
    });
    collect(validInput({ preferredLanguage: 'en', shareholderId: '12345678' }), {
      ...context,
      joint: true,
    });
    collect(validInput({ preferredLanguage: 'en', shareholderPercent: '101' }), {
      ...context,
      joint: true,
    });
    // The server's identity check (issue 17) says these, never the schema.
    const serverOnly = new Set([
      'existingAccount',
      'identityMismatch',
      'identityMismatchJoint',
      'shareholderIdNotValidated',
      'tooManyIdentityChecks',
    ]);
    expect([...emitted].sort()).toEqual(
      [
        ...Object.keys(profileMessagesEn).filter((key) => !serverOnly.has(key)),
        'required',
        'invalid',
        'duplicated',
        'emailFormat',
        'percentRange',
      ].sort(),
    );
    for (const key of emitted) {
      expect(messagesFr[key as keyof typeof messagesFr]).toBeTruthy();
      expect(messagesEn[key as keyof typeof messagesEn]).toBeTruthy();
    }
  });
});

describe('a SIN already on file', () => {
  it('may be left blank on the screen, and must still be valid when typed again', () => {
    const schema = profileStepSchema({ today: '2026-11-22', accounts: ['tfsa'], sinOnFile: true });
    const issuesAt = (sin: string) =>
      (schema.safeParse({ sin }).error?.issues ?? [])
        .filter((issue) => issue.path.join('.') === 'sin')
        .map((issue) => issue.message);
    expect(issuesAt('')).toEqual([]);
    expect(issuesAt('123 456 789')).toEqual(['sinCheckDigit']);
    const strict = profileStepSchema({ today: '2026-11-22', accounts: ['tfsa'] });
    expect(
      (strict.safeParse({ sin: '' }).error?.issues ?? []).find((i) => i.path.join('.') === 'sin')
        ?.message,
    ).toBe('required');
  });
});
