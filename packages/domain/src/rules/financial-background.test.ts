import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NamedAccountTypeName } from '../enums/account-types.ts';
import { investmentExperienceFlags } from '../enums/investment.ts';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import {
  investmentExperienceSchema,
  knowledgeWarning,
  MAX_THIRD_PARTIES,
  otherInterestsStepSchema,
  thirdPartyQuestionSchema,
  type OtherInterestsContext,
} from './financial-background.ts';
import { applicant, attorney, company, complete } from './other-interests.fixtures.ts';

const TODAY = '2025-06-01';
const individual: OtherInterestsContext = {
  accounts: ['tfsa', 'margin'],
  joint: false,
  today: TODAY,
};
const joint: OtherInterestsContext = { ...individual, joint: true };

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issuesOf = (result: Result) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
const parse = (answers: Record<string, unknown>, context = individual) =>
  otherInterestsStepSchema(context).safeParse({ ...complete, ...answers });

describe('financial background step (otherinterests)', () => {
  it('accepts a complete background and answers it clean', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      ...complete,
      tradingAuthority: { answer: false, thirdParties: [] },
      guarantee: { answer: false, thirdParties: [] },
      affiliations: { primary: { ...applicant } },
    });
  });

  it('reports every missing answer at its field, as message keys', () => {
    expect(issuesOf(otherInterestsStepSchema(individual).safeParse({}))).toEqual([
      'businessRelationshipPurpose:required',
      'tradingAuthority.answer:required',
      'guarantee.answer:required',
      'powerOfAttorney.answer:required',
      'securityholderInformation:required',
      'documentDelivery:required',
      'correspondenceLanguage:required',
      'securityholderExplanationAcknowledged:acknowledgementRequired',
      'disclosureAcknowledged:acknowledgementRequired',
      'referralSource:required',
      'isEmployeeOrAdvisor:required',
      'affiliations.primary.isPep:required',
      'affiliations.primary.isInsider:required',
      'affiliations.primary.isDirector:required',
      'affiliations.primary.isDealerEmployee:required',
      'affiliations.primary.isUsPerson:required',
      'affiliations.primary.wantsTrustedContact:required',
      'affiliations.primary.taxResidences:required',
      'intendedUse.tfsa:required',
      'intendedUse.margin:required',
      'investmentExperience.primary:required',
      'investmentKnowledge.primary:required',
      'riskTolerance.primary:required',
      'investmentTimeHorizon.primary:required',
    ]);
  });

  it('refuses an answer that is not one of the codes', () => {
    expect(
      issuesOf(
        parse({
          businessRelationshipPurpose: 3,
          documentDelivery: 'fax',
          correspondenceLanguage: 3,
        }),
      ),
    ).toEqual([
      'businessRelationshipPurpose:invalid',
      'documentDelivery:invalid',
      'correspondenceLanguage:invalid',
    ]);
    expect(issuesOf(otherInterestsStepSchema(individual).safeParse('yes'))).toEqual([':invalid']);
  });

  it('asks the purpose when it is Other, and drops it otherwise', () => {
    expect(issuesOf(parse({ businessRelationshipPurpose: 2 }))).toEqual(['purposeOther:required']);
    expect(
      parse({ businessRelationshipPurpose: 2, purposeOther: ' Estate planning ' }).data,
    ).toMatchObject({ purposeOther: 'Estate planning' });
    expect(parse({ purposeOther: 'ignored' }).data).not.toHaveProperty('purposeOther');
  });

  it('needs the intended use of each chosen account, and only of those', () => {
    expect(issuesOf(parse({ intendedUse: { tfsa: 1 } }))).toEqual(['intendedUse.margin:required']);
    expect(issuesOf(parse({ intendedUse: { tfsa: 1, margin: 99 } }))).toEqual([
      'intendedUse.margin:invalid',
    ]);
    expect(parse({ intendedUse: { tfsa: 1, margin: 7, rrsp: 4 } }).data?.intendedUse).toEqual({
      tfsa: 1,
      margin: 7,
    });
    const accounts: NamedAccountTypeName[] = ['rrsp', 'usRrsp'];
    expect(issuesOf(parse({ intendedUse: { rrsp: 4 } }, { ...individual, accounts }))).toEqual([
      'intendedUse.usRrsp:required',
    ]);
  });

  it('asks the joint applicant experience and knowledge only in a joint application', () => {
    expect(issuesOf(parse({}, joint))).toEqual([
      'affiliations.joint.isPep:required',
      'affiliations.joint.isInsider:required',
      'affiliations.joint.isDirector:required',
      'affiliations.joint.isDealerEmployee:required',
      'affiliations.joint.isUsPerson:required',
      'affiliations.joint.wantsTrustedContact:required',
      'affiliations.joint.taxResidences:required',
      'investmentExperience.joint:required',
      'investmentKnowledge.joint:required',
      'riskTolerance.joint:required',
      'investmentTimeHorizon.joint:required',
    ]);
    const both = {
      investmentExperience: { primary: 1, joint: 32 },
      investmentKnowledge: { primary: 4, joint: 3 },
      riskTolerance: { primary: 3, joint: 1 },
      investmentTimeHorizon: { primary: 4, joint: 2 },
      affiliations: { primary: applicant, joint: applicant },
    };
    expect(parse(both, joint).success).toBe(true);
    expect(parse(both).data).toMatchObject({
      investmentExperience: { primary: 1 },
      investmentKnowledge: { primary: 4 },
    });
    expect(parse(both).data?.investmentExperience).not.toHaveProperty('joint');
  });

  it('asks each applicant’s risk tolerance and time horizon, among their codes', () => {
    expect(
      issuesOf(parse({ riskTolerance: { primary: 4 }, investmentTimeHorizon: { primary: 0 } })),
    ).toEqual(['riskTolerance.primary:invalid', 'investmentTimeHorizon.primary:invalid']);
    expect(
      parse({ riskTolerance: { primary: 3 }, investmentTimeHorizon: { primary: 1 } }).data,
    ).toMatchObject({ riskTolerance: { primary: 3 }, investmentTimeHorizon: { primary: 1 } });
  });

  it('needs both acknowledgements ticked', () => {
    expect(
      issuesOf(
        parse({ securityholderExplanationAcknowledged: false, disclosureAcknowledged: 'yes' }),
      ),
    ).toEqual([
      'securityholderExplanationAcknowledged:acknowledgementRequired',
      'disclosureAcknowledged:acknowledgementRequired',
    ]);
  });

  it('needs who referred the person when it was an advisor or a representative', () => {
    for (const referralSource of [14, 3]) {
      expect(issuesOf(parse({ referralSource }))).toEqual([
        'referralInstitution:required',
        'referralBranch:required',
        'referralRepresentativeName:required',
      ]);
    }
    const referred = {
      referralSource: 14,
      referralInstitution: 'Banque Laurentienne',
      referralBranch: 'Centre-ville',
      referralRepresentativeName: 'Sophie Lavoie',
      referralOther: 'dropped',
    };
    expect(parse(referred).data).toMatchObject({ referralRepresentativeName: 'Sophie Lavoie' });
    expect(parse(referred).data).not.toHaveProperty('referralOther');
  });

  it('needs the source in words when it is Other, and nothing more for the others', () => {
    expect(issuesOf(parse({ referralSource: 13 }))).toEqual(['referralOther:required']);
    expect(parse({ referralSource: 13, referralOther: 'A podcast' }).data).toMatchObject({
      referralOther: 'A podcast',
    });
    expect(parse({ referralSource: 17 }).success).toBe(true);
    expect(parse({ referralSource: 5, referralInstitution: 'x' }).data).not.toHaveProperty(
      'referralInstitution',
    );
  });

  it('needs a valid work email from an employee or partner-program member', () => {
    expect(issuesOf(parse({ isEmployeeOrAdvisor: true }))).toEqual(['workEmail:required']);
    expect(issuesOf(parse({ isEmployeeOrAdvisor: true, workEmail: 'jo@' }))).toEqual([
      'workEmail:emailFormat',
    ]);
    expect(parse({ isEmployeeOrAdvisor: true, workEmail: ' Jo@Partner.CA ' }).data?.workEmail).toBe(
      'jo@partner.ca',
    );
    expect(parse({ workEmail: 'not checked' }).data).not.toHaveProperty('workEmail');
  });

  it('carries the affiliation problems under affiliations', () => {
    const affiliations = { primary: { ...applicant, isPep: true } };
    expect(issuesOf(parse({ affiliations }))).toEqual([
      'affiliations.primary.pepName:required',
      'affiliations.primary.pepPosition:required',
      'affiliations.primary.pepCountryId:required',
    ]);
  });
});

