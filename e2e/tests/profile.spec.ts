import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { PASSWORD, newEmail, signInThroughApi } from '../support/accounts.ts';
import { applicationCard, choiceIn, dashboardUrl, stepUrl } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { journeyWords } from '../support/words.ts';
import {
  addressOf,
  dateBoxes,
  fieldOf,
  fillProfile,
  openProfileStep,
  profileUrl,
  selectedLabel,
  type ProfileAnswers,
  type ProfileStepName,
} from '../support/profile.ts';
import {
  endsWith,
  errorSummary,
  escapeRegExp,
  heading,
  saveAndContinue,
  says,
} from '../support/locators.ts';

/** The visible words, from apps/web/src/locales and the labels of packages/domain. */
const text = {
  en: {
    ...journeyWords.en,
    // forms.json
    titleError: 'Error: ',
    // common.json and financial.json
    homeLink: 'Laurentide Investing, go to the start',
    // onboarding.json
    back: 'Back',
    // profile.json
    pageTitle: 'Your profile',
    prefilled: 'From your sign-in account',
    sinSaved: 'Saved: *** *** 544. Enter it again only to change it.',
    sinSavedJoint: 'Saved: *** *** 787. Enter it again only to change it.',
    // packages/domain/src/messages
    sinCheckDigit:
      'This is not a valid SIN: its last digit does not match the others. Check for a typo.',
    tooYoung: 'You must be at least 18 to open an account.',
    poBoxNotAllowed:
      'PO Box, rural route and general delivery addresses are not accepted. Enter where you live.',
    emailMismatch: 'Emails do not match.',
    sinSameAsPrimary: "SIN the same as primary's.",
    emailSameAsPrimary: "Email same as primary's.",
    // The type-ahead: what is typed, and the sandbox address it finds (sandbox-addresses.ts)
    lookupQuery: '327 bank',
    suggestion: '327 Bank St',
    suggestionDescription: 'Ottawa, Ontario, K1S 8H4',
    streetNumberFound: '327',
    streetNameFound: 'Bank St',
    cityFound: 'Ottawa',
    provinceFound: 'Ontario',
    postalCodeFound: 'K1S 8H4',
    poBox: 'PO Box 327',
  },
  fr: {
    ...journeyWords.fr,
    titleError: 'Erreur : ',
    homeLink: 'Placements Laurentide, aller au début',
    back: 'Retour',
    pageTitle: 'Votre profil',
    prefilled: 'Tiré de votre compte de connexion',
    sinSaved: 'Enregistré : *** *** 544. Entrez-le de nouveau seulement pour le modifier.',
    sinSavedJoint: 'Enregistré : *** *** 787. Entrez-le de nouveau seulement pour le modifier.',
    sinCheckDigit:
      "Ce NAS n'est pas valide : son dernier chiffre ne correspond pas aux autres. Vérifiez s'il y a une faute de frappe.",
    tooYoung: 'Vous devez avoir au moins 18 ans pour ouvrir un compte.',
    poBoxNotAllowed:
      "Les adresses de case postale, de route rurale ou de poste restante ne sont pas acceptées. Indiquez l'adresse où vous habitez.",
    emailMismatch: 'Les adresses courriel ne correspondent pas.',
    sinSameAsPrimary: 'NAS identique à celui du demandeur principal.',
    emailSameAsPrimary: 'Courriel identique à celui du demandeur principal.',
    lookupQuery: '1090 saint-denis',
    suggestion: '1090 rue Saint-Denis',
    suggestionDescription: 'Montréal, Québec, H3A 2Y4',
    streetNumberFound: '1090',
    streetNameFound: 'rue Saint-Denis',
    cityFound: 'Montréal',
    provinceFound: 'Québec',
    postalCodeFound: 'H3A 2Y4',
    poBox: 'Case postale 1090',
  },
} satisfies Record<Language, Record<string, string>>;

type Text = (typeof text)[Language];

