import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage } from '../support/pages.ts';
import { API, applicationAtReview, tokenOf } from '../support/seed.ts';

/** The visible words, from apps/web/src/locales and packages/domain/src/answers. */
const text = {
  en: {
    reviewHeading: 'Check your answers before you agree',
    profileSection: 'Your profile',
    financesSection: 'Your income and assets',
    affiliationsSection: 'Your affiliations and tax residence',
    change: /^Change\s+Your profile$/,
    home: 'Home address',
    postalCode: 'Postal code',
    sin: /Social insurance number/,
    save: 'Save and continue',
    netFixedAssets: /Net fixed assets\s*\$350,000/,
    phone: 'Mobile: (613) 555-0142',
    trustedContact: /Trusted contact person\s*No/,
    promoSection: 'Promo code and partner',
    promoNoLongerFits:
      'Your promo code no longer applies to the accounts you chose. Change it or remove it, then agree.',
    changePromo: 'Change the promo code',
    consent: /^I have read the customer agreements/,
    agree: 'Agree and continue',
    errorTitle: /^Error: /,
  },
  fr: {
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    profileSection: 'Votre profil',
    financesSection: 'Vos revenus et actifs',
    affiliationsSection: 'Vos liens et votre résidence fiscale',
    change: /^Modifier\s+Votre profil$/,
    home: 'Adresse du domicile',
    postalCode: 'Code postal',
    sin: /Numéro d'assurance sociale/,
    save: 'Enregistrer et continuer',
    netFixedAssets: /Actifs immobilisés nets\s*350\s000\s\$/,
    phone: 'Cellulaire\u00a0: (613) 555-0142',
    trustedContact: /Personne de confiance\s*Non/,
    promoSection: 'Code promotionnel et partenaire',
    promoNoLongerFits:
      'Votre code promotionnel ne s’applique plus aux comptes que vous avez choisis. Changez-le ou retirez-le, puis acceptez.',
    changePromo: 'Changer le code promotionnel',
    consent: /^J'ai lu les conventions du client/,
    agree: 'Accepter et continuer',
    errorTitle: /^Erreur\s?: /,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`check your answers in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('on a phone, the review shows every answer as saved, right after a change', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      // A long address, which must wrap rather than widen the page.
      const email = newEmail('camille.marguerite-tremblay-beauchemin.review-wrapping');
      const primary = { firstName: 'Camille', lastName: 'Tremblay', email };
      await signInThroughApi(page, language, primary);
      const id = await applicationAtReview(page.request, { primary, language });

      await page.goto(`/#/application/${id}/review`);
      await expect(heading(page, t.reviewHeading)).toBeVisible();
      const profile = page.getByRole('region', { name: t.profileSection });
      await expect(profile).toContainText('*** *** 544');
      await expect(profile).toContainText(t.phone);
      await expect(profile).toContainText('K1S 8H4');
      await expect(profile).toContainText(email);
      await expect(page.getByRole('region', { name: t.financesSection })).toContainText(
        t.netFixedAssets,
      );
      await expect(page.getByRole('region', { name: t.affiliationsSection })).toContainText(
        t.trustedContact,
      );

      // Change the postal code, typed loosely, and the SIN: back on the review at once.
      await profile.getByRole('link', { name: t.change }).click();
      await expect(page).toHaveURL(/\/profile\?return=review$/);
      const home = page.getByRole('group', { name: t.home });
      await home.getByLabel(t.postalCode).fill('k1s8h5');
      await page.getByLabel(t.sin).fill('130 692 544');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page).toHaveURL(new RegExp(`/application/${id}/review$`));
      const saved = page.getByRole('region', { name: t.profileSection });
      await expect(saved).toContainText('K1S 8H5');
      await expect(saved).not.toContainText('k1s8h5');
      await expect(saved).toContainText('*** *** 544');

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);
      await screenshot(page, `review-390-${language}`);
      await expectNoSeriousA11yViolations(page);
    });

    test('on a phone, a promo code the accounts no longer fit is flagged, and agreeing leads to it', async ({
      page,
      pageErrors,
    }) => {
      pageErrors.allow({
        status: 400,
        url: /\/steps\/review$/,
        why: 'agreeing with a promo code the accounts no longer fit is refused, and leads to it',
      });
      await page.setViewportSize({ width: 390, height: 844 });
      const primary = {
        firstName: 'Zoé',
        lastName: "O'Neil-Lévesque",
        email: newEmail('promo-fit'),
      };
      await signInThroughApi(page, language, primary);
      const id = await applicationAtReview(page.request, { primary, language, accounts: ['tfsa'] });
      // The TFSA and RRSP code is taken while a TFSA is chosen; then only a cash account is.
      const headers = { authorization: `Bearer ${await tokenOf(page.request)}` };
      const taken = await page.request.put(`${API}/applications/${id}/promoCode`, {
        headers,
        data: { code: 'SAVE2026' },
      });
      expect(taken.status(), await taken.text()).toBe(200);
      const read = await page.request.get(`${API}/applications/${id}`, { headers });
      const { version } = (await read.json()) as { version: number };
      const changed = await page.request.put(`${API}/applications/${id}/steps/allaccounts`, {
        headers,
        data: { version, data: { accounts: ['cash'] } },
      });
      expect(changed.status(), await changed.text()).toBe(200);

      await page.goto(`/#/application/${id}/review`);
      await expect(heading(page, t.reviewHeading)).toBeVisible();
      const promo = page.getByRole('region', { name: t.promoSection });
      await expect(promo).toContainText('SAVE2026');
      await expect(promo.getByText(t.promoNoLongerFits)).toBeVisible();

      // Agreeing anyway is refused: the summary names the promo code and leads to its link.
      await page.getByRole('checkbox', { name: t.consent }).check();
      await page.getByRole('button', { name: t.agree }).click();
      const summary = page.getByRole('alert').filter({ hasText: t.promoNoLongerFits });
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(t.errorTitle);
      await expect(page).toHaveURL(new RegExp(`/application/${id}/review$`));
      await summary.getByRole('link', { name: t.promoNoLongerFits }).click();
      await expect(promo.getByRole('link', { name: t.changePromo })).toBeFocused();

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);
      await screenshot(page, `review-promo-no-longer-fits-390-${language}`);
      await expectNoSeriousA11yViolations(page);
    });
  });
}