describe('investment experience flags', () => {
  const products = [
    investmentExperienceFlags.Stocks,
    investmentExperienceFlags.Bonds,
    investmentExperienceFlags.MutualFunds,
    investmentExperienceFlags.Etfs,
    investmentExperienceFlags.Gics,
    investmentExperienceFlags.Options,
  ];
  const combine = (flags: readonly number[]) => flags.reduce((value, flag) => value | flag, 0);
  const problem = (value: unknown) =>
    investmentExperienceSchema.safeParse(value).error?.issues[0]?.message;

  it('accepts None alone and any products without None', () => {
    expect(problem(investmentExperienceFlags.None)).toBeUndefined();
    fc.assert(
      fc.property(fc.subarray(products, { minLength: 1 }), (flags) => {
        expect(problem(combine(flags))).toBeUndefined();
      }),
    );
  });

  it('refuses None with any other flag', () => {
    fc.assert(
      fc.property(fc.subarray(products, { minLength: 1 }), (flags) => {
        expect(problem(combine(flags) | investmentExperienceFlags.None)).toBe('invalid');
      }),
    );
  });

  it('refuses flags that do not exist', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 20 }), (value) => {
        fc.pre((value & ~(1 | 2 | 4 | 8 | 32 | 64 | 128)) !== 0);
        expect(problem(value)).toBe('invalid');
      }),
    );
  });

  it('needs at least one flag', () => {
    expect(problem(0)).toBe('required');
    expect(problem(undefined)).toBe('required');
    expect(problem(1.5)).toBe('invalid');
    expect(problem('5')).toBe('invalid');
  });
});

