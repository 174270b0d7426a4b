import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { shortSessionBaseURL, SHORT_SESSION_IDLE_MINUTES } from '../playwright.config.ts';
import { PASSWORD, signInThroughApi } from '../support/accounts.ts';
import { applicationIdOn, stepUrl } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { journeyWords } from '../support/words.ts';

/**
 * The expiry journeys run on the e2e server whose sessions end after a minute idle: the
 * warning comes half-way (sessionWarningLeadMs), 30 seconds before the end. Most of a journey
 * is waiting for the clock, so each runs in English and French side by side, in two browser
 * contexts of one test, rather than one language after the other.
 */

const IDLE_MS = SHORT_SESSION_IDLE_MINUTES * 60_000;

const text = {
  en: {
    dialog: "You'll be signed out soon",
    timeLeft: /You will be signed out in \d+ seconds\./,
    stay: 'Stay signed in',
    signOut: 'Sign out',
    restored: 'You were signed out, but we kept what you typed',
    signIn: 'Sign in',
    email: 'Email address',
    password: 'Password',
    signInButton: 'Sign in',
  },
  fr: {
    dialog: 'Vous serez bientôt déconnecté',
    timeLeft: /Votre session sera fermée dans \d+ secondes\./,
    stay: 'Rester connecté',
    signOut: 'Se déconnecter',
    restored: 'Vous avez été déconnecté, mais nous avons gardé ce que vous aviez saisi',
    signIn: 'Ouvrir une session',
    email: 'Adresse courriel',
    password: 'Mot de passe',
    signInButton: 'Ouvrir une session',
  },
} satisfies Record<Language, Record<string, unknown>>;

/** The warning, waited for past its half-minute lead. */
async function warning(page: Page, name: string) {
  const dialog = page.getByRole('alertdialog', { name });
  await expect(dialog).toBeVisible({ timeout: IDLE_MS });
  return dialog;
}

type Journey = (page: Page, language: Language) => Promise<void>;

/** Runs `journey` in English and in French at once, each in its own context on the server. */
async function inBothLanguages(browser: Browser, journey: Journey): Promise<void> {
  const outcomes = await Promise.allSettled(
    (['en', 'fr'] as const).map(async (language) => {
      const context = await browser.newContext({
        baseURL: shortSessionBaseURL,
        locale: language === 'fr' ? 'fr-CA' : 'en-CA',
      });
      try {
        await useLanguage(context, language);
        await journey(await context.newPage(), language);
      } catch (error) {
        throw new Error(`in ${language}: ${error instanceof Error ? error.message : error}`, {
          cause: error,
        });
      } finally {
        await context.close();
      }
    }),
  );
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

const warnsAndStays: Journey = async (page, language) => {
  const t = text[language];
  const words = journeyWords[language];
  await signInThroughApi(page, language, { base: shortSessionBaseURL });
  const signedInAt = Date.now();
  await expect(heading(page, words.dashboard)).toBeVisible();

  const dialog = await warning(page, t.dialog);
  await expect(dialog.getByRole('button', { name: t.stay })).toBeFocused();
  await expect(dialog).toContainText(t.timeLeft);
  await expect(dialog.getByRole('button', { name: t.signOut })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${language}-session-expiry-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${language}-session-expiry-390`);
  await page.setViewportSize({ width: 1280, height: 720 });

  const extended = page.waitForResponse((response) =>
    response.url().includes('/security/auth/refreshsession'),
  );
  await dialog.getByRole('button', { name: t.stay }).click();
  expect((await extended).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // Past the first session's end, the person is still signed in: the next warning comes
  // from the extended session, not the sign-in page.
  await page.waitForTimeout(Math.max(0, signedInAt + IDLE_MS + 2_000 - Date.now()));
  await expect(heading(page, t.signIn)).toHaveCount(0);
  await expect(heading(page, words.dashboard)).toBeVisible();
  await warning(page, t.dialog);
};

const keepsTheDraft: Journey = async (page, language) => {
  const t = text[language];
  const words = journeyWords[language];
  const email = await signInThroughApi(page, language, { base: shortSessionBaseURL });
  await page.getByRole('button', { name: words.start }).click();
  const id = await applicationIdOn(page, 'ownership');
  await page.getByLabel(words.joint).check();
  await page.getByLabel(words.married).check();

  // Nobody answers the warning: the session ends and the sign-in page opens.
  await warning(page, t.dialog);
  await expect(heading(page, t.signIn)).toBeVisible({ timeout: IDLE_MS });
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.signInButton }).click();

  // Back on the step, what was typed is there, not saved yet, and the page says so.
  await expect(page).toHaveURL(stepUrl('ownership', id));
  await expect(page.getByRole('heading', { name: t.restored })).toBeVisible();
  await expect(page.getByLabel(words.joint)).toBeChecked();
  await expect(page.getByLabel(words.married)).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${language}-draft-restored-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${language}-draft-restored-390`);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: words.saveAndContinue }).click();
  await expect(page).toHaveURL(stepUrl('doyouknow', id));
};

test('session expiry warns before the idle limit, and Stay signed in extends the session (en, fr)', async ({
  browser,
}) => {
  test.setTimeout(3 * IDLE_MS);
  await inBothLanguages(browser, warnsAndStays);
});

test('a session that ends keeps what was typed on the step for after signing in again (en, fr)', async ({
  browser,
}) => {
  test.setTimeout(3 * IDLE_MS);
  await inBothLanguages(browser, keepsTheDraft);
});
