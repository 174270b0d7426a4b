import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BENEFICIARIES } from '../constants.ts';
import { namedAccountTypes, type NamedAccountTypeName } from '../enums/account-types.ts';
import { provinces, type ProvinceCode } from '../enums/provinces.ts';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import {
  beneficiariesAllowed,
  beneficiariesStepSchema,
  beneficiaryAccounts,
  percentInUnits,
  percentageSchema,
  QUEBEC_WILL_ONLY_ACCOUNT_TYPES,
  respTypeOfAccounts,
  type BeneficiariesContext,
} from './beneficiaries.ts';

const MY_ESTATE = 1;
const MY_SPOUSE = 2;
const OTHER = 3;
const SUCCESSOR_ANNUITANT = 4;
const SPOUSE = 1;
const CHILD = 3;
const NEPHEW_NIECE = 8;
const ESTATE = 10;

let serial = 0;
const child = (percent: unknown, answers: Record<string, unknown> = {}) => ({
  firstName: 'Léa',
  lastName: `Roy ${(serial += 1)}`,
  relationship: CHILD,
  designation: OTHER,
  percent,
  ...answers,
});

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issuesOf = (result: Result) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
const rrsp: BeneficiariesContext = { accounts: ['rrsp'], provinceCode: 'ON' };
const check = (beneficiaries: unknown[], context: BeneficiariesContext = rrsp) =>
  issuesOf(beneficiariesStepSchema(context).safeParse({ beneficiaries }));

/** 1 to 4 shares in hundredths that add up to exactly 100%. */
const sharesOf100 = fc
  .array(fc.integer({ min: 0, max: 10_000 }), { maxLength: MAX_BENEFICIARIES - 1 })
  .map((cuts) => {
    const bounds = [0, ...[...cuts].sort((a, b) => a - b), 10_000];
    return bounds.slice(1).map((bound, index) => bound - (bounds[index] ?? 0));
  });

describe('beneficiary percentages', () => {
  it('pass whenever they add up to 100, in hundredths', () => {
    fc.assert(
      fc.property(sharesOf100, (shares) => {
        expect(check(shares.map((share) => child(share / 100)))).toEqual([]);
      }),
    );
  });

  it('fail when any one of them moves by a hundredth', () => {
    fc.assert(
      fc.property(
        sharesOf100.chain((shares) =>
          fc.tuple(
            fc.constant(shares),
            fc.integer({ min: 0, max: shares.length - 1 }),
            fc.constantFrom(-1, 1),
          ),
        ),
        ([shares, index, step]) => {
          const moved = shares.map((share, at) => (at === index ? share + step : share));
          const outside = (moved[index] ?? 0) < 0 || (moved[index] ?? 0) > 10_000;
          expect(check(moved.map((share) => child(share / 100)))).toEqual(
            outside
              ? [`beneficiaries.${index}.percent:percentRange`]
              : ['beneficiaries:percentTotal'],
          );
        },
      ),
    );
  });

  it('report a total other than 100 at the list', () => {
    expect(check([child(50), child(49.99)])).toEqual(['beneficiaries:percentTotal']);
    expect(check([child(60), child(60)])).toEqual(['beneficiaries:percentTotal']);
    expect(check([child(33.33), child('33,33'), child('33.34')])).toEqual([]);
  });

  it('accept 0 to 100 inclusive, with any number of decimals (spec line 144)', () => {
    expect(check([child(33.333), child(66.667)])).toEqual([]);
    expect(check([child('33,333'), child('33.333'), child(33.334)])).toEqual([]);
    expect(check([child(100.01)])).toEqual(['beneficiaries.0.percent:percentRange']);
    expect(check([child(-1), child(101)])).toEqual([
      'beneficiaries.0.percent:percentRange',
      'beneficiaries.1.percent:percentRange',
    ]);
    expect(check([child(0), child(100)])).toEqual([]);
    expect(check([child('')])).toEqual(['beneficiaries.0.percent:required']);
    expect(check([child('half')])).toEqual(['beneficiaries.0.percent:invalid']);
  });

  it('accept the percent sign people type', () => {
    expect(check([child('100%')])).toEqual([]);
    expect(check([child('60 %'), child('40\u00a0%')])).toEqual([]);
    expect(percentageSchema.parse('12,5 %')).toBe(12.5);
    expect(check([child('%')])).toEqual(['beneficiaries.0.percent:invalid']);
  });

  it('are counted in whole units, without float error', () => {
    expect(percentInUnits(33.33)).toBe(333_300_000_000);
    expect(percentInUnits(0.1 + 0.2)).toBe(percentInUnits(0.3));
    expect(percentInUnits(100.01)).toBeUndefined();
    expect(percentInUnits(Number.NaN)).toBeUndefined();
  });
});