describe('third parties (trading authority, guarantee, power of attorney)', () => {
  const question = thirdPartyQuestionSchema({ today: TODAY });
  const named = (thirdParties: unknown[]) =>
    issuesOf(question.safeParse({ answer: true, thirdParties }));

  it('name at least one third party when the answer is yes, at most MAX_THIRD_PARTIES', () => {
    expect(named([])).toEqual(['thirdParties:required']);
    const many = Array.from({ length: MAX_THIRD_PARTIES + 1 }, (_, index) => ({
      ...company,
      name: `Company ${index}`,
    }));
    expect(named(many)).toEqual(['thirdParties:invalid']);
  });

  it('drop the list when the answer is no', () => {
    expect(question.parse({ answer: false, thirdParties: [{}] })).toEqual({
      answer: false,
      thirdParties: [],
    });
  });

  it("ask a person's name, address, phone, occupation and birth date; the SIN is optional", () => {
    expect(named([{ kind: 'person' }])).toEqual([
      'thirdParties.0.name:required',
      'thirdParties.0.address.streetNumber:required',
      'thirdParties.0.address.streetName:required',
      'thirdParties.0.address.city:required',
      'thirdParties.0.address.provinceId:required',
      'thirdParties.0.address.postalCode:required',
      'thirdParties.0.address.countryId:required',
      'thirdParties.0.phone:required',
      'thirdParties.0.occupation:required',
      'thirdParties.0.birthDate:required',
    ]);
    expect(named([{ ...attorney, sin: '046-454-286' }])).toEqual([]);
    expect(
      question.parse({ answer: true, thirdParties: [{ ...attorney, sin: '046 454 286' }] }),
    ).toMatchObject({ thirdParties: [{ sin: '046454286' }] });
    expect(named([{ ...attorney, sin: '12345' }])).toEqual(['thirdParties.0.sin:invalid']);
  });

  it('need a real birth date in the past, of an adult', () => {
    expect(named([{ ...attorney, birthDate: '1970-02-30' }])).toEqual([
      'thirdParties.0.birthDate:dateNotReal',
    ]);
    expect(named([{ ...attorney, birthDate: '2030-01-01' }])).toEqual([
      'thirdParties.0.birthDate:invalid',
    ]);
    expect(named([{ ...attorney, birthDate: '2007-06-02' }])).toEqual([
      'thirdParties.0.birthDate:thirdPartyTooYoung',
    ]);
    expect(named([{ ...attorney, birthDate: '2007-06-01' }])).toEqual([]);
  });

  it("ask a company's incorporation number and place, not a person's details", () => {
    expect(named([{ ...company, incorporationNumber: '', incorporationPlace: undefined }])).toEqual(
      ['thirdParties.0.incorporationNumber:required', 'thirdParties.0.incorporationPlace:required'],
    );
    const parsed = question.parse({
      answer: true,
      thirdParties: [{ ...company, occupation: 'x', birthDate: 'x', sin: 'x' }],
    });
    expect(parsed.thirdParties).toEqual([company]);
  });

  it('ask whether the third party is a person or a company first', () => {
    expect(named([{ ...attorney, kind: undefined }])).toEqual(['thirdParties.0.kind:required']);
  });

  it("check a third party's address with the address rules, a PO box allowed", () => {
    expect(
      named([{ ...attorney, address: { ...attorney.address, postalCode: 'K1A 0B1' } }]),
    ).toEqual(['thirdParties.0.address.postalCode:postalCodeProvince']);
    expect(named([{ ...attorney, address: { city: 'Montréal' } }])).toContain(
      'thirdParties.0.address.streetNumber:incompleteAddress',
    );
  });

  it('flag the same trading authority twice as duplicated on the later one', () => {
    const twin = { ...attorney, name: '  luc   TREMBLAY ' };
    expect(named([attorney, company, twin])).toEqual(['thirdParties.2.name:duplicated']);
    expect(named([attorney, { ...twin, birthDate: '1971-03-31' }])).toEqual([]);
    expect(
      issuesOf(parse({ tradingAuthority: { answer: true, thirdParties: [attorney, attorney] } })),
    ).toEqual(['tradingAuthority.thirdParties.1.name:duplicated']);
  });

  it('flag every repeated third party on its later index, wherever it is', () => {
    const people = [
      { name: 'Ann Roy', birthDate: '1960-01-01' },
      { name: 'Ann Roy', birthDate: '1961-01-01' },
      { name: 'Bo Li', birthDate: '1960-01-01' },
    ];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: people.length - 1 }), { minLength: 1, maxLength: 5 }),
        (picks) => {
          const thirdParties = picks.map((pick) => ({ ...attorney, ...people[pick] }));
          const expected = picks.flatMap((pick, index) =>
            picks.indexOf(pick) < index ? [`thirdParties.${index}.name:duplicated`] : [],
          );
          expect(named(thirdParties)).toEqual(expected);
        },
      ),
    );
  });
});

