import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { emailCodeFor } from '../support/account-security.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { choiceIn, stepUrl } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading, saveAndContinue } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { otherInterests, profileOf, tokenOf } from '../support/seed.ts';
import { journeyWords } from '../support/words.ts';

/**
 * Issue 17, partners and promo codes: a partner employee referred by a partner skin accepts the
 * partner agreement before the application starts (declining first goes back to the
 * dashboard), proves a work email with the code from the sandbox mailbox on the financial
 * background, and on the review adds a promo code: an expired one is refused with its message,
 * a current one is accepted and shows on the review.
 */

const partner = { en: 'Harbour Credit Union', fr: 'Caisse Harbour' };

/** The visible words, from apps/web/src/locales (pages, financial, review, partners) and the domain. */
const text = {
  en: {
    ...journeyWords.en,
    start: 'Start a new application',
    agreementHeading: `Partner agreement with ${partner.en}`,
    accept: 'I accept and start my application',
    decline: 'Decline and go back',
    dashboardHeading: /applications/i,
    employee: 'Are you an employee, advisor or partner of our firm?',
    workEmail: 'Your work email address',
    sendCode: 'Send a code',
    codeLabel: 'Code from the email',
    confirm: 'Confirm the work email',
    confirmed: 'is confirmed.',
    reviewHeading: 'Check your answers before you agree',
    addPromo: 'Add a promo code',
    promoHeading: 'Promo code',
    promoLabel: 'Promo code',
    apply: 'Apply the code',
    expired: 'This promo code has expired.',
    offer: 'No commission on your first 10 stock and ETF trades.',
    back: 'Back to my application',
    partnerAccepted: `Accepted with ${partner.en}`,
  },
  fr: {
    ...journeyWords.fr,
    start: 'Commencer une nouvelle demande',
    agreementHeading: `Entente de partenariat avec ${partner.fr}`,
    accept: "J'accepte et je commence ma demande",
    decline: 'Refuser et revenir',
    dashboardHeading: /demandes/i,
    employee: 'Êtes-vous employé, conseiller ou partenaire de notre firme?',
    workEmail: 'Votre adresse courriel professionnelle',
    sendCode: 'Envoyer un code',
    codeLabel: 'Code reçu par courriel',
    confirm: 'Confirmer le courriel professionnel',
    confirmed: 'est confirmé.',
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    addPromo: 'Ajouter un code promotionnel',
    promoHeading: 'Code promotionnel',
    promoLabel: 'Code promotionnel',
    apply: 'Appliquer le code',
    expired: 'Ce code promotionnel est expiré.',
    offer: 'Aucune commission sur vos 10 premières opérations sur actions et FNB.',
    back: 'Retour à ma demande',
    partnerAccepted: `Acceptée avec ${partner.fr}`,
  },
} as const;

/** Every step before the financial background, through the API (support/seed.ts's answers). */
async function answerUpToFinancial(page: Page, id: string, language: Language, email: string) {
  const headers = { authorization: `Bearer ${await tokenOf(page.request)}` };
  const read = await page.request.get(`/service/jaxrs/applications/${id}`, { headers });
  let version = ((await read.json()) as { version: number }).version;
  const save = async (step: string, data: unknown) => {
    const response = await page.request.put(`/service/jaxrs/applications/${id}/steps/${step}`, {
      headers,
      data: { version, data },
    });
    expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
    version = ((await response.json()) as { version: number }).version;
  };
  await save('ownership', { ownershipTypeId: 1 });
  await save('doyouknow', { knowsAccount: true });
  await save('allaccounts', { accounts: ['tfsa'] });
  await save('account', {});
  await save(
    'profile',
    profileOf({ firstName: 'Alex', lastName: 'Martin', email }, '130 692 544', '1985-03-27'),
  );
  // Saved once as a non-employee, so the screen opens filled in and only the work email changes.
  await save('otherinterests', otherInterests(false, language, ['tfsa']));
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test(`${language}: a partner employee accepts the partner agreement, proves a work email and uses a promo code`, async ({
    page,
    context,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    pageErrors.allow({
      status: 400,
      url: /\/applications\/[0-9a-f-]+\/promoCode$/,
      why: 'an expired promo code is refused with its message before a current one is accepted',
    });
    await useLanguage(context, language);
    await context.addCookies([
      { name: 'partnerSkin', value: 'harbour', url: baseURL },
      { name: 'partnerName', value: encodeURIComponent(partner.en), url: baseURL },
      { name: 'partnerNameFr', value: encodeURIComponent(partner.fr), url: baseURL },
      {
        name: 'partnerUrl',
        value: encodeURIComponent('https://harbour.example.ca/'),
        url: baseURL,
      },
    ]);
    const email = await signInThroughApi(page, language);

    // Declining starts nothing; accepting starts the application with the agreement recorded.
    await page.getByRole('button', { name: t.start }).click();
    await expect(heading(page, t.agreementHeading)).toBeVisible();
    await page.getByRole('button', { name: t.decline }).click();
    await expect(page).toHaveURL(/#\/home\/dashboard$/);
    await page.getByRole('button', { name: t.start }).click();
    await expect(heading(page, t.agreementHeading)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${language}-partner-agreement`);
    await page.getByRole('button', { name: t.accept }).click();
    await expect(page).toHaveURL(stepUrl('ownership'));
    const id = /#\/application\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
    expect(id).not.toBe('');

    // The work email is proved by the code mailed to it before the step saves.
    await answerUpToFinancial(page, id, language, email);
    // A new document (another query), not a hash change: the open tab still holds the
    // application as it was before those saves and would send it back to the first step.
    await page.goto(`/?reload=1#/application/${id}/otherinterests`);
    await choiceIn(page, t.employee, 'radio', t.yes).check();
    const workEmail = newEmail('work');
    await page.getByLabel(t.workEmail, { exact: true }).fill(workEmail);
    await page.getByRole('button', { name: t.sendCode }).click();
    const code = await emailCodeFor(page.request, workEmail);
    await page.getByLabel(t.codeLabel).fill(code);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByText(`${workEmail} ${t.confirmed}`)).toBeVisible();
    await saveAndContinue(page, t).click();
    await expect(heading(page, t.reviewHeading)).toBeVisible();
    await expect(page.getByText(t.partnerAccepted)).toBeVisible();

    // An expired code is refused with its message; a current one is accepted.
    await page.getByRole('link', { name: t.addPromo }).click();
    await expect(heading(page, t.promoHeading)).toBeVisible();
    const field = page.getByLabel(t.promoLabel, { exact: true });
    await field.fill('SUMMER2025');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByText(t.expired)).toBeVisible();
    await field.fill('welcome2026');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByText(t.offer)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${language}-promo-code`);
    await page.getByRole('link', { name: t.back }).click();
    await expect(heading(page, t.reviewHeading)).toBeVisible();
    await expect(page.getByText('WELCOME2026')).toBeVisible();
    await expect(page.getByText(t.offer)).toBeVisible();
  });
}
