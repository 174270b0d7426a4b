import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newEmail, PASSWORD, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import { screenshot } from '../support/pages.ts';
import { applicationAtReview, montrealHome, tokenOf } from '../support/seed.ts';
import { journeyWords, signInWords } from '../support/words.ts';
import { baseURL } from '../playwright.config.ts';

/**
 * Each person's language (issue 12 items 8 and 10, ADR 0016): the account's language wins once
 * signed in, whatever the browser; a Quebec applicant's agreements come in French first.
 * The visible words come from apps/web/src/locales and the domain's agreement-language rule.
 */
const words = {
  reviewFr: "Vérifiez vos réponses avant d'accepter",
  reviewEn: 'Check your answers before you agree',
  settingsFr: 'Paramètres du compte',
  toEnglish: 'View this page in English',
  frenchFirst: /^Customer agreements, French version \(version 2026-11\)/,
  englishSecond: /^Customer agreements, English version \(version 2026-11\)/,
  expressChoice: /^Je souhaite expressément être lié\(e\) par la version anglaise/,
  consent: /I have read the customer agreements/,
  agree: 'Agree and continue',
  signing: 'Sign your application',
  identity: 'Confirm your identity',
} as const;

/** A browser as a stranger's: English, no cookie of ours. */
async function freshEnglishBrowser(browser: Browser, cookies: { lang?: string } = {}) {
  const context = await browser.newContext({ locale: 'en-CA', baseURL });
  if (cookies.lang) await context.addCookies([{ name: 'lang', value: cookies.lang, url: baseURL }]);
  return context;
}

/** Signs in through the server's own sign-in page, in whatever language it shows. */
async function signInOnThePage(page: Page, email: string, t: (typeof signInWords)['en']) {
  await page.goto('/#/home/dashboard');
  await expect(heading(page, t.signIn)).toBeVisible();
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill(PASSWORD);
  await page.getByRole('button', { name: t.signInButton }).click();
}

test('a French account signing in from an English browser sees French everywhere, and the switch to English is kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The account is made in French (registration's language), then left.
  const email = newEmail('francine');
  const primary = { firstName: 'Francine', lastName: 'Lavoie', email };
  await signInThroughApi(page, 'fr', primary);
  const id = await applicationAtReview(page.request, { primary, language: 'fr' });

  // A fresh English browser: the sign-in page follows its (absent) cookie, so English.
  const context = await freshEnglishBrowser(browser);
  const fresh = await context.newPage();
  await signInOnThePage(fresh, email, signInWords.en);
  await expect(heading(fresh, signInWords.fr.dashboard)).toBeVisible();
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expectNoSeriousA11yViolations(fresh);

  await fresh.goto(`/#/application/${id}/review`);
  await expect(heading(fresh, words.reviewFr)).toBeVisible();
  await fresh.goto('/#/home/settings');
  await expect(heading(fresh, words.settingsFr)).toBeVisible();

  // The switch changes the page and saves the choice to the account.
  const saved = fresh.waitForResponse(
    (response) =>
      response.url().endsWith('/account/language') && response.request().method() === 'PUT',
  );
  await fresh.getByRole('button', { name: words.toEnglish }).click();
  expect((await saved).status()).toBe(200);
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'en-CA');
  await fresh.getByRole('button', { name: signInWords.en.logout }).click();
  await expect(heading(fresh, signInWords.en.signIn)).toBeVisible();
  await context.close();

  // Another fresh browser, this one even remembering French: the account's English wins.
  const again = await freshEnglishBrowser(browser, { lang: 'fr' });
  const later = await again.newPage();
  await signInOnThePage(later, email, signInWords.fr);
  await expect(heading(later, signInWords.en.dashboard)).toBeVisible();
  await expect(later.locator('html')).toHaveAttribute('lang', 'en-CA');
  await again.close();
});

test('a Quebec applicant gets the agreements in French first, and English binds only by the express choice', async ({
  page,
}) => {
  const email = newEmail('quebec');
  const primary = { firstName: 'Jean', lastName: 'Tremblay', email };
  await signInThroughApi(page, 'en', primary);
  const id = await applicationAtReview(page.request, {
    primary,
    language: 'en',
    homeAddress: montrealHome,
  });

  await page.goto(`/#/application/${id}/review`);
  await expect(heading(page, words.reviewEn)).toBeVisible();
  const links = page.getByRole('link', { name: /^Customer agreements, (French|English) version/ });
  await expect(links).toHaveCount(2);
  await expect(links.first()).toHaveAccessibleName(words.frenchFirst);
  await expect(links.first()).toHaveAttribute(
    'href',
    '/documents/customer-agreements-2026-11.fr.html',
  );
  await expect(links.last()).toHaveAccessibleName(words.englishSecond);
  const choice = page.getByRole('checkbox', { name: words.expressChoice });
  await expect(choice).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'en-review-quebec-agreements');

  // The documents are real pages of the product, in French and English.
  for (const language of ['fr', 'en']) {
    const document = await page.request.get(
      `/documents/customer-agreements-2026-11.${language}.html`,
    );
    expect(document.status()).toBe(200);
    expect(await document.text()).toContain(`<html lang="${language}-CA">`);
  }

  await choice.check();
  await page.getByLabel(words.consent).check();
  await page.getByRole('button', { name: words.agree }).click();
  // Agreed: on to funding the accounts (issue 14), then confirming the identity (issue 13).
  await expect(heading(page, 'Fund your accounts')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, words.identity).or(heading(page, words.signing))).toBeVisible();

  // What the server kept: the express choice, dated, with its words and the file's hash.
  const answer = await page.request.get(`/service/jaxrs/applications/${id}`, {
    headers: { authorization: `Bearer ${await tokenOf(page.request)}` },
  });
  const review = (
    (await answer.json()) as { steps: { review: { agreement: Record<string, unknown> } } }
  ).steps.review;
  expect(review.agreement).toMatchObject({
    documentId: 'customer-agreements-2026-11',
    version: '2026-11',
    language: 'en',
    frenchPresented: { documentId: 'customer-agreements-2026-11' },
    englishChoice: { wording: { fr: expect.stringMatching(words.expressChoice) } },
  });
  expect(review.agreement.sha256).toMatch(/^[0-9a-f]{64}$/);
});

test('the financial step links the relationship disclosure, states why a trusted contact may be called, and notes a decline (French)', async ({
  page,
}) => {
  const email = newEmail('disclosure');
  const primary = { firstName: 'Marie', lastName: 'Gagnon', email };
  await signInThroughApi(page, 'fr', primary);
  // The seeded answers decline a trusted contact.
  const id = await applicationAtReview(page.request, { primary, language: 'fr' });

  await page.goto(`/#/application/${id}/otherinterests`);
  await expect(heading(page, journeyWords.fr.financialHeading)).toBeVisible();
  const disclosure = page.getByRole('link', {
    name: /^Lire le document d'information sur la relation \(version 2026-11\)/,
  });
  await expect(disclosure).toHaveAttribute(
    'href',
    '/documents/relationship-disclosure-2026-11.fr.html',
  );
  await expect(disclosure).toHaveAttribute('target', '_blank');
  const served = await page.request.get('/documents/relationship-disclosure-2026-11.fr.html');
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain('Ombudsman des services bancaires et d’investissement');

  const trusted = page.getByRole('group', {
    name: 'Voulez-vous désigner une personne de confiance?',
  });
  await expect(trusted.getByRole('listitem')).toHaveCount(4);
  await expect(trusted).toContainText('exploitation financière');
  await expect(trusted).toContainText('représentant légal');
  await expect(page.getByText(/^Aucune personne de confiance ne sera désignée/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
