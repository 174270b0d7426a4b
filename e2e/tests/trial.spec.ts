import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import type { Language } from '../support/pages.ts';

/**
 * Trial users (spec sections 2 and 6; issue 17): the client home first asks whether to log
 * out of the trial; No shows a home that cannot start an application, Yes logs out to the
 * open-account (registration) page. The demo trial accounts: Sam Lee (English) and Dominique
 * Roy (French).
 */
const trialUsers: Record<Language, string> = {
  en: 'trial@demo.laurentide.ca',
  fr: 'essai@demo.laurentide.ca',
};

const words = {
  en: {
    question: 'Do you want to log out of your trial account?',
    no: 'No, go to my home page',
    yes: 'Yes, log me out',
    trialNote: "You're using a trial account.",
    start: 'Start a new application',
    leave: 'Log out and open an account',
    register: 'Create an account',
    signIn: 'Sign in',
  },
  fr: {
    question: "Voulez-vous vous déconnecter de votre compte d'essai?",
    no: "Non, aller à ma page d'accueil",
    yes: 'Oui, me déconnecter',
    trialNote: "Vous utilisez un compte d'essai.",
    start: 'Commencer une nouvelle demande',
    leave: 'Me déconnecter et ouvrir un compte',
    register: 'Créer un compte',
    signIn: 'Ouvrir une session',
  },
} as const;

async function signInAsTrial(page: Page, language: Language) {
  const login = await page.request.post('/security/login', {
    form: { username: trialUsers[language], password: 'Laurentide-Demo-2026' },
  });
  expect(login.status()).toBe(204);
  await page.goto('/security/oauth/authorize?client_id=clientOnlineApp&response_type=token');
}

for (const language of ['en', 'fr'] as const) {
  const t = words[language];

  test(`a trial user's No keeps a home without applications, Yes logs out to registration (${language})`, async ({
    page,
  }) => {
    await signInAsTrial(page, language);
    await expect(page).toHaveURL(/#\/trial-error$/);
    await expect(page.getByText(t.question)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: t.no }).click();
    await expect(page).toHaveURL(/#\/home\/dashboard$/);
    await expect(page.getByText(t.trialNote)).toBeVisible();
    await expect(page.getByRole('button', { name: t.start })).toHaveCount(0);
    // Reloading the home does not ask again in this browser session.
    await page.reload();
    await expect(page.getByText(t.trialNote)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const logout = page.waitForRequest((request) => request.url().includes('/security/logout'));
    await page.getByRole('link', { name: t.leave }).click();
    await logout;
    await expect(page).toHaveURL(new RegExp(`/security/register\\?lang=${language}$`));
    await expect(heading(page, t.register)).toBeVisible();

    // Signed out for real: the home asks to sign in again.
    await page.goto('/#/home/dashboard');
    await expect(heading(page, t.signIn)).toBeVisible();
  });

  test(`a trial user's Yes on the question logs out to registration (${language})`, async ({
    page,
  }) => {
    await signInAsTrial(page, language);
    await expect(page).toHaveURL(/#\/trial-error$/);
    await page.getByRole('button', { name: t.yes }).click();
    await expect(page).toHaveURL(new RegExp(`/security/register\\?lang=${language}$`));
    await expect(heading(page, t.register)).toBeVisible();
  });
}
