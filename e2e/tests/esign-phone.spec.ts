import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage } from '../support/pages.ts';
import { applicationAtReview } from '../support/seed.ts';
import { passIdentityWithQuestions } from '../support/identity.ts';

/** The visible words (review.json, esign.json, sandbox-esign-pages.locales.ts). */
const text = {
  en: {
    consent: /I have read the customer agreements and I agree to them/,
    agree: 'Agree and continue',
    esignTitle: 'Sign your application',
    reviewAndSign: 'Review and sign',
    download: /^Download the document \(PDF, /,
    pages: 'The document, page by page',
    firstPage: /^Page 1 of \d+ of the document$/,
  },
  fr: {
    consent: /J'ai lu les conventions du client et je les accepte/,
    agree: 'Accepter et continuer',
    esignTitle: 'Signez votre demande',
    reviewAndSign: 'Vérifier et signer',
    download: /^Télécharger le document \(PDF, /,
    pages: 'Le document, page par page',
    firstPage: /^Page 1 de \d+ du document$/,
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test(`the signing ceremony reads on a 390 px phone: download first, pages that fit (${language})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(context, language);
    const primary = { firstName: 'Alex', lastName: 'Martin', email: newEmail('phone') };
    await signInThroughApi(page, language, primary);
    const id = await applicationAtReview(page.request, { primary, language });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#/application/${id}/review`);
    await page.getByLabel(t.consent).check();
    await page.getByRole('button', { name: t.agree }).click();
    // Identity on the phone-sized page too; the questions pass at once.
    await passIdentityWithQuestions(page, { id, language });
    await expect(heading(page, t.esignTitle)).toBeVisible();
    await page.getByRole('button', { name: t.reviewAndSign }).click();
    await expect(page).toHaveURL(/\/sandbox\/esign\//);

    const download = page.getByRole('link', { name: t.download });
    const pages = page.getByRole('list', { name: t.pages });
    const firstPage = pages.getByRole('img', { name: t.firstPage });
    await expect(download).toBeVisible();
    await expect(firstPage).toBeVisible();
    // A phone draws no PDF in a frame: the frame gives way to the page images.
    await expect(page.locator('iframe.document')).toBeHidden();
    // The download link comes before the document.
    expect(
      await download.evaluate(
        (link, list) =>
          Boolean(link.compareDocumentPosition(list!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await pages.elementHandle(),
      ),
    ).toBe(true);
    // The page image is drawn (not a broken image) and fits the screen; nothing scrolls sideways.
    await expect
      .poll(() => firstPage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(390);
    const box = await firstPage.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // Long words too (a signer's address) wrap instead of widening the page.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `esign-ceremony-390-${language}`);
  });
}