/** A complete, valid profile in each language: Ottawa in English, Montréal in French. */
const answersIn: Record<Language, ProfileAnswers> = {
  en: {
    title: text.en.mr,
    birthDate: { day: '27', month: '3', year: '1985' },
    sin: '130 692 544',
    maritalStatus: text.en.single,
    citizenship: text.en.canada,
    phoneType: text.en.mobile,
    phoneNumber: '(613) 555-0142',
    homeAddress: {
      streetNumber: '327',
      streetName: 'Bank St',
      city: 'Ottawa',
      province: 'Ontario',
      postalCode: 'k1s 8h4',
    },
    employmentStatus: text.en.fullTime,
    employerName: 'Rideau Analytics Inc.',
    industry: text.en.finance,
    occupation: text.en.financeOccupation,
    employerCountry: text.en.canada,
    employerProvince: 'Ontario',
    employerCity: 'Ottawa',
    annualIncome: '85,000',
    incomeSource: text.en.investments,
    netFixedAssets: '250,000',
    netLiquidAssets: '40,000',
  },
  fr: {
    title: text.fr.mr,
    birthDate: { day: '27', month: '3', year: '1985' },
    sin: '130 692 544',
    maritalStatus: text.fr.single,
    citizenship: text.fr.canada,
    phoneType: text.fr.mobile,
    phoneNumber: '514 555-0199',
    homeAddress: {
      streetNumber: '1090',
      streetName: 'rue Saint-Denis',
      city: 'Montréal',
      province: 'Québec',
      postalCode: 'h3a 2y4',
    },
    employmentStatus: text.fr.fullTime,
    employerName: 'Analytique Laurentides inc.',
    industry: text.fr.finance,
    occupation: text.fr.financeOccupation,
    employerCountry: text.fr.canada,
    employerProvince: 'Québec',
    employerCity: 'Montréal',
    annualIncome: '85 000',
    incomeSource: text.fr.investments,
    netFixedAssets: '250 000',
    netLiquidAssets: '40 000',
  },
};

/** A date `years` years before today, as the three boxes take it. */
function yearsAgo(years: number) {
  const date = new Date();
  return {
    day: String(date.getDate()),
    month: String(date.getMonth() + 1),
    year: String(date.getFullYear() - years),
  };
}

/** Saves a complete profile: the client moves on to the financial background. */
async function saveToFinancial(page: Page, t: Text, id: string): Promise<void> {
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('otherinterests', id));
  await expect(heading(page, t.financialHeading)).toBeVisible();
}

/** From any screen, the logo leads back to the dashboard. */
async function toDashboard(page: Page, t: Text): Promise<void> {
  await page.getByRole('link', { name: t.homeLink }).click();
  await expect(page).toHaveURL(dashboardUrl);
}

