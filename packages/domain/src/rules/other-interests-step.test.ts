import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete } from './other-interests.fixtures.ts';
import {
  otherInterestsContextOf,
  otherInterestsSavedStepSchema,
  provinceCodeOf,
} from './other-interests-step.ts';

const TODAY = '2025-06-01';
const child = (percent: number | string, name = 'Léa') => ({
  firstName: name,
  lastName: 'Roy',
  relationship: 3,
  designation: 3,
  percent,
});

type Result = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issuesOf = (result: Result) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('step otherinterests with the beneficiaries of the plans chosen', () => {
  const withTfsa = otherInterestsSavedStepSchema({
    accounts: ['tfsa', 'margin'],
    joint: false,
    today: TODAY,
    provinceCode: 'ON',
  });

  it('saves the beneficiaries of a registered plan beside the background', () => {
    const parsed = withTfsa.parse({ ...complete, beneficiaries: [child('60'), child(40, 'Éloi')] });
    expect(parsed.beneficiaries?.map((beneficiary) => beneficiary.percent)).toEqual([60, 40]);
    expect(parsed.businessRelationshipPurpose).toBe(complete.businessRelationshipPurpose);
  });

  it('reports the problems of both parts at once, each at its field', () => {
    const result = withTfsa.safeParse({
      ...complete,
      documentDelivery: undefined,
      beneficiaries: [child(50)],
    });
    expect(issuesOf(result)).toEqual(['documentDelivery:required', 'beneficiaries:percentTotal']);
  });

  it('drops beneficiaries when no chosen plan takes them', () => {
    const cashOnly = otherInterestsSavedStepSchema({ accounts: ['cash'], joint: false });
    const parsed = cashOnly.parse({ ...complete, intendedUse: { cash: 1 }, beneficiaries: [{}] });
    expect(parsed).not.toHaveProperty('beneficiaries');
  });

  it('tells a Quebec resident that a TFSA beneficiary is designated in a will', () => {
    const quebec = otherInterestsSavedStepSchema({
      accounts: ['tfsa', 'margin'],
      joint: false,
      provinceCode: 'QC',
    });
    expect(issuesOf(quebec.safeParse({ ...complete, beneficiaries: [child(100)] }))).toEqual([
      'beneficiaries:quebecBeneficiariesNotAllowed',
    ]);
    expect(quebec.parse({ ...complete, beneficiaries: [] }).beneficiaries).toEqual([]);
  });

  it('accepts any split in whole percents that adds up to 100, and refuses any other', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 4 }),
        (shares) => {
          const beneficiaries = shares.map((share, index) => child(share, `Enfant ${index}`));
          const issues = issuesOf(withTfsa.safeParse({ ...complete, beneficiaries }));
          const total = shares.reduce((sum, share) => sum + share, 0);
          expect(issues).toEqual(total === 100 ? [] : ['beneficiaries:percentTotal']);
        },
      ),
    );
  });
});

describe('what the otherinterests rules depend on', () => {
  it('comes from the accounts chosen, the ownership and the home province', () => {
    const saved = {
      ownership: { ownershipTypeId: 2 },
      doyouknow: { knowsAccount: true },
      allaccounts: { accounts: ['tfsa'] },
      profile: { homeAddress: { provinceId: 11 } },
    };
    expect(otherInterestsContextOf(saved, TODAY)).toEqual({
      accounts: ['tfsa'],
      joint: true,
      optionsTrading: false,
      today: TODAY,
      provinceCode: 'QC',
      hasSpouse: false,
    });
    expect(otherInterestsContextOf({}, TODAY)).toEqual({
      accounts: [],
      joint: false,
      optionsTrading: false,
      today: TODAY,
      hasSpouse: false,
    });
    expect(otherInterestsContextOf({ profile: { maritalStatus: 3 } }, TODAY).hasSpouse).toBe(true);
  });

  it('knows options trading was chosen only while the options step applies', () => {
    const margin = {
      ownership: { ownershipTypeId: 1 },
      doyouknow: { knowsAccount: true },
      allaccounts: { accounts: ['margin'] },
      options: { optionsTrading: true, strategies: [1], shortSelling: false },
    };
    expect(otherInterestsContextOf(margin, TODAY).optionsTrading).toBe(true);
    const noLongerMargin = { ...margin, allaccounts: { accounts: ['tfsa'] } };
    expect(otherInterestsContextOf(noLongerMargin, TODAY).optionsTrading).toBe(false);
  });

  it('names each Canadian province id and nothing else', () => {
    expect(provinceCodeOf(5)).toBe('ON');
    expect(provinceCodeOf(10)).toBeUndefined();
    expect(provinceCodeOf('5')).toBeUndefined();
  });
});
