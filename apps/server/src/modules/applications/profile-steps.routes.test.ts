import { describe, expect, it } from 'vitest';
import {
  applicationAtProfile,
  getApplication,
  MONTREAL_HOME,
  profileAnswers,
  putStep,
  saveStep,
  storedStep,
  type ApplicationBody,
  type ErrorBody,
  type JourneyToProfile,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';

const SIN = '130692544';
const JOINT_SIN = '193456787';

/** A profile living in Montréal, its postal code typed in lower case (it is kept normalized). */
const profile = (overrides: Record<string, unknown> = {}) =>
  profileAnswers({ ...MONTREAL_HOME, postalCode: 'h3b 1k9' }, overrides);

describe('profile steps: the rules on the server, and the SIN encrypted at rest', () => {
  const { test, alice } = signedInTestApp('alice');

  const ready = (journey?: JourneyToProfile) =>
    applicationAtProfile(test.app, alice.token, journey);
  const fieldsOf = async (application: ApplicationBody, step: string, data: unknown) => {
    const response = await putStep(
      test.app,
      alice.token,
      application.id,
      step,
      application.version,
      data,
    );
    expect(response.statusCode).toBe(400);
    return response.json<ErrorBody>().fields;
  };

  it('saves a valid profile, stores the SIN encrypted, and answers it masked', async () => {
    const application = await ready();
    const saved = await saveStep(
      test.app,
      alice.token,
      application.id,
      'profile',
      application.version,
      profile(),
    );
    expect(saved.nextStep).toBe('otherinterests');

    const detail = (
      await getApplication(test.app, alice.token, application.id)
    ).json<ApplicationBody>();
    const stored = detail.steps?.profile as Record<string, unknown>;
    expect(stored.sinMasked).toBe('*** *** 544');
    expect(stored).not.toHaveProperty('sin');
    expect(stored).not.toHaveProperty('sinEncrypted');
    expect(stored.homeAddress).toMatchObject({ postalCode: 'H3B 1K9' });
    expect(stored.totalNetWorth).toBe(440000);

    const raw = await storedStep(test.app, application.id, 'profile');
    expect(raw).not.toContain(SIN);
    expect(raw).toContain('sinEncrypted');
  });

  it('keeps the SIN on file when the form sends it blank', async () => {
    const application = await ready();
    const first = await saveStep(
      test.app,
      alice.token,
      application.id,
      'profile',
      application.version,
      profile(),
    );
    const again = await saveStep(
      test.app,
      alice.token,
      application.id,
      'profile',
      first.version,
      profile({ sin: '', lastName: 'Tremblay-Roy' }),
    );
    expect(again.version).toBe(first.version + 1);
    const detail = (
      await getApplication(test.app, alice.token, application.id)
    ).json<ApplicationBody>();
    expect(detail.steps?.profile).toMatchObject({
      sinMasked: '*** *** 544',
      lastName: 'Tremblay-Roy',
    });
  });

  it.each([
    ['a SIN failing its check digit', { sin: '130692545' }, { 'data.sin': 'sinCheckDigit' }],
    ['a minor', { birthDate: '2015-01-01' }, { 'data.birthDate': 'tooYoung' }],
    [
      'a PO box as the home address',
      { homeAddress: { ...profile().homeAddress, streetNumber: '', streetName: 'PO Box 42' } },
      { 'data.homeAddress.streetName': 'poBoxNotAllowed' },
    ],
    [
      'a postal code outside the province',
      { homeAddress: { ...profile().homeAddress, postalCode: 'M5V 2T6' } },
      { 'data.homeAddress.postalCode': 'postalCodeProvince' },
    ],
    [
      'an incomplete address',
      { homeAddress: { streetNumber: '1200', streetName: 'rue Sainte-Catherine', countryId: 1 } },
      { 'data.homeAddress.city': 'incompleteAddress' },
    ],
    [
      'two numbers of one type',
      {
        phones: [
          { type: 3, number: '5145550199' },
          { type: 3, number: '5145550100' },
        ],
      },
      { 'data.phones.1.type': 'duplicated' },
    ],
    [
      'a married person without spouse details',
      { maritalStatus: 2 },
      { 'data.spouse.title': 'required' },
    ],
    [
      'another income source without saying which',
      { incomeSourceType: 6 },
      { 'data.incomeSourceOther': 'required' },
    ],
    [
      'a self-employed person who says "retired" is their occupation',
      {
        employmentStatus: 7,
        employerName: 'Atelier Tremblay',
        industryId: 54,
        occupationId: 9002,
        employerCountryId: 1,
        employerProvinceId: 11,
        employerCity: 'Montréal',
      },
      { 'data.occupationId': 'occupationNotWork' },
    ],
    [
      'a self-employed person who does not say what their business is',
      { employmentStatus: 7, employerName: '', occupationId: undefined },
      { 'data.employerName': 'required', 'data.occupationId': 'required' },
    ],
    [
      'a retiree who does not name their most recent employer (spec line 132)',
      { employmentStatus: 4, employerName: ' ', employerCity: undefined },
      { 'data.employerName': 'required', 'data.employerCity': 'required' },
    ],
    [
      'a married person whose spouse has no SIN nor net assets (spec line 132)',
      {
        maritalStatus: 2,
        spouse: {
          title: 1,
          firstName: 'Luc',
          lastName: 'Gagnon',
          birthDate: '1984-01-02',
          employmentStatus: 4,
          employerName: 'Bombardier',
          industryId: 3,
          occupationId: 4,
          employerCountryId: 2,
          employerCity: 'Boston',
          annualIncome: 0,
          incomeSourceType: 7,
        },
      },
      {
        'data.spouse.sin': 'required',
        'data.spouse.netFixedAssets': 'required',
        'data.spouse.netLiquidAssets': 'required',
        'data.spouse.employerProvinceId': 'required',
      },
    ],
  ])('refuses %s with its field code', async (_name, change, expected) => {
    const application = await ready();
    const fields = await fieldsOf(application, 'profile', profile(change));
    expect(fields).toMatchObject(expected);
  });

  it("refuses the joint applicant's SIN and email when they are the primary's", async () => {
    const application = await ready({ joint: true });
    const primary = await saveStep(
      test.app,
      alice.token,
      application.id,
      'profile',
      application.version,
      profile(),
    );
    const fields = await fieldsOf(primary, 'profilejoint', profile({ firstName: 'Alex' }));
    expect(fields).toMatchObject({
      'data.sin': 'sinSameAsPrimary',
      'data.email': 'emailSameAsPrimary',
    });
    const mismatch = await fieldsOf(
      primary,
      'profilejoint',
      profile({ sin: JOINT_SIN, email: 'alex@example.com', confirmEmail: 'alx@example.com' }),
    );
    expect(mismatch).toMatchObject({ 'data.confirmEmail': 'emailMismatch' });
    const own = { sin: JOINT_SIN, email: 'alex@example.com', confirmEmail: 'alex@example.com' };
    // Their invitation goes out before they sign in: the primary says which language it takes.
    expect(await fieldsOf(primary, 'profilejoint', profile(own))).toEqual({
      'data.preferredLanguage': 'required',
    });
    expect(
      await fieldsOf(primary, 'profilejoint', profile({ ...own, preferredLanguage: 'es' })),
    ).toEqual({ 'data.preferredLanguage': 'invalid' });
    const joint = await saveStep(
      test.app,
      alice.token,
      application.id,
      'profilejoint',
      primary.version,
      profile({ ...own, preferredLanguage: 'fr' }),
    );
    expect(joint.nextStep).toBe('otherinterests');
    expect(JSON.parse(await storedStep(test.app, application.id, 'profilejoint'))).toMatchObject({
      preferredLanguage: 'fr',
    });
  });
});