/** Continue resumes on the financial background; Back leads to the profile step before it. */
async function backToProfile(page: Page, t: Text, id: string, step: ProfileStepName) {
  await applicationCard(page, id).getByRole('link', { name: t.continue }).click();
  await expect(page).toHaveURL(stepUrl('otherinterests', id));
  await page.getByRole('link', { name: t.back, exact: true }).click();
  await expect(page).toHaveURL(profileUrl(step, id));
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];
  const answers = answersIn[language];

  test.describe(`profile in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('an individual fills the profile', async ({ page }) => {
      test.setTimeout(120_000);
      const email = await signInThroughApi(page, language);
      const id = await openProfileStep(page, t);

      // The name comes from the sign-in account, to correct here if need be; the email is the
      // sign-in's own, read-only.
      await expect(fieldOf(page, t.firstName)).toHaveValue('Alex');
      await expect(fieldOf(page, t.lastName)).toHaveValue('Martin');
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      await expect(page.getByText(t.prefilled, { exact: true })).toHaveCount(1);
      for (const label of [t.email, t.confirmEmail]) {
        await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveCount(0);
      }

      // Nothing answered: the summary takes focus and lists every missing answer.
      await saveAndContinue(page, t).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(
        new RegExp(`^${escapeRegExp(t.titleError)}.+${escapeRegExp(t.pageTitle)}$`),
      );
      const required = summary.getByRole('link', { name: endsWith(t.required) });
      await expect(required.nth(10)).toBeVisible();
      await expect(summary.getByRole('link').first()).toHaveAttribute('href', '#title');
      await expect(fieldOf(page, t.title)).toHaveAccessibleDescription(says(t.required));
      await expect(page).toHaveURL(profileUrl('profile', id));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `profile-required-${language}`);

      // A SIN that fails its check digit, and a ten-year-old.
      const sin = fieldOf(page, t.sin);
      await sin.fill('130 692 545');
      const birthDate = dateBoxes(page, t, t.birthDate);
      const child = yearsAgo(10);
      await birthDate.day.fill(child.day);
      await birthDate.month.fill(child.month);
      await birthDate.year.fill(child.year);
      await saveAndContinue(page, t).click();
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: endsWith(t.sinCheckDigit) })).toHaveAttribute(
        'href',
        '#sin',
      );
      await expect(sin).toHaveAccessibleDescription(says(t.sinCheckDigit));
      await expect(summary.getByRole('link', { name: endsWith(t.tooYoung) })).toHaveAttribute(
        'href',
        '#birthDate',
      );
      await expect(birthDate.group).toHaveAccessibleDescription(says(t.tooYoung));

      // The type-ahead: part of a real address, chosen with the keyboard, fills the fields.
      const home = addressOf(page, t, t.home);
      const listbox = page.getByRole('listbox');
      // The first search may renew the sign-in silently (tokens idle out after 5 s here): let it
      // settle before typing on, as a renewal closes the suggestions (see the report).
      const firstFind = page.waitForResponse((response) =>
        response.url().includes('/addressLookup/find'),
      );
      await home.lookup.pressSequentially(t.lookupQuery.slice(0, 3));
      await firstFind;
      await expect(page.getByText(t.prefilled, { exact: true })).toHaveCount(1);
      await home.lookup.pressSequentially(t.lookupQuery.slice(3), { delay: 20 });
      const suggestion = listbox.getByRole('option').first();
      await expect(suggestion).toContainText(t.suggestion);
      await expect(suggestion).toContainText(t.suggestionDescription);
      await screenshot(page, `profile-address-lookup-${language}`);
      await home.lookup.press('ArrowDown');
      await home.lookup.press('Enter');
      await expect(home.streetNumber).toHaveValue(t.streetNumberFound);
      await expect(home.streetName).toHaveValue(t.streetNameFound);
      await expect(home.city).toHaveValue(t.cityFound);
      await expect(selectedLabel(home.province)).toHaveText(t.provinceFound);
      await expect(home.postalCode).toHaveValue(t.postalCodeFound);
      // The list closes and the box empties, ready for another search.
      await expect(listbox).toHaveCount(0);
      await expect(home.lookup).toHaveValue('');

      // A PO box is not where anyone lives.
      await home.streetName.fill(t.poBox);
      await saveAndContinue(page, t).click();
      await expect(summary).toBeFocused();
      await expect(
        summary.getByRole('link', { name: endsWith(t.poBoxNotAllowed) }),
      ).toHaveAttribute('href', '#homeAddress-streetName');
      await expect(home.streetName).toHaveAccessibleDescription(says(t.poBoxNotAllowed));
      await screenshot(page, `profile-errors-${language}`);
      await home.streetName.fill(t.streetNameFound);

      // Everything valid.
      await fillProfile(page, t, answers);
      await expect(home.streetName).toHaveValue(answers.homeAddress.streetName);
      await screenshot(page, `profile-filled-${language}`);
      await saveToFinancial(page, t, id);
      await toDashboard(page, t);
      await expect(applicationCard(page, id)).toContainText(t.tfsa);
    });

    test('the saved profile comes back after signing out, SIN masked', async ({ page }) => {
      test.setTimeout(120_000);
      const email = await signInThroughApi(page, language);
      const id = await openProfileStep(page, t);
      await fillProfile(page, t, answers);
      await saveToFinancial(page, t, id);

      // Sign out, then in again through the sign-in page.
      await page.getByRole('button', { name: t.logout }).click();
      await expect(heading(page, t.signIn)).toBeVisible();
      await page.getByLabel(t.signInEmail).fill(email);
      await page.getByLabel(t.password).fill(PASSWORD);
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(heading(page, t.dashboard)).toBeVisible();

      // Continue resumes on the financial background; Back shows the saved profile.
      await backToProfile(page, t, id, 'profile');
      await expect(heading(page, t.heading)).toBeVisible();

      // The SIN is never sent back: its box is empty, and the hint shows it masked.
      const sin = fieldOf(page, t.sin);
      await expect(sin).toHaveValue('');
      await expect(sin).toHaveAccessibleDescription(t.sinSaved);
      await expect(page.getByText(t.sinSaved, { exact: true })).toBeVisible();
      await expect(page.getByText('130 692 544')).toHaveCount(0);

      // The other answers are kept (as the server normalized them).
      await expect(selectedLabel(fieldOf(page, t.title))).toHaveText(answers.title);
      const birthDate = dateBoxes(page, t, t.birthDate);
      await expect(birthDate.day).toHaveValue('27');
      await expect(birthDate.month).toHaveValue('3');
      await expect(birthDate.year).toHaveValue('1985');
      await expect(selectedLabel(fieldOf(page, t.maritalStatus))).toHaveText(answers.maritalStatus);
      await expect(selectedLabel(fieldOf(page, t.citizenship))).toHaveText(answers.citizenship);
      const phone = page.getByRole('group', { name: t.phoneGroup, exact: true });
      await expect(selectedLabel(fieldOf(phone, t.phoneType))).toHaveText(answers.phoneType);
      await expect(fieldOf(phone, t.phoneNumber)).toHaveValue(
        answers.phoneNumber.replace(/\D/g, ''),
      );
      const home = addressOf(page, t, t.home);
      await expect(home.streetNumber).toHaveValue(answers.homeAddress.streetNumber);
      await expect(home.streetName).toHaveValue(answers.homeAddress.streetName);
      await expect(home.city).toHaveValue(answers.homeAddress.city);
      await expect(selectedLabel(home.province)).toHaveText(answers.homeAddress.province);
      await expect(home.postalCode).toHaveValue(answers.homeAddress.postalCode.toUpperCase());
      await expect(choiceIn(page, t.mailingSameAsHome, 'radio', t.yes)).toBeChecked();
      await expect(choiceIn(page, t.movedWithinTwoYears, 'radio', t.no)).toBeChecked();
      await expect(selectedLabel(fieldOf(page, t.employmentStatus))).toHaveText(
        answers.employmentStatus,
      );
      await expect(fieldOf(page, t.employerName)).toHaveValue(answers.employerName);
      await expect(selectedLabel(fieldOf(page, t.industry))).toHaveText(answers.industry);
      await expect(fieldOf(page, t.occupation)).toHaveValue(answers.occupation);
      await expect(selectedLabel(fieldOf(page, t.employerProvince))).toHaveText(
        answers.employerProvince,
      );
      await expect(fieldOf(page, t.employerCity)).toHaveValue(answers.employerCity);
      await expect(fieldOf(page, t.annualIncome)).toHaveValue('85000');
      await expect(selectedLabel(fieldOf(page, t.incomeSource))).toHaveText(answers.incomeSource);
      await expect(fieldOf(page, t.netFixedAssets)).toHaveValue('250000');
      await expect(fieldOf(page, t.netLiquidAssets)).toHaveValue('40000');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `profile-resumed-${language}`);

      // Saving again without typing the SIN keeps the one on file.
      await saveToFinancial(page, t, id);
      await toDashboard(page, t);
      await backToProfile(page, t, id, 'profile');
      await expect(fieldOf(page, t.sin)).toHaveAccessibleDescription(t.sinSaved);
    });

    test("a joint application asks the joint applicant's profile", async ({
      page,
      context,
      pageErrors,
    }) => {
      test.setTimeout(120_000);
      pageErrors.allow({
        status: 400,
        url: /\/steps\/profilejoint$/,
        why: "a second tab gives the joint applicant the primary's SIN: the server refuses it",
      });
      const email = await signInThroughApi(page, language);
      const id = await openProfileStep(page, t, { joint: true });
      await fillProfile(page, t, answers);
      await saveAndContinue(page, t).click();

      // The joint applicant's profile: nothing prefilled, names and email asked.
      await expect(page).toHaveURL(profileUrl('profilejoint', id));
      await expect(heading(page, t.jointHeading)).toBeVisible();
      await expect(page.getByText(t.prefilled, { exact: true })).toHaveCount(0);
      const jointEmail = newEmail('joint');
      const joint: ProfileAnswers = {
        ...answers,
        title: t.dr,
        firstName: 'Sam',
        lastName: 'Martin-Roy',
        birthDate: { day: '14', month: '11', year: '1987' },
        // The primary's SIN and email.
        sin: '130 692 544',
        email,
        confirmEmail: email,
        employerName: language === 'en' ? 'Bytown Health' : 'Santé Ville-Marie',
      };
      await fillProfile(page, t, joint);
      await saveAndContinue(page, t).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      // The page knows the primary's email, not their SIN (it keeps what the server saved:
      // the SIN masked); the server checks the SIN below.
      await expect(summary.getByRole('link')).toHaveText([endsWith(t.emailSameAsPrimary)]);
      await expect(fieldOf(page, t.email)).toHaveAccessibleDescription(says(t.emailSameAsPrimary));
      await expect(page).toHaveURL(profileUrl('profilejoint', id));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `profile-joint-same-as-primary-${language}`);

      // Their own email, but the confirmation still the primary's.
      await fieldOf(page, t.email).fill(jointEmail);
      await saveAndContinue(page, t).click();
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveText([endsWith(t.emailMismatch)]);
      await expect(fieldOf(page, t.jointConfirmEmail)).toHaveAccessibleDescription(
        says(t.emailMismatch),
      );
      await screenshot(page, `profile-joint-email-mismatch-${language}`);

      // A second tab with both emails right: the server refuses the primary's SIN.
      const tabB = await context.newPage();
      // The tab in front, as a person's would be: a page behind gets no animation frames, and
      // Playwright waits for two before it clicks (a CI run waited on a radio until it timed out).
      await tabB.bringToFront();
      await tabB.goto(`/#/application/${id}/profilejoint`);
      await expect(heading(tabB, t.jointHeading)).toBeVisible();
      await fillProfile(tabB, t, { ...joint, email: jointEmail, confirmEmail: jointEmail });
      // The token idles out after 5 s in these tests: on a busy machine the save may first be
      // answered 401 and sent again with a renewed one; the server's verdict is the other answer.
      const answer = tabB.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' &&
          response.url().endsWith(`/applications/${id}/steps/profilejoint`) &&
          response.status() !== 401,
      );
      await saveAndContinue(tabB, t).click();
      expect((await answer).status()).toBe(400);
      const summaryB = errorSummary(tabB, t);
      await expect(summaryB).toBeFocused();
      await expect(summaryB.getByRole('link')).toHaveText([endsWith(t.sinSameAsPrimary)]);
      await expect(fieldOf(tabB, t.sin)).toHaveAccessibleDescription(says(t.sinSameAsPrimary));
      await expect(tabB).toHaveURL(profileUrl('profilejoint', id));
      await tabB.close();
      await page.bringToFront();

      // Their own SIN and a matching confirmation: the joint profile saves.
      await fieldOf(page, t.sin).fill('193 456 787');
      await fieldOf(page, t.jointConfirmEmail).fill(jointEmail.toUpperCase());
      await saveToFinancial(page, t, id);
      await screenshot(page, `profile-joint-saved-${language}`);

      // The joint applicant's profile, saved, is the step before the financial background.
      await toDashboard(page, t);
      await backToProfile(page, t, id, 'profilejoint');
      await expect(fieldOf(page, t.firstName)).toHaveValue('Sam');
      await expect(fieldOf(page, t.sin)).toHaveValue('');
      await expect(fieldOf(page, t.sin)).toHaveAccessibleDescription(t.sinSavedJoint);
    });
  });
}

