import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { errorSummary, saveAndContinue } from '../support/locators.ts';
import { screenshot, useLanguage } from '../support/pages.ts';
import { profileUrl } from '../support/profile.ts';
import { tokenOf } from '../support/seed.ts';

/**
 * Issue 12 item 5: every entry of an error summary says which field, and whose when it is not
 * the applicant's own; a SIN says why it is refused; registration names what is missing; a
 * corrected answer's message goes at once.
 */

/** The visible words (security-pages.locales.ts, profile.json, forms.json, domain messages). */
const text = {
  en: {
    errorSummary: 'There is a problem',
    saveAndContinue: 'Save and continue',
    registerButton: 'Create account',
    registerMissing: [
      'First name: Required.',
      'Last name: Required.',
      'Email address: Required.',
      'Password: Required.',
    ],
    maritalStatus: 'Marital status',
    married: 'Married',
    sin: 'Social insurance number (SIN)',
    sinFirstDigit:
      'Social insurance number (SIN): A SIN never starts with 0 or 8. Check the first digit.',
    ownBirthDate: 'Date of birth: Required.',
    spouseBirthDate: 'Spouse - Date of birth: Required.',
    spouseSin: 'Spouse - Social insurance number (SIN): A SIN has 9 digits.',
  },
  fr: {
    errorSummary: 'Il y a un problème',
    saveAndContinue: 'Enregistrer et continuer',
    registerButton: 'Créer le compte',
    registerMissing: [
      'Prénom : Obligatoire.',
      'Nom de famille : Obligatoire.',
      'Adresse courriel : Obligatoire.',
      'Mot de passe : Obligatoire.',
    ],
    maritalStatus: 'État civil',
    married: 'Marié ou mariée',
    sin: "Numéro d'assurance sociale (NAS)",
    sinFirstDigit:
      "Numéro d'assurance sociale (NAS) : Un NAS ne commence jamais par 0 ni par 8. Vérifiez le premier chiffre.",
    ownBirthDate: 'Date de naissance : Obligatoire.',
    spouseBirthDate: 'Conjoint ou conjointe - Date de naissance : Obligatoire.',
    spouseSin:
      "Conjoint ou conjointe - Numéro d'assurance sociale (NAS) : Un NAS compte 9 chiffres.",
  },
} as const;

/** An application whose account steps are answered through the API, at its profile step. */
async function applicationAtProfile(request: APIRequestContext): Promise<string> {
  const API = '/service/jaxrs';
  const headers = { authorization: `Bearer ${await tokenOf(request)}` };
  const created = await request.post(`${API}/applications`, { headers, data: {} });
  expect(created.status()).toBe(201);
  const { id, version: first } = (await created.json()) as { id: string; version: number };
  let version = first;
  for (const [step, data] of [
    ['ownership', { ownershipTypeId: 1 }],
    ['doyouknow', { knowsAccount: true }],
    ['allaccounts', { accounts: ['tfsa'] }],
    ['account', {}],
  ] as const) {
    const saved = await request.put(`${API}/applications/${id}/steps/${step}`, {
      headers,
      data: { version, data },
    });
    expect(saved.status(), step).toBe(200);
    ({ version } = (await saved.json()) as { version: number });
  }
  return id;
}

/** The summary's link that says exactly this. */
const summaryLink = (page: Page, t: { errorSummary: string }, name: string) =>
  errorSummary(page, t).getByRole('link', { name, exact: true });

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`error messages in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('registration names each missing field in its summary', async ({ page, pageErrors }) => {
      pageErrors.allow({
        status: 400,
        url: /\/security\/register$/,
        why: 'the empty registration is refused: the page is shown again with its summary',
      });
      await page.goto('/security/register');
      await page.getByRole('button', { name: t.registerButton }).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeVisible();
      await expect(summary.getByRole('link')).toHaveText([...t.registerMissing]);
      await expectNoSeriousA11yViolations(page);
    });

    test('the profile says whose answer each problem is, why a SIN is refused, and forgets what is fixed', async ({
      page,
    }) => {
      await signInThroughApi(page, language);
      const id = await applicationAtProfile(page.request);
      await page.goto(`/#/application/${id}/profile`);
      await expect(page).toHaveURL(profileUrl('profile', id));
      await page.getByLabel(t.maritalStatus, { exact: true }).selectOption({ label: t.married });
      const sin = page.getByLabel(t.sin, { exact: true }).first();
      await sin.fill('046 454 286');
      const spouseSin = page.locator('#spouse-sin');
      await spouseSin.fill('1234');
      await saveAndContinue(page, t).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      await expect(summaryLink(page, t, t.sinFirstDigit)).toHaveAttribute('href', '#sin');
      await expect(summaryLink(page, t, t.ownBirthDate)).toHaveAttribute('href', '#birthDate');
      await expect(summaryLink(page, t, t.spouseBirthDate)).toHaveAttribute(
        'href',
        '#spouse-birthDate',
      );
      await expect(summaryLink(page, t, t.spouseSin)).toHaveAttribute('href', '#spouse-sin');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `errors-whose-${language}`);

      // Corrected, the SIN's message goes from the summary and from beside the field at once.
      await sin.fill('130 692 544');
      await expect(summaryLink(page, t, t.sinFirstDigit)).toHaveCount(0);
      await expect(page.locator('#sin-error')).toHaveCount(0);
      await expect(sin).toBeFocused();
      await expect(summaryLink(page, t, t.spouseSin)).toHaveCount(1);
      await saveAndContinue(page, t).click();
      await expect(summary).toBeFocused();
      await expect(summaryLink(page, t, t.sinFirstDigit)).toHaveCount(0);
      await expect(summaryLink(page, t, t.spouseBirthDate)).toHaveCount(1);
    });
  });
}