describe('financial background messages', () => {
  it('exist in English and French', () => {
    for (const key of ['acknowledgementRequired', 'thirdPartyTooYoung', 'emailFormat'] as const) {
      expect(messagesEn[key]).toBeTruthy();
      expect(messagesFr[key]).toBeTruthy();
    }
    expect(messagesEn.acknowledgementRequired).toBe('You must confirm you have read this.');
    expect(messagesFr.acknowledgementRequired).toBe(
      'Vous devez confirmer que vous avez lu ce texte.',
    );
    expect(messagesFr.thirdPartyTooYoung).toBe('Cette personne doit avoir au moins 18 ans.');
  });
});

describe('the warning when knowledge is limited and options or speculation are chosen', () => {
  const tfsaOnly: OtherInterestsContext = { ...individual, accounts: ['tfsa'] };
  const limited = { investmentKnowledge: { primary: 2 }, knowledgeWarningAcknowledged: undefined };

  it('asks the applicant to acknowledge it, without refusing the choice', () => {
    expect(issuesOf(parse({ ...limited, intendedUse: { tfsa: 1, margin: 7 } }))).toEqual([
      'knowledgeWarningAcknowledged:acknowledgementRequired',
    ]);
    expect(issuesOf(parse(limited, { ...tfsaOnly, optionsTrading: true }))).toEqual([
      'knowledgeWarningAcknowledged:acknowledgementRequired',
    ]);
    const acknowledged = parse({
      ...limited,
      intendedUse: { tfsa: 1, margin: 7 },
      knowledgeWarningAcknowledged: true,
    });
    expect(acknowledged.data).toMatchObject({
      intendedUse: { margin: 7 },
      knowledgeWarningAcknowledged: true,
    });
  });

  it('applies to no knowledge too, and to the joint applicant’s knowledge', () => {
    expect(
      knowledgeWarning(
        { investmentKnowledge: { primary: 1 } },
        { joint: false, optionsTrading: true },
      ),
    ).toEqual({
      applicants: ['primary'],
      options: true,
      speculation: false,
    });
    expect(
      knowledgeWarning(
        { investmentKnowledge: { primary: 4, joint: 2 }, intendedUse: { margin: 7 } },
        { joint: true },
      ),
    ).toEqual({ applicants: ['joint'], options: false, speculation: true });
  });

  it('does not apply to average knowledge, or without options or speculation, and is then dropped', () => {
    expect(
      knowledgeWarning(
        { investmentKnowledge: { primary: 3 } },
        { joint: false, optionsTrading: true },
      ),
    ).toBeUndefined();
    expect(
      knowledgeWarning(
        { investmentKnowledge: { primary: 2 }, intendedUse: { tfsa: 1 } },
        { joint: false, optionsTrading: false },
      ),
    ).toBeUndefined();
    const calm = parse({ intendedUse: { tfsa: 1, margin: 1 }, knowledgeWarningAcknowledged: true });
    expect(issuesOf(calm)).toEqual([]);
    expect(calm.data).not.toHaveProperty('knowledgeWarningAcknowledged');
  });
});