describe('number of beneficiaries', () => {
  it(`allows 0 to ${MAX_BENEFICIARIES} and refuses more`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), (count) => {
        const list = Array.from({ length: count }, () => child(1));
        const refused = check(list).includes('beneficiaries:tooManyBeneficiaries');
        expect(refused).toBe(count > MAX_BENEFICIARIES);
      }),
    );
  });

  it('reports too many at the list', () => {
    const five = [child(20), child(20), child(20), child(20), child(20)];
    expect(check(five)).toEqual(['beneficiaries:tooManyBeneficiaries']);
    expect(beneficiariesStepSchema(rrsp).parse({})).toEqual({ beneficiaries: [] });
  });
});

describe('Quebec residents', () => {
  const names = Object.keys(namedAccountTypes) as NamedAccountTypeName[];
  const willOnly = names.filter((name) =>
    QUEBEC_WILL_ONLY_ACCOUNT_TYPES.includes(namedAccountTypes[name].typeId),
  );
  const provinceCodes = Object.keys(provinces) as ProvinceCode[];

  it('cannot name beneficiaries of a will-only plan, whoever they are', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...willOnly),
        fc.constantFrom<NamedAccountTypeName[]>([], ['cash'], ['margin']),
        sharesOf100,
        (plan, others, shares) => {
          const context = { accounts: [plan, ...others], provinceCode: 'QC' as const };
          expect(beneficiariesAllowed(context)).toBe(false);
          expect(
            check(
              shares.map((share) => child(share / 100)),
              context,
            ),
          ).toEqual(['beneficiaries:quebecBeneficiariesNotAllowed']);
        },
      ),
    );
  });

  it('are the only ones refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...willOnly),
        fc.constantFrom(...provinceCodes.filter((code) => code !== 'QC')),
        (plan, provinceCode) => {
          const context = { accounts: [plan], provinceCode };
          expect(beneficiariesAllowed(context)).toBe(true);
          expect(check([child(100)], context)).not.toContain(
            'beneficiaries:quebecBeneficiariesNotAllowed',
          );
        },
      ),
    );
  });

  it('cover RRSP, spousal RRSP, LIRA, TFSA and RRIF types, in either currency', () => {
    expect(willOnly.sort()).toEqual(
      [
        'lira',
        'liraLrsp',
        'rrif',
        'rrsp',
        'spousalRrif',
        'spousalRrsp',
        'tfsa',
        'usRrif',
        'usRrsp',
        'usSpousalRrif',
        'usSpousalRrsp',
        'usTfsa',
      ].sort(),
    );
    for (const plan of ['fhsa', 'respf', 'lif', 'rlif', 'prif', 'rlsp'] as const) {
      expect(beneficiariesAllowed({ provinceCode: 'QC', accounts: [plan] })).toBe(true);
    }
    expect(beneficiariesAllowed({ accounts: ['rrsp'] })).toBe(true);
  });

  it('may still leave the list empty', () => {
    expect(check([], { accounts: ['tfsa'], provinceCode: 'QC' })).toEqual([]);
  });
});

