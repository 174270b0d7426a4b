import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import {
  affiliationsSchema,
  MAX_TAX_RESIDENCES,
  needsPepForm,
  pepFormDueDate,
  personAffiliationsSchema,
  type PersonAffiliations,
  withTrustedContactDeclines,
} from './affiliations.ts';

const CANADA = 1;
const USA = 2;
const FRANCE = 75;

const nobody = {
  isPep: false,
  isInsider: false,
  isDirector: false,
  isDealerEmployee: false,
  taxResidences: [{ countryId: CANADA, tin: '046 454 286' }],
  isUsPerson: false,
  wantsTrustedContact: false,
};

const trustedContact = {
  firstName: 'Marie',
  lastName: 'Gagnon',
  relationship: 4,
  email: 'marie@example.ca',
  phone: '514-555-0199',
};

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issuesOf = (result: Result) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
const person = (answers: Record<string, unknown>) =>
  personAffiliationsSchema.safeParse({ ...nobody, ...answers });

describe('affiliations of one applicant', () => {
  it('accepts a person with no affiliation who is a tax resident of Canada only', () => {
    expect(person({})).toEqual({
      success: true,
      data: { ...nobody, taxResidences: [{ countryId: CANADA, tin: '046454286' }] },
    });
  });

  it('asks every question when nothing is answered', () => {
    expect(issuesOf(personAffiliationsSchema.safeParse(undefined))).toEqual([
      'isPep:required',
      'isInsider:required',
      'isDirector:required',
      'isDealerEmployee:required',
      'isUsPerson:required',
      'wantsTrustedContact:required',
      'taxResidences:required',
    ]);
  });

  it('asks the name, position and country of a politically exposed person', () => {
    expect(issuesOf(person({ isPep: true }))).toEqual([
      'pepName:required',
      'pepPosition:required',
      'pepCountryId:required',
    ]);
    expect(
      person({ isPep: true, pepName: 'Jean Roy', pepPosition: 'Senator', pepCountryId: 0 }).error
        ?.issues[0],
    ).toMatchObject({ path: ['pepCountryId'], message: 'invalid' });
    const pep = person({
      isPep: true,
      pepName: ' Jean Roy ',
      pepPosition: 'Senator',
      pepCountryId: 1,
    });
    expect(pep.data).toMatchObject({
      pepName: 'Jean Roy',
      pepPosition: 'Senator',
      pepCountryId: 1,
    });
  });

  it('asks an insider the company and its symbol, kept in capitals', () => {
    expect(issuesOf(person({ isInsider: true }))).toEqual([
      'insiderCompanyName:required',
      'insiderSymbol:required',
    ]);
    expect(
      issuesOf(person({ isInsider: true, insiderCompanyName: 'X', insiderSymbol: 'R Y' })),
    ).toEqual(['insiderSymbol:invalid']);
    expect(
      person({ isInsider: true, insiderCompanyName: 'Royal Bank', insiderSymbol: 'ry' }).data,
    ).toMatchObject({ insiderCompanyName: 'Royal Bank', insiderSymbol: 'RY' });
  });

  it('asks a director the company and a dealer employee the dealer', () => {
    expect(issuesOf(person({ isDirector: true, isDealerEmployee: true }))).toEqual([
      'directorCompanyName:required',
      'dealerName:required',
    ]);
  });

  it('drops the follow-up answers of questions answered no', () => {
    const result = person({
      pepName: 'x',
      insiderSymbol: '???',
      dealerName: 'y',
      usTin: 'bad',
      trustedContact: { firstName: '' },
    });
    expect(result.success).toBe(true);
    expect(Object.keys(result.data as PersonAffiliations)).toEqual(Object.keys(nobody));
  });
});

