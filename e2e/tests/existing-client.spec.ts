import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { authorizeNavigation, signInThroughApi } from '../support/accounts.ts';
import { stepUrl } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { existingClient } from '../support/identities.ts';
import { endsWith, errorSummary, heading, saveAndContinue, says } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import {
  fieldOf,
  fillProfile,
  openProfileStep,
  profileUrl,
  type ProfileAnswers,
} from '../support/profile.ts';
import { tokenOf } from '../support/seed.ts';
import { journeyWords } from '../support/words.ts';

/**
 * Existing clients (issue 17; spec sections 6 and 8), with the seeded existing client (README
 * demo users): a new login giving the client's SIN and birth date on the profile is told to
 * sign in with the existing account; the client, signed in, starts a new application from
 * their approved profile, who they are shown read-only, and confirms it.
 */

/** The visible words: profile.json and packages/domain/src/messages/profile-messages.ts. */
const text = {
  en: {
    ...journeyWords.en,
    existingAccount:
      'Our records indicate that you have an existing account. Please log in with your existing username to begin a new application.',
    welcomeBack: 'Welcome back',
    birthDateShown: 'April 12, 1975',
  },
  fr: {
    ...journeyWords.fr,
    existingAccount:
      "Nos dossiers indiquent que vous avez déjà un compte. Veuillez ouvrir une session avec votre nom d'utilisateur existant pour commencer une nouvelle demande.",
    welcomeBack: 'Bon retour parmi nous',
    birthDateShown: '12 avril 1975',
  },
} as const;

type Text = (typeof text)[Language];

/** The existing client's SIN and birth date, everything else a new person's. */
const answersOf = (t: Text): ProfileAnswers => ({
  title: t.mr,
  birthDate: existingClient.birthDate,
  sin: existingClient.sin,
  maritalStatus: t.single,
  citizenship: t.canada,
  phoneType: t.mobile,
  phoneNumber: '(613) 555-0142',
  homeAddress: {
    streetNumber: '327',
    streetName: 'Bank St',
    city: 'Ottawa',
    province: 'Ontario',
    postalCode: 'K1S 8H4',
  },
  employmentStatus: t.fullTime,
  employerName: 'Rideau Analytics Inc.',
  industry: t.finance,
  occupation: t.financeOccupation,
  employerCountry: t.canada,
  employerProvince: 'Ontario',
  employerCity: 'Ottawa',
  annualIncome: '85000',
  incomeSource: t.investments,
  netFixedAssets: '250000',
  netLiquidAssets: '40000',
});

/** An application of the signed-in person answered up to its profile, through the API. */
async function applicationAtProfile(page: Page): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(page.request)}` };
  const created = await page.request.post('/service/jaxrs/applications', { headers, data: {} });
  expect(created.status()).toBe(201);
  const { id, version: first } = (await created.json()) as { id: string; version: number };
  let version = first;
  for (const [step, data] of [
    ['ownership', { ownershipTypeId: 1 }],
    ['doyouknow', { knowsAccount: true }],
    ['allaccounts', { accounts: ['tfsa'] }],
    ['account', {}],
  ] as const) {
    const saved = await page.request.put(`/service/jaxrs/applications/${id}/steps/${step}`, {
      headers,
      data: { version, data },
    });
    expect(saved.status(), step).toBe(200);
    version = ((await saved.json()) as { version: number }).version;
  }
  return id;
}

/** Signs the seeded existing client in (no second factor for clients). */
async function signInAsExistingClient(page: Page): Promise<void> {
  const login = await page.request.post('/security/login', {
    form: { username: existingClient.email, password: existingClient.password },
  });
  expect(login.status()).toBe(204);
  await page.goto(authorizeNavigation);
  await expect(page).toHaveURL(/#\/home\/dashboard$/);
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`existing clients in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('a new login with an existing client’s SIN and birth date is told to use the existing account', async ({
      page,
      pageErrors,
    }) => {
      pageErrors.allow({
        status: 400,
        url: /\/steps\/profile$/,
        why: 'the profile with an existing client’s SIN and birth date is refused, naming the existing account',
      });
      test.setTimeout(90_000);
      await signInThroughApi(page, language);
      const id = await applicationAtProfile(page);
      await page.goto(`/#/application/${id}/profile`);
      await expect(heading(page, t.heading)).toBeVisible();
      await fillProfile(page, t, answersOf(t));
      await saveAndContinue(page, t).click();

      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: endsWith(t.existingAccount) })).toBeVisible();
      await expect(fieldOf(page, t.sin)).toHaveAccessibleDescription(says(t.existingAccount));
      // Nothing moved on: the person stays on the profile, their answers kept.
      await expect(page).toHaveURL(profileUrl('profile', id));
      await expect(fieldOf(page, t.sin)).toHaveValue(existingClient.sin);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `existing-client-refused-${language}`);
    });
  });
}

/** The header's language button, named in the other language ("Afficher cette page en français"). */
const switchLanguage = {
  en: 'Afficher cette page en français',
  fr: 'View this page in English',
} as const;

/**
 * One journey for both languages: the account's language wins once signed in, and the seeded
 * client is one account, so the languages take turns (and English is left as it was found).
 */
test('the existing client starts a new application from their profile and confirms it, in English and in French', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await useLanguage(page.context(), 'en');
  await signInAsExistingClient(page);
  try {
    for (const language of ['en', 'fr'] as const) {
      const t = text[language];
      if (language === 'fr') {
        await page.getByRole('button', { name: switchLanguage.en }).click();
        await expect(page.getByRole('button', { name: t.start })).toBeVisible();
      }
      const id = await openProfileStep(page, t);

      await expect(page.getByRole('heading', { name: t.welcomeBack })).toBeVisible();
      // Who they are is shown, not asked: no box for the SIN or the birth date.
      await expect(page.getByText(existingClient.sinMasked, { exact: true })).toBeVisible();
      await expect(page.getByText(t.birthDateShown, { exact: true })).toBeVisible();
      await expect(page.getByText(existingClient.lastName, { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.sin })).toHaveCount(0);
      await expect(page.getByRole('group', { name: t.birthDate, exact: true })).toHaveCount(0);
      // The rest is filled in and editable.
      await expect(fieldOf(page, t.netLiquidAssets)).not.toHaveValue('');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `existing-client-prefilled-${language}`);

      await saveAndContinue(page, t).click();
      await expect(page).toHaveURL(stepUrl('otherinterests', id));
      await expect(heading(page, t.financialHeading)).toBeVisible();
      await page.goto('/#/home/dashboard');
      await expect(heading(page, t.dashboard)).toBeVisible();
    }
  } finally {
    // The demo account stays in English for whoever uses it next.
    const back = page.getByRole('button', { name: switchLanguage.fr });
    if (await back.isVisible()) await back.click();
    await expect(page.getByRole('button', { name: switchLanguage.en })).toBeVisible();
  }
});