describe('accounts that take beneficiaries', () => {
  it('are the registered plans chosen, each once', () => {
    expect(beneficiaryAccounts(['cash', 'tfsa', 'usTfsa', 'tfsa', 'margin'])).toEqual([
      'tfsa',
      'usTfsa',
    ]);
    expect(beneficiaryAccounts(['respi', 'fhsa', 'lifLrif', 'rlsp', 'prif'])).toEqual([
      'respi',
      'fhsa',
      'lifLrif',
      'rlsp',
      'prif',
    ]);
    expect(beneficiaryAccounts(['cash', 'dap', 'usMargin'])).toEqual([]);
  });

  it('drop beneficiaries when no chosen account takes them', () => {
    expect(
      beneficiariesStepSchema({ accounts: ['cash'] }).parse({ beneficiaries: [child(100)] }),
    ).toEqual({ beneficiaries: [] });
  });
});

describe('each beneficiary', () => {
  it('needs a name, a relationship, a designation and a percentage', () => {
    expect(check([{}])).toEqual([
      'beneficiaries.0.designation:required',
      'beneficiaries.0.firstName:required',
      'beneficiaries.0.lastName:required',
      'beneficiaries.0.relationship:required',
      'beneficiaries.0.percent:required',
    ]);
  });

  it('needs an address when living elsewhere, and keeps it only then', () => {
    expect(check([child(100, { differentAddress: true })])).toContain(
      'beneficiaries.0.address.streetName:required',
    );
    const address = {
      streetNumber: '12',
      streetName: 'Rue Principale',
      city: 'Lévis',
      provinceId: 11,
      postalCode: 'G6V 1A1',
      countryId: 1,
    };
    expect(
      check([
        child(100, {
          differentAddress: true,
          address: { ...address, streetNumber: '', streetName: 'PO Box 12' },
        }),
      ]),
    ).toEqual(['beneficiaries.0.address.streetName:poBoxNotAllowed']);
    const schema = beneficiariesStepSchema(rrsp);
    expect(
      schema.parse({ beneficiaries: [child(100, { differentAddress: true, address })] })
        .beneficiaries[0],
    ).toMatchObject({ differentAddress: true, address });
    expect(
      schema.parse({ beneficiaries: [child(100, { address })] }).beneficiaries[0],
    ).not.toHaveProperty('address');
  });

  it('may be the estate, which has no name and is related as the estate', () => {
    const estate = { designation: MY_ESTATE, relationship: ESTATE, percent: 100, firstName: 'x' };
    expect(beneficiariesStepSchema(rrsp).parse({ beneficiaries: [estate] })).toEqual({
      beneficiaries: [
        { relationship: ESTATE, designation: MY_ESTATE, percent: 100, differentAddress: false },
      ],
    });
    expect(check([{ ...estate, relationship: CHILD }])).toEqual([
      'beneficiaries.0.relationship:invalid',
    ]);
    expect(check([child(100, { relationship: ESTATE })])).toEqual([
      'beneficiaries.0.relationship:invalid',
    ]);
    expect(
      check([
        { ...estate, percent: 50 },
        { ...estate, percent: 50 },
      ]),
    ).toEqual(['beneficiaries.1.designation:duplicated']);
  });

  it('is named once', () => {
    const leo = { ...child(50), lastName: 'Roy' };
    expect(check([leo, { ...leo, firstName: ' léa ' }])).toEqual([
      'beneficiaries.1.firstName:duplicated',
    ]);
  });

  it('is named once, however the apostrophe or a final period is written (the name rule)', () => {
    const daniel = { ...child(50), firstName: 'Daniel', lastName: "O'Connor Jr." };
    expect(check([daniel, { ...daniel, lastName: 'O’CONNOR JR' }])).toEqual([
      'beneficiaries.1.firstName:duplicated',
    ]);
  });

  it('designated as the spouse is the spouse', () => {
    expect(check([child(100, { designation: MY_SPOUSE })])).toEqual([
      'beneficiaries.0.relationship:invalid',
    ]);
    expect(check([child(100, { designation: MY_SPOUSE, relationship: SPOUSE })])).toEqual([]);
  });

  it('is a successor annuitant only of an income fund', () => {
    const spouse = child(100, { designation: SUCCESSOR_ANNUITANT, relationship: SPOUSE });
    expect(check([spouse])).toEqual(['beneficiaries.0.designation:invalid']);
    expect(check([spouse], { accounts: ['rrif'] })).toEqual([]);
    expect(check([spouse], { accounts: ['lif'] })).toEqual([]);
  });
});

