import { describe, expect, it } from 'vitest';
import * as domain from '../index.ts';

/** The codes exactly as spec section 3 (and 4 for statuses) writes them. */
describe('enumerations carry the codes of the spec', () => {
  it.each([
    ['onboardingAccountTypes', { Individual: 1, Joint: 2 }],
    [
      'accountGoals',
      {
        retirement: 1,
        education: 2,
        downpayment: 3,
        specific: 4,
        retirementincome: 5,
        daytrading: 6,
      },
    ],
    ['titles', { Mr: 1, Ms: 2, Miss: 3, Mrs: 4, Dr: 5 }],
    [
      'maritalStatuses',
      { Single: 1, Married: 2, CommonLaw: 3, Divorced: 4, Separated: 5, Widowed: 6 },
    ],
    [
      'employmentStatuses',
      // SelfEmployed 7: issue 12 (KYC, ADR 0015); the spec's codes unchanged.
      {
        FullTime: 1,
        PartTime: 2,
        SelfEmployed: 7,
        Student: 3,
        Retired: 4,
        Unemployed: 5,
        Homemaker: 6,
      },
    ],
    ['phoneTypes', { Home: 1, Business: 2, Mobile: 3 }],
    [
      'incomeSourceTypes',
      // None 7: issue 12 (KYC, ADR 0015); the spec's codes unchanged.
      { None: 7, Disability: 1, Gift: 2, Investments: 3, Pension: 4, Severance: 5, Other: 6 },
    ],
    [
      'beneficiaryDesignations',
      { MyEstate: 1, MySpouse: 2, Other: 3, MySpouseAsSuccessorAnnuitant: 4 },
    ],
    [
      'accountTypes',
      {
        uninitialized: -1,
        Cash: 1,
        Margin: 2,
        RSP: 3,
        TFSA: 4,
        RESP: 5,
        SPRSP: 6,
        LIRA: 7,
        RIF: 8,
        SPRIF: 9,
        LIF: 10,
        RLIF: 11,
        PRIF: 12,
        DAP: 13,
        GROUP_RSP: 14,
        GROUP_SP_RSP: 15,
        RLSP: 16,
        FHSA: 17,
      },
    ],
    [
      'investmentExperienceFlags',
      // Etfs 64 and Gics 128: issue 12 (ADR 0015); the spec's bits keep their meaning.
      { Stocks: 1, Bonds: 2, MutualFunds: 4, Etfs: 64, Gics: 128, Options: 8, None: 32 },
    ],
    ['investmentKnowledgeLevels', { none: 1, limited: 2, average: 3, sophisticated: 4 }],
    ['optionsStrategies', { LongCalls: 1, Spreads: 2, CoveredWriting: 3, UncoveredWriting: 4 }],
    ['documentDeliveryOptions', { ProxyRelatedMaterial: 1, AllMaterials: 2, None: 3 }],
    ['correspondenceLanguages', { English: 1, French: 2 }],
    [
      'heardAboutUsSources',
      {
        FinancialAdvisor: 14,
        FinInstRepresentative: 3,
        AffinityProgram: 17,
        Other: 13,
        SocialMedia: 5,
      },
    ],
    ['purposeTypes', { InvestmentPurposes: 1, Other: 2 }],
    [
      'relationships',
      {
        Spouse: 1,
        Parent: 2,
        Child: 3,
        Sibling: 4,
        Grandparent: 5,
        Grandchild: 6,
        UncleAunt: 7,
        NephewNiece: 8,
        Cousin: 9,
        Estate: 10,
        NotRelated: 11,
        Other: 12,
      },
    ],
    [
      'genderSpecificRelationships',
      {
        Brother: 1,
        Sister: 2,
        Son: 3,
        Daughter: 4,
        Grandson: 5,
        Granddaughter: 6,
        Nephew: 7,
        Niece: 8,
      },
    ],
    [
      'identityVerificationScreens',
      {
        None: 0,
        Landing: 1,
        DesktopSMSEntry: 2,
        ThirdPartyWorkflow: 3,
        PleaseWait: 4,
        LongWait: 5,
        Success: 6,
        Fail: 7,
        DocumentsUpload: 8,
        HardStop: 9,
      },
    ],
    ['fundingTypes', { OneTime: 1, Recurring: 3 }],
    [
      'fundingStatuses',
      {
        SUBMITTED: 14,
        PENDING: 15,
        DECLINED: 16,
        APPROVED: 17,
        COMPLETED: 18,
        SENT_TO_BANK: 32,
        REJECTED_BY_BANK: 33,
        SENT_TO_DP: 34,
        RECURRING_EFT_SUBMITTED: 51,
        DECLINED_IN_DP: 58,
        DELETED_BY_CLIENT: 60,
        DELETE_APPROVED: 61,
        CANCELLED_BY_CLIENT: 62,
      },
    ],
    [
      'transferInStatuses',
      {
        SC_IN_PROGRESS: 52,
        SC_DECLINED: 53,
        SC_PROCESSED: 54,
        SC_PENDING_TRADE_SETTLEMENT: 56,
        SC_CREDIT_APPROVED: 57,
        SC_SENT_TO_DP: 59,
      },
    ],
    ['transferTypes', { ALL_IN_KIND: 1, ALL_IN_CASH: 2, ALL_ASSETS: 3, PARTIAL: 4 }],
    ['minPaymentTypes', { OwnAge: 1, SpouseAge: 2 }],
    ['annualPaymentTypes', { Minimum: 1, Other: 2, Maximum: 3 }],
    ['grossOrNet', { Gross: 'G', Net: 'N' }],
    ['paymentByTypes', { Bank: 1, CashAccount: 2 }],
  ] as const)('%s', (name, expected) => {
    expect((domain as Record<string, unknown>)[name]).toEqual(expected);
  });

  it('names the string-coded lists of the spec', () => {
    expect(Object.values(domain.uploadDocumentTypes)).toEqual([
      'photoID',
      'photoIDFront',
      'photoIDBack',
      'passport',
      'w9Form',
      'voidCheque',
      'bankStatement',
      'creditStatement',
      'utilityBill',
      'investmentStatement',
      'transferForm',
      'other',
      // The portal's own addition after the spec's list (issue 16): the PEP/HIO form.
      'pepHioForm',
    ]);
    expect(Object.values(domain.identityDocumentTypes)).toEqual([
      'driversLicence',
      'passport',
      'identityCard',
    ]);
    expect(domain.verificationStatuses).toEqual([
      'OK',
      'ERROR',
      'NOTSTARTED',
      'INCOMPLETE',
      'MATCH',
      'NOMATCH',
      'HARDSTOP',
    ]);
    expect(domain.verificationAvailability).toEqual(['mobileEnabled', 'desktopEnabled']);
    expect(domain.esignStatuses).toEqual(['NOT_REQUIRED', 'UNSIGNED', 'SIGNED']);
    expect(Object.keys(domain.eftUserStatuses)).toEqual([
      'approved',
      'declined',
      'pending',
      'submitted',
      'cancelled',
    ]);
    expect(Object.keys(domain.eftFrequencies)).toEqual([
      'onetime',
      'weekly',
      'biweekly',
      'semiMonthly',
      'monthly',
      'quarterly',
      'semiAnnually',
      'annually',
    ]);
    expect(domain.eftFrequencies.onetime).toBe(1);
    expect(domain.TAX_CALC_OPTION_PERCENTAGE).toBe(2);
    expect(Object.keys(domain.applicationStatuses)).toHaveLength(10);
  });
});

