import { MAX_BENEFICIARIES } from '@portal/domain';
import { applicant, attorney, complete } from '@portal/domain/rules/other-interests.fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationAtOtherInterests,
  applicationAtProfile,
  getApplication,
  MONTREAL_HOME,
  putStep,
  saveStep,
  storedStep,
  type ApplicationBody,
  type ErrorBody,
  type JourneyToOtherInterests,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';

const CANADA = 1;
const USA = 2;
const CANADIAN_TIN = '046454286';
const US_RESIDENCE_TIN = '987654321';
const US_TIN = '912345678';
const ATTORNEY_SIN = '234567891';
/** The joint applicant's Canadian TIN is their SIN (the joint profile's). */
const JOINT_TIN = '193456787';

/** Complete answers for a TFSA, with `changes` laid over them. */
const answers = (changes: Record<string, unknown> = {}) => ({
  ...complete,
  intendedUse: { tfsa: 1 },
  ...changes,
});

/** The primary applicant's affiliations with `changes` laid over the fixture's. */
const primary = (changes: Record<string, unknown>) => ({
  affiliations: { primary: { ...applicant, ...changes } },
});

const child = (percent: number, firstName: string) => ({
  firstName,
  lastName: 'Roy',
  relationship: 3,
  designation: 3,
  percent,
});

/** A birth date in January, `years` years ago. */
const bornYearsAgo = (years: number) => `${new Date().getFullYear() - years}-01-01`;

