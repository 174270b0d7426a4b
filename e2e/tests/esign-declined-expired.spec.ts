import type { Page } from '@playwright/test';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { passIdentityWithQuestions } from '../support/identity.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { applicationAtReview, type Person } from '../support/seed.ts';

/**
 * The signing step when the ceremony does not end in a signature (issue 32), in English and
 * French, one applicant per language: they decline in the sandbox ceremony and the step says
 * so, focused, with "Sign again", which opens a new ceremony; that link then expires (the
 * sandbox's documented input `?sandbox=expire`, docs/sandbox.md), the ceremony says so and
 * leads back to the step, which offers "Start again"; the third ceremony is signed.
 * "Finish later" has its journey in esign-finish-later.spec.ts.
 */
const text = {
  en: {
    reviewHeading: 'Check your answers before you agree',
    consent: /I have read the customer agreements and I agree to them/,
    agree: 'Agree and continue',
    esignTitle: 'Sign your application',
    reviewAndSign: 'Review and sign',
    ceremonyTitle: 'Review and sign your document',
    decline: 'Decline',
    declinedHeading: 'You declined to sign',
    signAgain: 'Sign again',
    linkExpired: 'This signing link has expired',
    returnToApplication: 'Return to your application',
    expiredHeading: 'Your signing link has expired',
    startAgain: 'Start again',
    typedName: 'Your full name',
    signDocument: 'Sign the document',
    signedHeading: 'Your application is signed',
  },
  fr: {
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    consent: /J'ai lu les conventions du client et je les accepte/,
    agree: 'Accepter et continuer',
    esignTitle: 'Signez votre demande',
    reviewAndSign: 'Vérifier et signer',
    ceremonyTitle: 'Vérifiez et signez votre document',
    decline: 'Refuser',
    declinedHeading: 'Vous avez refusé de signer',
    signAgain: 'Signer de nouveau',
    linkExpired: 'Ce lien de signature a expiré',
    returnToApplication: 'Retourner à votre demande',
    expiredHeading: 'Votre lien de signature a expiré',
    startAgain: 'Recommencer',
    typedName: 'Votre nom complet',
    signDocument: 'Signer le document',
    signedHeading: 'Votre demande est signée',
  },
} as const;
type Text = (typeof text)[Language];

/** The sandbox ceremony, opened from the signing step: a new envelope each time. */
async function onTheCeremony(page: Page, t: Text, previous?: string): Promise<string> {
  // The document is drawn before the ceremony opens: a moment on a busy machine.
  await expect(page).toHaveURL(/\/sandbox\/esign\/[^/?#]+/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.ceremonyTitle })).toBeVisible();
  const envelope = new URL(page.url()).pathname;
  expect(envelope, 'a new envelope, not the one declined or expired').not.toBe(previous);
  return envelope;
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test(`declined, then expired, the signing step offers a new ceremony each time, then signed (${language})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    await useLanguage(context, language);
    const person: Person = { firstName: 'Inès', lastName: 'Bélanger', email: newEmail('esign') };
    await signInThroughApi(page, language, person);
    const id = await applicationAtReview(page.request, { primary: person, language });
    await page.goto(`/#/application/${id}/review`);
    await expect(heading(page, t.reviewHeading)).toBeVisible();
    await page.getByLabel(t.consent).check();
    await page.getByRole('button', { name: t.agree }).click();
    await passIdentityWithQuestions(page, { id, language });
    await expect(heading(page, t.esignTitle)).toBeVisible({ timeout: 20_000 });

    // Declined in the ceremony: back on the step, which says so and offers to sign again.
    await page.getByRole('button', { name: t.reviewAndSign }).click();
    const declinedEnvelope = await onTheCeremony(page, t);
    await page.getByRole('button', { name: t.decline, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/application/${id}/esign`));
    // The vendor's decision arrives by webhook about 2 s later; the step polls for it.
    const declined = page.getByRole('heading', { name: t.declinedHeading });
    await expect(declined).toBeVisible({ timeout: 25_000 });
    await expect(declined).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `esign-declined-${language}`);

    // Signing again opens a new ceremony, whose link expires before it is signed.
    await page.getByRole('button', { name: t.signAgain }).click();
    const expiredEnvelope = await onTheCeremony(page, t, declinedEnvelope);
    const expire = new URL(page.url());
    expire.searchParams.set('sandbox', 'expire');
    await page.goto(expire.href);
    await expect(page.getByRole('heading', { level: 1, name: t.linkExpired })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: t.returnToApplication }).click();
    const expired = page.getByRole('heading', { name: t.expiredHeading });
    await expect(expired).toBeVisible({ timeout: 25_000 });
    await expect(expired).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `esign-expired-${language}`);

    // Starting again gives a third ceremony, which the applicant signs.
    await page.getByRole('button', { name: t.startAgain }).click();
    await onTheCeremony(page, t, expiredEnvelope);
    await page.getByLabel(t.typedName).fill(`${person.firstName} ${person.lastName}`);
    await page.getByRole('button', { name: t.signDocument }).click();
    await expect(page.getByRole('heading', { name: t.signedHeading })).toBeVisible({
      timeout: 25_000,
    });
  });
}