test.describe('the profile keeps what was typed (issue 30)', () => {
  const t = text.en;
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('a browser notice (ResizeObserver loop) leaves the person on the form, reported', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    pageErrors.allow({
      message: /^browser notice ResizeObserver loop completed with undelivered notifications\.$/,
      why: 'the journey dispatches the notice itself; the global handler logs and reports it',
    });
    await signInThroughApi(page, 'en');
    const id = await openProfileStep(page, t);
    await fieldOf(page, t.firstName).fill('Alexis');
    await fieldOf(page, t.lastName).fill('Martineau');
    const report = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/service/jaxrs/errors'),
    );
    // What Chromium dispatches when a list resizes while it opens: an ErrorEvent with no error.
    await page.evaluate(() => {
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'ResizeObserver loop completed with undelivered notifications.',
          error: null,
        }),
      );
    });
    expect((await report).postDataJSON()).toMatchObject({
      errorField: 'notice ResizeObserver loop completed with undelivered notifications.',
    });
    await expect(page).toHaveURL(profileUrl('profile', id));
    await expect(heading(page, t.heading)).toBeVisible();
    await expect(fieldOf(page, t.firstName)).toHaveValue('Alexis');
    await expect(fieldOf(page, t.lastName)).toHaveValue('Martineau');
  });

  test('the sidebar moves to a section on the same page, and Back keeps what was typed', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInThroughApi(page, 'en');
    const id = await openProfileStep(page, t);
    await fieldOf(page, t.firstName).fill('Alexis');
    const sidebar = page.getByRole('navigation', { name: 'Fill in your profile' });
    await sidebar.getByRole('link', { name: 'Employment' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Employment' })).toBeFocused();
    await expect(page).toHaveURL(profileUrl('profile', id));
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expect(fieldOf(page, t.firstName)).toHaveValue('Alexis');

    // Whatever moves the address outside the app's own links (here, a typed address), Back
    // brings the person to the form as they left it.
    await page.evaluate(() => {
      window.location.hash = '#/version';
    });
    await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(profileUrl('profile', id));
    await expect(fieldOf(page, t.firstName)).toHaveValue('Alexis');
    await expect(page.getByRole('heading', { name: 'We kept what you typed' })).toBeVisible();
  });
});
