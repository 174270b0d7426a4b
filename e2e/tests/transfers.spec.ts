import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { applicationAtReview } from '../support/seed.ts';

/**
 * Transfers in from other institutions (issue 15), in English and French, one sign-up per
 * language shared by the journeys (serial): from the funding step, a partial transfer of two
 * lines out of an account at an institution found by search, the holder and address prefilled
 * from the profile and changed to the statement's wording (the first name without its accent
 * and in capitals, "Queen Street West" for the profile's "Queen St W", the SIN left to the one
 * on file: the same person and address, issue 30), the pre-check catching only an RRSP sent
 * into the TFSA, fixed, then signed in the sandbox ceremony, which returns to the application's
 * funding step, where it shows as submitted with its expected date and the applicant goes on to
 * the next step; then
 * on the funding page a full transfer cancelled before signing, after the confirmation.
 */

/** The visible words (transfers.json, funding.json, review.json, the sandbox ceremony, the domain's messages). */
const words = {
  en: {
    reviewHeading: 'Check your answers before you agree',
    consent: /I have read the customer agreements and I agree to them/,
    agree: 'Agree and continue',
    stepTitle: 'Fund your accounts',
    transferOption: 'Transfer from another financial institution',
    requestTransfer: 'Request a transfer',
    requestAnother: 'Request another transfer',
    institution: 'Institution the account is at',
    accountNumber: 'Account number at the other institution',
    accountType: 'Type of the account at the other institution',
    rrsp: 'Registered Retirement Savings Plan (RRSP)',
    tfsa: 'Tax-Free Savings Account (TFSA)',
    partial: 'Part of it',
    allInKind: 'All of it, as held (in kind)',
    line: (number: number) => `Line ${number}`,
    sellThenMove: 'Sell, then move the cash',
    symbol: 'Symbol',
    securityName: 'Name of the investment',
    quantity: 'Quantity',
    addLine: 'Add a line',
    approximateValue: 'Approximate value of the account',
    firstName: 'First name',
    lastName: 'Last name',
    sin: 'Social insurance number',
    birthDate: 'Date of birth',
    day: 'Day',
    month: 'Month',
    year: 'Year',
    streetNumber: 'Street number',
    streetName: 'Street name',
    city: 'City',
    province: 'Province or territory',
    ontario: 'Ontario',
    postalCode: 'Postal code',
    submit: 'Check and continue to signing',
    errorSummary: 'There is a problem',
    sinOnFile: /Leave it blank to use the number in your profile \(\*\*\* \*\*\* 544\)/,
    planProblem:
      /cannot receive a transfer from that type of plan.*Account transferred: .*\(RRSP\).*Receiving account: .*\(TFSA\)/,
    signHeading: 'Sign the transfer authorization',
    signOpen: 'Sign the authorization',
    continue: 'Continue',
    leaveTitle: 'Leave without signing?',
    stay: 'Stay and sign',
    typedName: 'Your full name',
    signDocument: 'Sign the document',
    signed: /your transfer authorization is signed/,
    pageHeading: 'Funding',
    progress: 'Application progress',
    nextStepTitle: 'Confirm your identity',
    itemName: /^Questrade •••••\d{3} to TFSA$/,
    submitted: 'Submitted',
    expectedBy: /^by \w+day, \w+ \d{1,2}, \d{4}$/,
    unsigned: 'Not signed: not processed',
    cancelTransfer: 'Cancel this transfer',
    confirmTitle: 'Cancel this transfer?',
    confirmYes: 'Cancel the transfer',
    confirmNo: 'Keep it',
    cancelledMessage: 'The transfer from Questrade is cancelled.',
    cancelled: 'Cancelled',
  },
  fr: {
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    consent: /J'ai lu les conventions du client et je les accepte/,
    agree: 'Accepter et continuer',
    stepTitle: 'Approvisionner vos comptes',
    transferOption: 'Transfert depuis une autre institution financière',
    requestTransfer: 'Demander un transfert',
    requestAnother: 'Demander un autre transfert',
    institution: 'Institution où se trouve le compte',
    accountNumber: "Numéro du compte à l'autre institution",
    accountType: "Type du compte à l'autre institution",
    rrsp: "Régime enregistré d'épargne-retraite (REER)",
    tfsa: "Compte d'épargne libre d'impôt (CELI)",
    partial: 'Une partie',
    allInKind: 'La totalité, telle quelle (en nature)',
    line: (number: number) => `Ligne ${number}`,
    sellThenMove: 'Vendre, puis transférer les espèces',
    symbol: 'Symbole',
    securityName: 'Nom du placement',
    quantity: 'Quantité',
    addLine: 'Ajouter une ligne',
    approximateValue: 'Valeur approximative du compte',
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    sin: "Numéro d'assurance sociale",
    birthDate: 'Date de naissance',
    day: 'Jour',
    month: 'Mois',
    year: 'Année',
    streetNumber: 'Numéro de rue',
    streetName: 'Nom de la rue',
    city: 'Ville',
    province: 'Province ou territoire',
    ontario: 'Ontario',
    postalCode: 'Code postal',
    submit: 'Vérifier et passer à la signature',
    errorSummary: 'Il y a un problème',
    sinOnFile: /Laissez-le vide pour utiliser le numéro de votre profil \(\*\*\* \*\*\* 544\)/,
    planProblem:
      /ne peut pas recevoir un transfert de ce type de régime.*Compte transféré\s: .*\(REER\).*Compte de destination\s: .*\(CELI\)/,
    signHeading: "Signez l'autorisation de transfert",
    signOpen: "Signer l'autorisation",
    continue: 'Continuer',
    leaveTitle: /^Partir sans signer\?$/,
    stay: 'Rester et signer',
    typedName: 'Votre nom complet',
    signDocument: 'Signer le document',
    signed: /votre autorisation de transfert est signée/,
    pageHeading: 'Approvisionnement',
    progress: 'Progression de la demande',
    nextStepTitle: 'Confirmer votre identité',
    itemName: /^Questrade •••••\d{3} vers CELI$/,
    submitted: 'Soumis',
    expectedBy: /^d'ici le \p{L}+ \d{1,2} \p{L}+ \d{4}$/u,
    unsigned: /^Non signé\s: non traité$/,
    cancelTransfer: 'Annuler ce transfert',
    confirmTitle: /^Annuler ce transfert\?$/,
    confirmYes: 'Annuler le transfert',
    confirmNo: 'Le garder',
    cancelledMessage: 'Le transfert de Questrade est annulé.',
    cancelled: 'Annulé',
  },
} as const;
type Words = (typeof words)[Language];

