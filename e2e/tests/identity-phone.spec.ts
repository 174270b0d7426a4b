import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { identityWords } from '../support/identity.ts';
import {
  expectPhoneScreen,
  openPhone,
  phoneLinkFor,
  phoneScreenIsAccessible,
  phoneWords,
  pngFile,
  shortLinkFor,
} from '../support/identity-phone.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { applicationAtReview } from '../support/seed.ts';

/**
 * Photo ID and selfie on the phone (issue 13), bypass-qualId off: the applicant fails the
 * credit-file questions on the desktop, chooses photo ID and has the link texted; a phone (a
 * second browser context at 390 px, nobody signed in) opens the link from the sandbox mailbox,
 * chooses a driver's licence and sends front, back and selfie as FILES (the no-camera route);
 * the sandbox approves `licence-front.png` after 3 s. The desktop moves on to signing by itself;
 * with the desktop closed, signing in again later finds the person verified. axe on every phone
 * screen in both languages.
 */

const words = {
  en: {
    reviewHeading: 'Check your answers before you agree',
    consent: /I have read the customer agreements and I agree to them/,
    agree: 'Agree and continue',
    esignTitle: 'Sign your application',
    textMe: 'Text me the link',
  },
  fr: {
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    consent: /J'ai lu les conventions du client et je les accepte/,
    agree: 'Accepter et continuer',
    esignTitle: 'Signez votre demande',
    textMe: "M'envoyer le lien par texto",
  },
} as const;

/**
 * A number of this journey's own: the sandbox mailbox is shared by the journeys running at the
 * same time, and the seeded profile's number is the same for everyone.
 */
const ownPhoneNumber = () => `6135${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

/**
 * Agrees to the review, fails the questions, chooses photo ID and has the link texted to
 * `phoneDigits` (typed over the profile's number the desktop offers).
 */
async function failQuestionsAndTextTheLink(
  page: Page,
  language: Language,
  id: string,
  phoneDigits: string,
) {
  const w = words[language];
  const t = identityWords[language];
  await page.goto(`/#/application/${id}/review`);
  await expect(heading(page, w.reviewHeading)).toBeVisible();
  await page.getByLabel(w.consent).check();
  await page.getByRole('button', { name: w.agree }).click();
  await expect(page).not.toHaveURL(/\/review(\?.*)?$/, { timeout: 20_000 });
  await page.goto(`/#/application/${id}/qualid`);
  await expect(heading(page, t.title)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: t.startQuestions, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.questionsHeading })).toBeVisible({
    timeout: 20_000,
  });
  // "None of the above" is never right (docs/sandbox.md).
  const groups = page.locator('form fieldset');
  for (let index = 0; index < (await groups.count()); index += 1) {
    await groups.nth(index).getByRole('radio').last().check();
  }
  await page.getByRole('button', { name: t.submitAnswers, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.failureHeading })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: t.usePhoto, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.consentHeading })).toBeVisible();
  await page.getByRole('button', { name: t.consentAgree, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.phoneHeading })).toBeVisible();
  await page.getByRole('textbox', { name: /Mobile|cellulaire/ }).fill(phoneDigits);
  await page.getByRole('button', { name: w.textMe, exact: true }).click();
}