describe('tax residencies', () => {
  const residences = (taxResidences: unknown[]) => issuesOf(person({ taxResidences }));

  it('need at least one, and at most MAX_TAX_RESIDENCES', () => {
    expect(residences([])).toEqual(['taxResidences:required']);
    const many = Array.from({ length: MAX_TAX_RESIDENCES + 1 }, (_, index) => ({
      countryId: 100 + index,
      tin: 'A1',
    }));
    expect(residences(many)).toEqual(['taxResidences:invalid']);
  });

  it('flag a country named twice as duplicated on the later one', () => {
    expect(
      residences([
        { countryId: CANADA, tin: '046454286' },
        { countryId: FRANCE, tin: '1234567890123' },
        { countryId: CANADA, tin: '046454286' },
      ]),
    ).toEqual(['taxResidences.2.countryId:duplicated']);
  });

  it('flag every repeated country on its later index, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(CANADA, 3, 4, FRANCE, 99), { minLength: 1, maxLength: 5 }),
        (countryIds) => {
          const flagged = residences(
            countryIds.map((countryId) => ({ countryId, tin: '123456789' })),
          );
          const expected = countryIds.flatMap((countryId, index) =>
            countryIds.indexOf(countryId) < index
              ? [`taxResidences.${index}.countryId:duplicated`]
              : [],
          );
          expect(flagged).toEqual(expected);
        },
      ),
    );
  });

  it('need a TIN unless a reason is given, and an explanation for "other reason"', () => {
    expect(residences([{ countryId: FRANCE }])).toEqual(['taxResidences.0.tin:required']);
    expect(residences([{ countryId: FRANCE, noTinReason: 2 }])).toEqual([]);
    expect(residences([{ countryId: FRANCE, noTinReason: 3 }])).toEqual([
      'taxResidences.0.noTinExplanation:required',
    ]);
    expect(residences([{ countryId: FRANCE, noTinReason: 9 }])).toEqual([
      'taxResidences.0.noTinReason:invalid',
    ]);
  });

  it('do not accept "no TINs issued" for Canada or the United States', () => {
    expect(residences([{ countryId: CANADA, noTinReason: 2 }])).toEqual([
      'taxResidences.0.noTinReason:invalid',
    ]);
    expect(residences([{ countryId: CANADA, noTinReason: 1 }])).toEqual([]);
  });

  it("take Canada's TIN as the 9-digit SIN and others loosely", () => {
    expect(residences([{ countryId: CANADA, tin: '04645428' }])).toEqual([
      'taxResidences.0.tin:canadaTinFormat',
    ]);
    expect(residences([{ countryId: CANADA, tin: 'AB1234567' }])).toEqual([
      'taxResidences.0.tin:canadaTinFormat',
    ]);
    expect(residences([{ countryId: FRANCE, tin: '12 345 678 901 23' }])).toEqual([]);
    expect(residences([{ countryId: FRANCE, tin: '#1' }])).toEqual(['taxResidences.0.tin:invalid']);
    expect(residences([{ countryId: FRANCE, tin: 'A'.repeat(21) }])).toEqual([
      'taxResidences.0.tin:invalid',
    ]);
    const parsed = person({
      taxResidences: [{ countryId: FRANCE, tin: 'ab-12.34', noTinReason: 3 }],
    });
    expect(parsed.data?.taxResidences).toEqual([{ countryId: FRANCE, tin: 'AB1234' }]);
  });

  it('make a tax resident of the United States a U.S. person', () => {
    expect(issuesOf(person({ taxResidences: [{ countryId: USA, tin: '123-45-6789' }] }))).toEqual([
      'isUsPerson:usResidentIsUsPerson',
    ]);
    expect(
      person({
        taxResidences: [{ countryId: USA, tin: '123-45-6789' }],
        isUsPerson: true,
        usTin: '123456789',
      }).success,
    ).toBe(true);
  });
});

describe('U.S. persons', () => {
  it('need a 9-digit TIN written as an SSN, ITIN or EIN', () => {
    expect(issuesOf(person({ isUsPerson: true }))).toEqual(['usTin:required']);
    for (const tin of ['123-45-6789', '912-70-1234', '12-3456789', '123456789']) {
      expect(person({ isUsPerson: true, usTin: tin }).data?.usTin).toBe(tin.replace(/-/g, ''));
    }
    for (const tin of ['12345678', '1234-56-789', '123 45 6789', 'ABCDEFGHI']) {
      expect(issuesOf(person({ isUsPerson: true, usTin: tin }))).toEqual(['usTin:usTinFormat']);
    }
  });

  it('accept any 9 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (tin) => {
        expect(person({ isUsPerson: true, usTin: tin }).success).toBe(true);
      }),
    );
  });
});