const person = { firstName: 'Hélène', lastName: 'Tremblay' };

/** Her home as the profile has it, written as Canada Post abbreviates it. */
const home = {
  streetNumber: '118',
  streetName: 'Queen St W',
  city: 'Toronto',
  provinceId: 5,
  postalCode: 'M5H 2N2',
  countryId: 1,
};

/** One applicant per language whose TFSA application is agreed, on the funding step. */
async function agreedOnFunding(browser: Browser, language: Language, w: Words) {
  const context = await browser.newContext();
  await useLanguage(context, language);
  const page = await context.newPage();
  const primary = { ...person, email: newEmail(`transfers-${language}`) };
  await signInThroughApi(page, language, primary);
  const id = await applicationAtReview(page.request, {
    primary,
    language,
    accounts: ['tfsa'],
    homeAddress: home,
  });
  await page.goto(`/#/application/${id}/review`);
  await expect(heading(page, w.reviewHeading)).toBeVisible();
  await page.getByLabel(w.consent).check();
  await page.getByRole('button', { name: w.agree }).click();
  await expect(heading(page, w.stepTitle)).toBeVisible({ timeout: 20_000 });
  return { context, page };
}

/** The institution through the lookup: typed in part, chosen from the list. */
async function chooseQuestrade(page: Page, w: Words) {
  await page.getByRole('combobox', { name: w.institution }).fill('ques');
  await page.getByRole('option', { name: 'Questrade', exact: true }).click();
}

