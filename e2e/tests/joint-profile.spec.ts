import { expect, test } from '../support/fixtures.ts';
import { signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading, saveAndContinue } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import {
  addressOf,
  fieldOf,
  fillProfile,
  openProfileStep,
  profileUrl,
  selectedLabel,
  type ProfileAnswers,
} from '../support/profile.ts';
import { journeyWords } from '../support/words.ts';

/** The joint applicant's page: its own words (profile.json, the joint keys). */
const text = {
  en: {
    ...journeyWords.en,
    jointSpouse: 'Their spouse or partner',
    jointHomeHint:
      'Where they live. A PO box, rural route or general delivery address is not accepted.',
    married: 'We are married',
    marriedStatus: 'Married',
  },
  fr: {
    ...journeyWords.fr,
    jointSpouse: 'Son conjoint ou sa conjointe',
    jointHomeHint:
      "L'endroit où cette personne habite. Les adresses de case postale, de route rurale ou de poste restante ne sont pas acceptées.",
    married: 'Nous sommes mariés',
    marriedStatus: 'Marié ou mariée',
  },
} satisfies Record<Language, Record<string, string>>;

const primaryIn = (t: (typeof text)[Language], language: Language): ProfileAnswers => ({
  title: t.mr,
  birthDate: { day: '27', month: '3', year: '1985' },
  sin: '130 692 544',
  maritalStatus: t.single,
  citizenship: t.canada,
  phoneType: t.mobile,
  phoneNumber: '(613) 555-0142',
  homeAddress:
    language === 'en'
      ? {
          streetNumber: '327',
          streetName: 'Bank St',
          city: 'Ottawa',
          province: 'Ontario',
          postalCode: 'K1S 8H4',
        }
      : {
          streetNumber: '1090',
          streetName: 'rue Saint-Denis',
          city: 'Montréal',
          province: 'Québec',
          postalCode: 'H3A 2Y4',
        },
  employmentStatus: t.fullTime,
  employerName: 'Rideau Analytics Inc.',
  industry: t.finance,
  occupation: t.financeOccupation,
  employerCountry: t.canada,
  employerProvince: language === 'en' ? 'Ontario' : 'Québec',
  employerCity: language === 'en' ? 'Ottawa' : 'Montréal',
  annualIncome: '85000',
  incomeSource: t.investments,
  netFixedAssets: '250000',
  netLiquidAssets: '40000',
});

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`joint applicant's profile in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('speaks of "their" answers and copies the primary applicant\'s home address', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInThroughApi(page, language);
      const id = await openProfileStep(page, t, { joint: true });
      const primary = primaryIn(t, language);
      await fillProfile(page, t, primary);
      await saveAndContinue(page, t).click();
      await expect(page).toHaveURL(profileUrl('profilejoint', id));
      await expect(heading(page, t.jointHeading)).toBeVisible();

      // Every question is about the joint applicant.
      await expect(fieldOf(page, t.jointConfirmEmail)).toBeVisible();
      await expect(page.getByRole('group', { name: t.jointMailingSameAsHome })).toBeVisible();
      await expect(page.getByRole('group', { name: t.jointMovedWithinTwoYears })).toBeVisible();
      await expect(page.getByRole('group', { name: t.jointPreferredLanguage })).toBeVisible();
      await expect(page.getByText(t.jointHomeHint, { exact: true })).toBeVisible();
      await expect(page.getByText(t.mailingSameAsHome, { exact: true })).toHaveCount(0);
      await fieldOf(page, t.maritalStatus).selectOption({ label: t.marriedStatus });
      await expect(page.getByRole('heading', { level: 2, name: t.jointSpouse })).toBeVisible();
      await fieldOf(page, t.maritalStatus).selectOption({ label: t.single });

      // "Same home address as me" copies the primary's.
      const home = addressOf(page, t, t.home);
      await home.group.getByRole('checkbox', { name: t.sameHomeAsPrimary }).check();
      await expect(home.streetNumber).toHaveValue(primary.homeAddress.streetNumber);
      await expect(home.streetName).toHaveValue(primary.homeAddress.streetName);
      await expect(home.city).toHaveValue(primary.homeAddress.city);
      await expect(selectedLabel(home.province)).toHaveText(primary.homeAddress.province);
      await expect(home.postalCode).toHaveValue(primary.homeAddress.postalCode);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `joint-profile-their-${language}`);
    });
  });
}