describe('RESP beneficiaries', () => {
  const family: BeneficiariesContext = { accounts: ['respf'] };
  const single: BeneficiariesContext = { accounts: ['respi'] };

  it('need at least one student', () => {
    expect(check([], single)).toEqual(['beneficiaries:required']);
  });

  it('are one student in an individual plan', () => {
    expect(check([child(50), child(50)], single)).toEqual([
      'beneficiaries:individualRespOneBeneficiary',
    ]);
    expect(check([child(50), child(50)], { ...family, respType: 'individual' })).toEqual([
      'beneficiaries:individualRespOneBeneficiary',
    ]);
    expect(respTypeOfAccounts(['respi'])).toBe('individual');
    expect(respTypeOfAccounts(['respf', 'cash'])).toBe('family');
    expect(respTypeOfAccounts(['tfsa'])).toBeUndefined();
  });

  it('are children, grandchildren, brothers or sisters in a family plan', () => {
    expect(check([child(50), child(50, { relationship: NEPHEW_NIECE })], family)).toEqual([
      'beneficiaries.1.relationship:familyRespRelationship',
    ]);
    expect(check([child(100, { relationship: NEPHEW_NIECE })], single)).toEqual([]);
  });

  it('keep a caregiver address and no designation; other plans drop the caregiver address', () => {
    const caregiverAddress = {
      streetNumber: '5',
      streetName: 'Main Street',
      city: 'Moncton',
      provinceId: 9,
      postalCode: 'E1C 1B1',
      countryId: 1,
    };
    const student = child(100, { caregiverAddress });
    const [resp] = beneficiariesStepSchema(single).parse({
      beneficiaries: [student],
    }).beneficiaries;
    expect(resp).toMatchObject({ caregiverAddress });
    expect(resp).not.toHaveProperty('designation');
    const [tfsa] = beneficiariesStepSchema({ accounts: ['tfsa'] }).parse({
      beneficiaries: [student],
    }).beneficiaries;
    expect(tfsa).not.toHaveProperty('caregiverAddress');
  });

  it('can be named by Quebec residents', () => {
    expect(check([child(100)], { ...family, provinceCode: 'QC' })).toEqual([]);
  });
});

describe('beneficiary messages', () => {
  it('exist in English and French, as the spec words them', () => {
    const keys = [
      'percentTotal',
      'percentRange',
      'tooManyBeneficiaries',
      'quebecBeneficiariesNotAllowed',
      'individualRespOneBeneficiary',
      'familyRespRelationship',
    ] as const;
    for (const key of keys) {
      expect(messagesEn[key]).toBeTruthy();
      expect(messagesFr[key]).toBeTruthy();
    }
    expect(messagesEn.percentTotal).toBe('Percent fields must add up to 100%');
    expect(messagesFr.percentTotal).toBe('La somme des pourcentages doit être égale à 100 %');
    expect(messagesEn.tooManyBeneficiaries).toBe('You can name at most 4 beneficiaries.');
    expect(messagesFr.tooManyBeneficiaries).toBe('Vous pouvez désigner au plus 4 bénéficiaires.');
    expect(messagesFr.quebecBeneficiariesNotAllowed).toContain('testament');
  });
});
