import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { screenshot, useLanguage } from '../support/pages.ts';
import { applicationAtReview } from '../support/seed.ts';
import { heading } from '../support/locators.ts';
import { passIdentityWithQuestions } from '../support/identity.ts';

/**
 * Issue 12, item 6: leaving the signing ceremony with "Finish later" brings the person back to
 * a plain "you haven't signed yet", focused, with the way back in, never an endless check.
 */
const text = {
  en: {
    reviewHeading: 'Check your answers before you agree',
    consent: /I have read the customer agreements and I agree to them/,
    agree: 'Agree and continue',
    esignTitle: 'Sign your application',
    reviewAndSign: 'Review and sign',
    finishLater: 'Finish later',
    notSigned: "You haven't signed yet",
    checking: /checking your signature/,
    continueSigning: 'Continue signing',
    ceremonyTitle: 'Review and sign your document',
  },
  fr: {
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    consent: /J'ai lu les conventions du client et je les accepte/,
    agree: 'Accepter et continuer',
    esignTitle: 'Signez votre demande',
    reviewAndSign: 'Vérifier et signer',
    finishLater: 'Terminer plus tard',
    notSigned: "Vous n'avez pas encore signé",
    checking: /vérifions votre signature/,
    continueSigning: 'Poursuivre la signature',
    ceremonyTitle: 'Vérifiez et signez votre document',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test(`Finish later in the ceremony says plainly nothing is signed yet (${language})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(context, language);
    const primary = { firstName: 'Alex', lastName: 'Martin', email: newEmail('later') };
    await signInThroughApi(page, language, primary);
    const id = await applicationAtReview(page.request, { primary, language });
    await page.goto(`/#/application/${id}/review`);
    await expect(heading(page, t.reviewHeading)).toBeVisible();
    await page.getByLabel(t.consent).check();
    await page.getByRole('button', { name: t.agree }).click();
    await passIdentityWithQuestions(page, { id, language });
    await expect(heading(page, t.esignTitle)).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: t.reviewAndSign }).click();
    // The document is drawn before the ceremony opens: a moment on a busy machine.
    await expect(page).toHaveURL(/\/sandbox\/esign\//, { timeout: 30_000 });
    await page.getByRole('link', { name: t.finishLater }).click();

    const notSigned = page.getByRole('heading', { name: t.notSigned });
    await expect(notSigned).toBeVisible({ timeout: 15_000 });
    await expect(notSigned).toBeFocused();
    await expect(page.getByText(t.checking)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `esign-finish-later-${language}`);

    // The way back in: the same ceremony opens again.
    await page.getByRole('button', { name: t.continueSigning }).click();
    await expect(page).toHaveURL(/\/sandbox\/esign\//, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: t.ceremonyTitle })).toBeVisible();
  });
}