for (const language of ['en', 'fr'] as const) {
  const p = phoneWords[language];
  const w = words[language];

  test.describe(`photo ID on the phone in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('the phone sends the pictures as files; the desktop moves on to signing by itself', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const primary = { firstName: 'Robin', lastName: 'Tremblay', email: newEmail('phoneid') };
      await signInThroughApi(page, language, primary);
      const id = await applicationAtReview(page.request, { primary, language });
      const phoneDigits = ownPhoneNumber();
      await failQuestionsAndTextTheLink(page, language, id, phoneDigits);
      // Typed as a person would from the desktop: the short link, in lower case.
      const link = (await shortLinkFor(page.request, phoneDigits)).replace(
        /\/v\/(\w+)$/,
        (_, code: string) => `/v/${code.toLowerCase()}`,
      );

      // The phone has no lang cookie: the page speaks the person's language from the API.
      const phone = await openPhone(browser);
      try {
        await phone.page.goto(link);
        await expectPhoneScreen(phone.page, p.welcome);
        await expect(phone.page.getByText(/Robin/)).toBeVisible();
        await phoneScreenIsAccessible(phone.page);
        await phone.page.getByRole('button', { name: p.start }).click();

        await expectPhoneScreen(phone.page, p.documentHeading);
        await expect(heading(phone.page, p.documentHeading)).toBeFocused();
        await phoneScreenIsAccessible(phone.page);
        await phone.page.getByRole('radio', { name: p.driversLicence }).check();
        await phone.page.getByRole('button', { name: p.continue }).click();

        await expectPhoneScreen(phone.page, p.front);
        await phoneScreenIsAccessible(phone.page);
        await phone.page.getByLabel(p.chooseFile).setInputFiles(pngFile('licence-front.png'));
        await expectPhoneScreen(phone.page, p.back);
        await phoneScreenIsAccessible(phone.page);
        await phone.page.getByLabel(p.chooseFile).setInputFiles(pngFile('licence-back.png'));
        await expectPhoneScreen(phone.page, p.selfie);
        await phoneScreenIsAccessible(phone.page);
        await phone.page.getByLabel(p.chooseFile).setInputFiles(pngFile('selfie.png'));

        await expectPhoneScreen(phone.page, p.reviewHeading);
        await expect(phone.page.getByRole('img', { name: p.frontThumbnail })).toBeVisible();
        // Each preview is drawn, not its alt text over a broken image (a content security
        // policy without blob: broke them: findings A-M1).
        for (const preview of await phone.page.locator('main img').all()) {
          await expect
            .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
            .toBeGreaterThan(0);
        }
        await phoneScreenIsAccessible(phone.page);
        await screenshot(phone.page, `identity-phone-review-${language}`);
        await phone.page.getByRole('button', { name: p.submit }).click();

        await expectPhoneScreen(phone.page, p.waiting);
        await phoneScreenIsAccessible(phone.page);
        await expectPhoneScreen(phone.page, p.success);
        await phoneScreenIsAccessible(phone.page);
        await screenshot(phone.page, `identity-phone-success-${language}`);
      } finally {
        await phone.context.close();
      }

      // The desktop followed the phone and went on to signing without a click.
      await expect(heading(page, w.esignTitle)).toBeVisible({ timeout: 30_000 });
    });

    test('with the desktop closed, keyboard only on the phone; signing in again finds the person verified', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const primary = { firstName: 'Dominique', lastName: 'Roy', email: newEmail('phoneclosed') };
      await signInThroughApi(page, language, primary);
      const id = await applicationAtReview(page.request, { primary, language });
      const phoneDigits = ownPhoneNumber();
      await failQuestionsAndTextTheLink(page, language, id, phoneDigits);
      const link = await phoneLinkFor(page.request, phoneDigits);
      await page.close();

      const phone = await openPhone(browser);
      const keys = phone.page.keyboard;
      const tabTo = async (name: string | RegExp, role: 'button' | 'radio' = 'button') => {
        const target = phone.page.getByRole(role, { name });
        for (let presses = 0; presses < 15; presses += 1) {
          if (await target.evaluate((element) => element === document.activeElement)) return;
          await keys.press('Tab');
        }
        await expect(target).toBeFocused();
      };
      try {
        await phone.page.goto(link);
        await expectPhoneScreen(phone.page, p.welcome);
        await tabTo(p.start);
        await keys.press('Enter');
        await expectPhoneScreen(phone.page, p.documentHeading);
        await tabTo(p.driversLicence, 'radio');
        await keys.press('Space');
        await expect(phone.page.getByRole('radio', { name: p.driversLicence })).toBeChecked();
        await tabTo(p.continue);
        await keys.press('Enter');

        for (const [screen, file] of [
          [p.front, 'licence-front.png'],
          [p.back, 'licence-back.png'],
          [p.selfie, 'selfie.png'],
        ] as const) {
          await expectPhoneScreen(phone.page, screen);
          const input = phone.page.getByLabel(p.chooseFile);
          /** Tabs to the file input (a re-render can take the focus away from it meanwhile). */
          const focusInput = async () => {
            for (let presses = 0; presses < 15; presses += 1) {
              if (await input.evaluate((element) => element === document.activeElement)) return;
              await keys.press('Tab');
            }
          };
          await focusInput();
          await expect(input).toBeFocused();
          // Space on the focused input opens the chooser; a key press lost by a busy browser, or
          // the focus lost to a re-render, is tried again rather than waited on for the whole test.
          let chosen = false;
          for (let presses = 0; presses < 4 && !chosen; presses += 1) {
            if (presses > 0) await focusInput();
            const chooser = phone.page.waitForEvent('filechooser', { timeout: 5_000 });
            await keys.press(presses % 2 === 1 ? 'Enter' : 'Space');
            chosen = await chooser.then(
              async (opened) => {
                await opened.setFiles(pngFile(file));
                return true;
              },
              () => false,
            );
          }
          expect(chosen, 'the file chooser opened from the keyboard').toBe(true);
        }

        await expectPhoneScreen(phone.page, p.reviewHeading);
        await tabTo(p.submit);
        await keys.press('Enter');
        await expectPhoneScreen(phone.page, p.waiting);
        await expectPhoneScreen(phone.page, p.success);
      } finally {
        await phone.context.close();
      }

      // Another day, another tab: the application goes on to signing.
      const desktop = await browser.newContext();
      try {
        await useLanguage(desktop, language);
        const again = await desktop.newPage();
        await signInThroughApi(again, language, { email: primary.email, register: false });
        await again.goto(`/#/application/${id}`);
        await expect(heading(again, w.esignTitle)).toBeVisible({ timeout: 30_000 });
      } finally {
        await desktop.close();
      }
    });
  });
}

test('an expired or unknown link says so, in both languages, accessibly at 390 px', async ({
  browser,
  pageErrors,
}) => {
  pageErrors.allow({
    status: 404,
    url: /\/service\/jaxrs\/identityCapture\/[\w-]+$/,
    why: 'the phone page asks for a credential that is not one: not found',
  });
  const phone = await openPhone(browser);
  try {
    await phone.page.goto('/#/verify/ABCDEFGH');
    await expectPhoneScreen(phone.page, phoneWords.en.expired);
    await phoneScreenIsAccessible(phone.page);
    await phone.context.addCookies([
      { name: 'lang', value: 'fr', url: new URL(phone.page.url()).origin },
    ]);
    await phone.page.goto('/#/verify/ABCDEFGH');
    await phone.page.reload();
    await expectPhoneScreen(phone.page, phoneWords.fr.expired);
    await phoneScreenIsAccessible(phone.page);
  } finally {
    await phone.context.close();
  }
});