describe('step otherinterests: the rules on the server, and TINs and SINs encrypted at rest', () => {
  const { test, alice } = signedInTestApp('alice');

  /** An application with every step before otherinterests saved. */
  async function atOtherInterests(journey?: JourneyToOtherInterests) {
    const application = await applicationAtOtherInterests(test.app, alice.token, journey);
    expect(application.nextStep).toBe('otherinterests');
    return application;
  }

  const put = (application: ApplicationBody, data: unknown) =>
    putStep(test.app, alice.token, application.id, 'otherinterests', application.version, data);

  const fieldsOf = async (application: ApplicationBody, data: unknown) => {
    const response = await put(application, data);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.errorCode).toBe('invalidInput');
    return body.fields;
  };

  const save = (application: ApplicationBody, data: unknown) =>
    saveStep(test.app, alice.token, application.id, 'otherinterests', application.version, data);

  const savedStep = async (application: ApplicationBody) => {
    const response = await getApplication(test.app, alice.token, application.id);
    return response.json<ApplicationBody>().steps?.otherinterests as Record<string, unknown>;
  };

  const storedRow = (application: ApplicationBody) =>
    storedStep(test.app, application.id, 'otherinterests');

  it('is not available before the profile is saved', async () => {
    const account = await applicationAtProfile(test.app, alice.token);
    const response = await put(account, answers());
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errorCode).toBe('stepNotAvailable');
  });

  describe('refuses each rule with its field code', () => {
    let individual: ApplicationBody;
    beforeAll(async () => {
      individual = await atOtherInterests();
    });

    it.each([
      [
        'a missing purpose',
        { businessRelationshipPurpose: undefined },
        { 'data.businessRelationshipPurpose': 'required' },
      ],
      [
        'purpose Other without saying which',
        { businessRelationshipPurpose: 2 },
        { 'data.purposeOther': 'required' },
      ],
      [
        'no intended use for an account chosen',
        { intendedUse: {} },
        { 'data.intendedUse.tfsa': 'required' },
      ],
      [
        'no investment experience beside another',
        { investmentExperience: { primary: 32 | 1 } },
        { 'data.investmentExperience.primary': 'invalid' },
      ],
      [
        'no risk tolerance, and a time horizon that is not one of the choices',
        { riskTolerance: {}, investmentTimeHorizon: { primary: 9 } },
        {
          'data.riskTolerance.primary': 'required',
          'data.investmentTimeHorizon.primary': 'invalid',
        },
      ],
      [
        'speculation with limited knowledge, the warning not acknowledged',
        {
          intendedUse: { tfsa: 7 },
          investmentKnowledge: { primary: 2 },
          knowledgeWarningAcknowledged: undefined,
        },
        { 'data.knowledgeWarningAcknowledged': 'acknowledgementRequired' },
      ],
      [
        'a power of attorney answered yes without naming anyone',
        { powerOfAttorney: { answer: true, thirdParties: [] } },
        { 'data.powerOfAttorney.thirdParties': 'required' },
      ],
      [
        "a third party's postal code outside their province",
        {
          powerOfAttorney: {
            answer: true,
            thirdParties: [
              { ...attorney, address: { ...attorney.address, postalCode: 'K1A 0B1' } },
            ],
          },
        },
        { 'data.powerOfAttorney.thirdParties.0.address.postalCode': 'postalCodeProvince' },
      ],
      [
        'a third party under 18',
        {
          guarantee: { answer: true, thirdParties: [{ ...attorney, birthDate: bornYearsAgo(5) }] },
        },
        { 'data.guarantee.thirdParties.0.birthDate': 'thirdPartyTooYoung' },
      ],
      [
        'the same third party named twice',
        {
          tradingAuthority: {
            answer: true,
            thirdParties: [attorney, { ...attorney, name: '  luc TREMBLAY ' }],
          },
        },
        { 'data.tradingAuthority.thirdParties.1.name': 'duplicated' },
      ],
      [
        'the securityholder explanation not acknowledged',
        { securityholderExplanationAcknowledged: false },
        { 'data.securityholderExplanationAcknowledged': 'acknowledgementRequired' },
      ],
      [
        "an employee's work email that is not an email",
        { isEmployeeOrAdvisor: true, workEmail: 'jo@' },
        { 'data.workEmail': 'emailFormat' },
      ],
      [
        "an advisor's referral without the institution",
        { referralSource: 14 },
        { 'data.referralInstitution': 'required' },
      ],
      [
        'a politically exposed person without a name',
        primary({ isPep: true, pepPosition: 'Minister', pepCountryId: CANADA }),
        { 'data.affiliations.primary.pepName': 'required' },
      ],
      [
        'an insider with a stock symbol that is not one',
        primary({ isInsider: true, insiderCompanyName: 'Royal Bank', insiderSymbol: 'R Y' }),
        { 'data.affiliations.primary.insiderSymbol': 'invalid' },
      ],
      [
        'one country of tax residence twice',
        primary({
          taxResidences: [
            { countryId: CANADA, tin: CANADIAN_TIN },
            { countryId: CANADA, noTinReason: 1 },
          ],
        }),
        { 'data.affiliations.primary.taxResidences.1.countryId': 'duplicated' },
      ],
      [
        'a Canadian TIN that is not 9 digits',
        primary({ taxResidences: [{ countryId: CANADA, tin: '12345' }] }),
        { 'data.affiliations.primary.taxResidences.0.tin': 'canadaTinFormat' },
      ],
      [
        'a U.S. TIN that is not 9 digits',
        primary({ isUsPerson: true, usTin: '12-345' }),
        { 'data.affiliations.primary.usTin': 'usTinFormat' },
      ],
      [
        'a U.S. tax resident who says they are not a U.S. person',
        primary({
          taxResidences: [
            { countryId: CANADA, tin: CANADIAN_TIN },
            { countryId: USA, tin: US_RESIDENCE_TIN },
          ],
          isUsPerson: false,
        }),
        { 'data.affiliations.primary.isUsPerson': 'usResidentIsUsPerson' },
      ],
      [
        'a trusted contact wanted but not given',
        primary({ wantsTrustedContact: true }),
        { 'data.affiliations.primary.trustedContact': 'required' },
      ],
      [
        'beneficiaries whose shares do not add up to 100',
        { beneficiaries: [child(50, 'Léa'), child(40, 'Éloi')] },
        { 'data.beneficiaries': 'percentTotal' },
      ],
      [
        `more than ${MAX_BENEFICIARIES} beneficiaries`,
        { beneficiaries: ['A', 'B', 'C', 'D', 'E'].map((name) => child(20, name)) },
        { 'data.beneficiaries': 'tooManyBeneficiaries' },
      ],
    ])('refuses %s', async (_name, changes, expected) => {
      expect(await fieldsOf(individual, answers(changes))).toMatchObject(expected);
    });
  });

  it("saves an Ontario resident's TFSA beneficiaries split 60/40 and answers them as sent", async () => {
    // The journey's defaults: a TFSA (a plan that takes beneficiaries) and a home in Toronto.
    const application = await atOtherInterests();
    const beneficiaries = [
      { ...child(60, 'Léa'), differentAddress: false },
      {
        ...child(40, 'Éloi'),
        differentAddress: true,
        address: {
          streetNumber: '24',
          streetName: 'Sussex Drive',
          city: 'Ottawa',
          provinceId: 5,
          postalCode: 'K1M 1M4',
          countryId: CANADA,
        },
      },
    ];
    const response = await put(application, answers({ beneficiaries }));
    expect(response.statusCode).toBe(200);
    expect(response.json<ApplicationBody>().nextStep).toBe('review');
    expect((await savedStep(application)).beneficiaries).toEqual(beneficiaries);
  });

  it("refuses a Quebec resident's TFSA beneficiaries (designated by will)", async () => {
    const application = await atOtherInterests({ homeAddress: MONTREAL_HOME });
    const fields = await fieldsOf(application, answers({ beneficiaries: [child(100, 'Léa')] }));
    expect(fields).toEqual({ 'data.beneficiaries': 'quebecBeneficiariesNotAllowed' });
    const saved = await save(application, answers({ beneficiaries: [] }));
    expect(saved.nextStep).toBe('review');
  });

  it('refuses a second student in an individual RESP', async () => {
    const application = await atOtherInterests({ accounts: ['respi'] });
    const students = [
      { firstName: 'Léa', lastName: 'Roy', relationship: 3, percent: 50 },
      { firstName: 'Éloi', lastName: 'Roy', relationship: 3, percent: 50 },
    ];
    const fields = await fieldsOf(
      application,
      answers({ intendedUse: { respi: 5 }, beneficiaries: students }),
    );
    expect(fields).toMatchObject({ 'data.beneficiaries': 'individualRespOneBeneficiary' });
  });

  it("asks the joint applicant's affiliations and investment experience", async () => {
    const application = await atOtherInterests({ joint: true });
    const fields = await fieldsOf(application, answers());
    expect(fields).toMatchObject({
      'data.investmentExperience.joint': 'required',
      'data.investmentKnowledge.joint': 'required',
      'data.riskTolerance.joint': 'required',
      'data.investmentTimeHorizon.joint': 'required',
      'data.affiliations.joint.isPep': 'required',
      'data.affiliations.joint.taxResidences': 'required',
    });
    const joint = { ...applicant, taxResidences: [{ countryId: CANADA, tin: JOINT_TIN }] };
    await save(
      application,
      answers({
        // A joint application holds a cash account: a TFSA is held alone (ADR 0014).
        intendedUse: { cash: 1 },
        investmentExperience: { primary: 5, joint: 32 },
        investmentKnowledge: { primary: 2, joint: 1 },
        riskTolerance: { primary: 2, joint: 1 },
        investmentTimeHorizon: { primary: 3, joint: 4 },
        affiliations: { primary: applicant, joint },
      }),
    );
    const stored = await savedStep(application);
    expect(stored).toMatchObject({
      riskTolerance: { primary: 2, joint: 1 },
      investmentTimeHorizon: { primary: 3, joint: 4 },
    });
    expect(stored.affiliations).toMatchObject({
      joint: { taxResidences: [{ countryId: CANADA, tinMasked: '******787' }] },
    });
    expect(await storedRow(application)).not.toContain(JOINT_TIN);
  });

  describe('TINs and SINs', () => {
    let application: ApplicationBody;
    const withNumbers = (numbers: {
      residences: { countryId: number; tin: string }[];
      usTin: string;
      attorneySin: string;
    }) =>
      answers({
        ...primary({
          taxResidences: numbers.residences,
          isUsPerson: true,
          usTin: numbers.usTin,
        }),
        powerOfAttorney: {
          answer: true,
          thirdParties: [{ ...attorney, sin: numbers.attorneySin }],
        },
      });
    const plain = [CANADIAN_TIN, US_RESIDENCE_TIN, US_TIN, ATTORNEY_SIN];
    const expectMasked = async () => {
      const stored = await savedStep(application);
      expect(stored.affiliations).toEqual({
        primary: expect.objectContaining({
          taxResidences: [
            { countryId: CANADA, tinMasked: '******286' },
            { countryId: USA, tinMasked: '******321' },
          ],
          usTinMasked: '******678',
        }),
      });
      expect(stored.powerOfAttorney).toMatchObject({
        thirdParties: [{ sinMasked: '*** *** 891' }],
      });
      const text = JSON.stringify(stored);
      expect(text).not.toContain('Encrypted');
      expect(text).not.toMatch(/"(tin|usTin|sin)":/);
      for (const value of plain) expect(text).not.toContain(value);
    };

    beforeAll(async () => {
      application = await atOtherInterests();
    });

    it('saves them encrypted and answers them masked only', async () => {
      const saved = await save(
        application,
        withNumbers({
          residences: [
            { countryId: CANADA, tin: '046 454 286' },
            { countryId: USA, tin: '987-65-4321' },
          ],
          usTin: '912-34-5678',
          attorneySin: '234-567-891',
        }),
      );
      expect(saved.nextStep).toBe('review');
      application = saved;
      await expectMasked();
      const row = await storedRow(application);
      for (const value of plain) expect(row).not.toContain(value);
      expect(row).toContain('tinEncrypted');
      expect(row).toContain('usTinEncrypted');
      expect(row).toContain('sinEncrypted');
    });

    it('keeps the numbers on file when the form sends them blank for the same rows', async () => {
      const blank = withNumbers({
        residences: [
          { countryId: CANADA, tin: '' },
          { countryId: USA, tin: '' },
        ],
        usTin: '',
        attorneySin: '',
      });
      application = await save(application, { ...blank, referralSource: 17 });
      await expectMasked();
      const stored = await savedStep(application);
      expect(stored.referralSource).toBe(17);
    });

    it('leaves a blank blank when the row at its place is another country', async () => {
      const swapped = withNumbers({
        residences: [
          { countryId: USA, tin: '' },
          { countryId: CANADA, tin: '' },
        ],
        usTin: '',
        attorneySin: '',
      });
      // The Canadian row at index 1 takes the profile's SIN instead (the test below).
      expect(await fieldsOf(application, swapped)).toEqual({
        'data.affiliations.primary.taxResidences.0.tin': 'required',
      });
      await expectMasked();
    });

    // Findings 2026-11-28, A-minor 4: the Canadian TIN was asked again after the SIN.
    it('takes the profile’s SIN as the TIN of a Canadian residence left blank', async () => {
      const fresh = await atOtherInterests();
      const saved = await save(
        fresh,
        answers(primary({ taxResidences: [{ countryId: CANADA, tin: '' }] })),
      );
      expect(saved.nextStep).toBe('review');
      const stored = await savedStep(saved);
      // The profile's SIN is 130 692 544 (profile.fixtures.ts).
      expect(stored.affiliations).toMatchObject({
        primary: { taxResidences: [{ countryId: CANADA, tinMasked: '******544' }] },
      });
      // A reason for having no TIN is still the person's choice, not replaced by the SIN.
      const withReason = await fieldsOf(
        saved,
        answers(primary({ taxResidences: [{ countryId: CANADA, noTinReason: 2 }] })),
      );
      expect(withReason).toEqual({
        'data.affiliations.primary.taxResidences.0.noTinReason': 'invalid',
      });
    });
  });
});