/** The holder and address as the statement prints them (her Toronto home). */
async function copyStatement(page: Page, w: Words, firstName: string) {
  await page.getByLabel(w.firstName, { exact: true }).fill(firstName);
  await page.getByLabel(w.lastName, { exact: true }).fill(person.lastName);
  await page.getByLabel(w.sin, { exact: true }).fill('130 692 544');
  const birth = page.getByRole('group', { name: w.birthDate });
  await birth.getByLabel(w.day, { exact: true }).fill('27');
  await birth.getByLabel(w.month, { exact: true }).fill('3');
  await birth.getByLabel(w.year, { exact: true }).fill('1985');
  await page.getByLabel(w.streetNumber, { exact: true }).fill(home.streetNumber);
  await page.getByLabel(w.streetName, { exact: true }).fill(home.streetName);
  await page.getByLabel(w.city, { exact: true }).fill(home.city);
  await page.getByLabel(w.province, { exact: true }).selectOption({ label: w.ontario });
  await page.getByLabel(w.postalCode, { exact: true }).fill(home.postalCode);
}

for (const language of ['en', 'fr'] as const) {
  const w = words[language];

  test.describe(`Transfers in, in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(90_000);
      ({ page } = await agreedOnFunding(browser, language, w));
    });

    test.afterAll(async () => {
      await page.context().close();
    });

    test('a partial transfer of two lines, prefilled and copied as the statement words it: the pre-check catches only the RRSP into a TFSA, then it is signed and the ceremony returns to the application', async () => {
      test.setTimeout(120_000);
      await page.getByRole('radio', { name: w.transferOption }).check();
      await page.getByRole('button', { name: w.requestTransfer }).click();

      await chooseQuestrade(page, w);
      await page.getByLabel(w.accountNumber).fill('58213477');
      await page.getByLabel(w.accountType).selectOption({ label: w.rrsp });
      await page.getByRole('radio', { name: w.partial }).check();
      const first = page.getByRole('group', { name: w.line(1), exact: true });
      await first.getByLabel(w.symbol, { exact: true }).fill('xiu');
      await first.getByLabel(w.securityName, { exact: true }).fill('iShares S&P/TSX 60 Index ETF');
      await first.getByLabel(w.quantity, { exact: true }).fill('100');
      await page.getByRole('button', { name: w.addLine }).click();
      const second = page.getByRole('group', { name: w.line(2), exact: true });
      await expect(second).toBeFocused();
      await second.getByRole('radio', { name: w.sellThenMove }).check();
      await second.getByLabel(w.symbol, { exact: true }).fill('ZAG');
      await second.getByLabel(w.securityName, { exact: true }).fill('BMO Aggregate Bond Index ETF');
      await second.getByLabel(w.quantity, { exact: true }).fill('250');
      await page.getByLabel(w.approximateValue).fill('20000');
      // The holder and address come from the profile; the SIN only masked, left blank.
      const firstName = page.getByLabel(w.firstName, { exact: true });
      await expect(firstName).toHaveValue(person.firstName);
      await expect(page.getByLabel(w.lastName, { exact: true })).toHaveValue(person.lastName);
      await expect(page.getByLabel(w.streetName, { exact: true })).toHaveValue(home.streetName);
      await expect(page.getByLabel(w.postalCode, { exact: true })).toHaveValue(home.postalCode);
      const birth = page.getByRole('group', { name: w.birthDate });
      await expect(birth.getByLabel(w.year, { exact: true })).toHaveValue('1985');
      const sin = page.getByLabel(w.sin, { exact: true });
      await expect(sin).toHaveValue('');
      await expect(sin).toHaveAccessibleDescription(w.sinOnFile);
      // As the statement prints them: the same person and the same address.
      await firstName.fill('HELENE');
      await page.getByLabel(w.lastName, { exact: true }).fill('TREMBLAY');
      await page.getByLabel(w.streetName, { exact: true }).fill('Queen Street West');
      await page.getByLabel(w.postalCode, { exact: true }).fill('m5h2n2');
      await page.getByRole('button', { name: w.submit }).click();

      const summary = page.getByRole('alert').filter({ hasText: w.errorSummary });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveCount(1);
      await expect(summary.getByRole('link').filter({ hasText: w.planProblem })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `transfer-precheck-${language}`);

      await page.getByLabel(w.accountType).selectOption({ label: w.tfsa });
      await page.getByRole('button', { name: w.submit }).click();
      await expect(page.getByRole('heading', { name: w.signHeading })).toBeVisible({
        timeout: 20_000,
      });
      // Leaving the step unsigned asks first; staying keeps the transfer to sign.
      await page.getByRole('button', { name: w.continue, exact: true }).click();
      const leave = page.getByRole('alertdialog', { name: w.leaveTitle });
      await leave.getByRole('button', { name: w.stay }).click();
      await expect(leave).toHaveCount(0);
      await expect(heading(page, w.stepTitle)).toBeVisible();
      await page.getByRole('button', { name: w.signOpen }).click();
      await expect(page).toHaveURL(/\/sandbox\/esign\//);
      await page.getByLabel(w.typedName).fill(`${person.firstName} ${person.lastName}`);
      await page.getByRole('button', { name: w.signDocument }).click();

      // Signed from inside the application, the ceremony returns to its funding step (findings
      // A-M4): the step bar, the transfer open at its sign step, and the applicant goes on.
      await expect(page).toHaveURL(/#\/application\/[^/]+\/funding\?transfer=/);
      await expect(heading(page, w.stepTitle)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('navigation', { name: w.progress })).toBeVisible();
      // The sign step asks every 2 s; the first ask may renew the idle sign-in.
      await expect(page.getByText(w.signed)).toBeVisible({ timeout: 25_000 });
      const item = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: w.itemName }),
      });
      await expect(item.getByText(w.submitted, { exact: true })).toBeVisible();
      await expect(item.getByText(w.expectedBy)).toBeVisible();
      await screenshot(page, `transfer-signed-${language}`);
      // Continue goes on to the application's next step, as the server names it: identity,
      // which comes before signing (issue 30, A-minor 9).
      await page.getByRole('button', { name: w.continue, exact: true }).click();
      await expect(heading(page, w.nextStepTitle)).toBeVisible({ timeout: 20_000 });
      await page.goto('/#/home/funding');
      await expect(heading(page, w.pageHeading)).toBeVisible({ timeout: 20_000 });
      await expect(item.getByText(w.submitted, { exact: true })).toBeVisible();
    });

    test('a full transfer cancelled before signing, after the confirmation', async () => {
      test.setTimeout(90_000);
      // On a phone, and the lookup and the confirmation by keyboard.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: w.requestAnother }).click();
      const lookup = page.getByRole('combobox', { name: w.institution });
      await lookup.focus();
      await page.keyboard.type('ques');
      await expect(page.getByRole('option', { name: 'Questrade', exact: true })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(lookup).toHaveValue('Questrade');
      await page.getByLabel(w.accountNumber).fill('77120455');
      await page.getByLabel(w.accountType).selectOption({ label: w.tfsa });
      await page.getByRole('radio', { name: w.allInKind }).check();
      await page.getByLabel(w.approximateValue).fill('8000');
      await copyStatement(page, w, person.firstName);
      await page.getByRole('button', { name: w.submit }).click();
      await expect(page.getByRole('heading', { name: w.signHeading })).toBeVisible({
        timeout: 20_000,
      });

      const item = page.getByRole('listitem').filter({ hasText: '•••••455' });
      await expect(item.getByText(w.unsigned)).toBeVisible();
      const noSideways = await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      );
      expect(noSideways).toBe(true);
      await screenshot(page, `transfer-unsigned-phone-${language}`);
      await item.getByRole('button', { name: w.cancelTransfer }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: w.confirmTitle });
      await expect(dialog.getByRole('button', { name: w.confirmNo })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: w.confirmYes })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText(w.cancelledMessage)).toBeVisible();
      await expect(item.getByText(w.cancelled, { exact: true })).toBeVisible();
      await expect(item.getByRole('button', { name: w.cancelTransfer })).toHaveCount(0);
    });
  });
}