describe('trusted contact person', () => {
  it('is asked in full when the person wants one', () => {
    expect(issuesOf(person({ wantsTrustedContact: true }))).toEqual(['trustedContact:required']);
    expect(issuesOf(person({ wantsTrustedContact: true, trustedContact: {} }))).toEqual([
      'trustedContact.firstName:required',
      'trustedContact.lastName:required',
      'trustedContact.relationship:required',
      'trustedContact.email:required',
      'trustedContact.phone:required',
    ]);
  });

  it('needs a valid email and phone, and a relationship to a person', () => {
    expect(
      issuesOf(
        person({
          wantsTrustedContact: true,
          trustedContact: {
            ...trustedContact,
            email: 'marie@',
            phone: '555-0199',
            relationship: 10,
          },
        }),
      ),
    ).toEqual([
      'trustedContact.relationship:invalid',
      'trustedContact.email:emailFormat',
      'trustedContact.phone:invalid',
    ]);
    expect(
      person({
        wantsTrustedContact: true,
        trustedContact: {
          ...trustedContact,
          email: ' Marie@Example.CA ',
          phone: '+33 1 23 45 67 89',
        },
      }).data?.trustedContact,
    ).toEqual({ ...trustedContact, email: 'marie@example.ca', phone: '+33 1 23 45 67 89' });
  });
});

describe('affiliations of the applicants', () => {
  it('ask the joint applicant too in a joint application', () => {
    const joint = affiliationsSchema({ joint: true });
    expect(issuesOf(joint.safeParse({ primary: nobody }))).toContain('joint.isPep:required');
    expect(joint.safeParse({ primary: nobody, joint: nobody }).success).toBe(true);
  });

  it('drop the joint answers of an individual application', () => {
    const result = affiliationsSchema({ joint: false }).safeParse({ primary: nobody, joint: 'x' });
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('joint');
  });

  it('call for the PEP/HIO form when an applicant is politically exposed', () => {
    const primary = person({}).data as PersonAffiliations;
    expect(needsPepForm({ primary })).toBe(false);
    expect(needsPepForm({ primary, joint: { ...primary, isPep: true } })).toBe(true);
  });

  it('give the PEP/HIO form 21 days from submission', () => {
    expect(pepFormDueDate('2025-01-15')).toBe('2025-02-05');
    expect(pepFormDueDate('2025-12-20')).toBe('2026-01-10');
    expect(pepFormDueDate('2024-02-08')).toBe('2024-02-29');
    expect(() => pepFormDueDate('15/01/2025')).toThrow(RangeError);
  });
});

describe('affiliation messages', () => {
  it('exist in English and French', () => {
    for (const key of ['canadaTinFormat', 'usTinFormat', 'usResidentIsUsPerson'] as const) {
      expect(messagesEn[key]).toBeTruthy();
      expect(messagesFr[key]).toBeTruthy();
      expect(messagesFr[key]).not.toBe(messagesEn[key]);
    }
    expect(messagesFr.duplicated).toBe('Copie.');
    expect(messagesFr.canadaTinFormat).toBe(
      "Pour le Canada, entrez votre numéro d'assurance sociale à 9 chiffres.",
    );
  });
});

describe('a declined trusted contact', () => {
  const now = new Date('2026-11-23T15:00:00.000Z');
  const declining = { data: { ...nobody, taxResidences: [] } as PersonAffiliations };

  it('is recorded as declined with the time, kept from the first decline', () => {
    const first = withTrustedContactDeclines({ primary: declining.data }, undefined, now);
    expect(first.primary.trustedContactDeclinedAt).toBe('2026-11-23T15:00:00.000Z');
    const later = withTrustedContactDeclines(
      { primary: declining.data },
      first,
      new Date('2026-11-24T09:00:00.000Z'),
    );
    expect(later.primary.trustedContactDeclinedAt).toBe('2026-11-23T15:00:00.000Z');
  });

  it('is not recorded for a person who names one', () => {
    const named = {
      ...declining.data,
      wantsTrustedContact: true,
      trustedContact,
    } as PersonAffiliations;
    expect(
      withTrustedContactDeclines({ primary: named }, undefined, now).primary,
    ).not.toHaveProperty('trustedContactDeclinedAt');
  });
});