describe('labels', () => {
  const labelSets = Object.entries(domain).filter(([name]) => name.endsWith('Labels'));

  it('exist for every enumeration with codes', () => {
    expect(labelSets.length).toBeGreaterThanOrEqual(28);
  });

  it.each(labelSets)('%s: every member has English and French text', (name, labels) => {
    const codesName = name.replace(/Labels$/, 's');
    const codes = (domain as Record<string, unknown>)[codesName] as
      Record<string, unknown> | readonly string[] | undefined;
    // Codes are an object of members, or a list of them (the transfers' kinds and instructions).
    const members = Array.isArray(codes) ? [...codes] : codes ? Object.keys(codes) : undefined;
    if (members) expect(Object.keys(labels as object).sort()).toEqual(members.sort());
    for (const [member, label] of Object.entries(labels as Record<string, domain.Bilingual>)) {
      expect(label.en.trim(), `${name}.${member}.en`).not.toBe('');
      expect(label.fr.trim(), `${name}.${member}.fr`).not.toBe('');
    }
  });

  it('are the real French names of Canadian plans', () => {
    expect(domain.accountTypeLabels.TFSA.fr).toBe("Compte d'épargne libre d'impôt (CELI)");
    expect(domain.accountTypeLabels.RSP.fr).toContain('(REER)');
    expect(domain.accountTypeLabels.FHSA.fr).toContain('(CELIAPP)');
    expect(domain.accountTypeLabels.RIF.fr).toContain('(FERR)');
  });
});
