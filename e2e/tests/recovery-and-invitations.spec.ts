import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newEmail, PASSWORD, signInThroughApi } from '../support/accounts.ts';
import { verifyEmailThroughApi } from '../support/account-security.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { applicationAtReview, codeIn, mailTo, tokenOf } from '../support/seed.ts';

/**
 * Issue 11: a forgotten password recovered by mail (every old session ends), and a joint
 * invitation that only the invited person, with a proved address, can accept.
 */

const text = {
  en: {
    signIn: 'Sign in',
    forgot: 'Forgot your password?',
    forgotTitle: 'Reset your password',
    email: 'Email address',
    send: 'Send me a link',
    sent: 'Check your email',
    resetSubject: 'Reset your password',
    resetTitle: 'Choose a new password',
    newPassword: 'New password',
    save: 'Save the new password',
    common: 'This password is too common',
    done: 'Your password is changed',
    password: 'Password',
    signInButton: 'Sign in',
    dashboard: 'Your account applications',
    noticeSubject: 'Your password was changed',
    codeLabel: 'Authentication code',
    submitCode: 'Continue',
    verifyFirst: 'Verify your email address first',
    noInvitation: 'No invitation for this email address',
  },
  fr: {
    signIn: 'Ouvrir une session',
    forgot: 'Mot de passe oublié?',
    forgotTitle: 'Réinitialiser votre mot de passe',
    email: 'Adresse courriel',
    send: 'M’envoyer un lien',
    sent: 'Consultez vos courriels',
    resetSubject: 'Réinitialiser votre mot de passe',
    resetTitle: 'Choisir un nouveau mot de passe',
    newPassword: 'Nouveau mot de passe',
    save: 'Enregistrer le nouveau mot de passe',
    common: 'Ce mot de passe est trop courant',
    done: 'Votre mot de passe est changé',
    password: 'Mot de passe',
    signInButton: 'Ouvrir une session',
    dashboard: "Vos demandes d'ouverture de compte",
    noticeSubject: 'Votre mot de passe a été changé',
    codeLabel: "Code d'authentification",
    submitCode: 'Continuer',
    verifyFirst: "Vérifiez d'abord votre adresse courriel",
    noInvitation: 'Aucune invitation pour cette adresse courriel',
  },
} satisfies Record<Language, Record<string, string>>;

const NEW_PASSWORD = 'Tamarack-Shoreline-Lantern-7';

/** Agrees to the review through the API (the review screen's journey is tested elsewhere). */
async function agreeThroughApi(request: APIRequestContext, id: string) {
  const headers = { authorization: `Bearer ${await tokenOf(request)}` };
  const application = await request.get(`/service/jaxrs/applications/${id}`, { headers });
  const { version } = (await application.json()) as { version: number };
  const agreed = await request.put(`/service/jaxrs/applications/${id}/steps/review`, {
    headers,
    data: { version, data: { agreementId: 'customer-agreements-2026-11', hasConsent: true } },
  });
  expect(agreed.status(), await agreed.text()).toBe(200);
}

async function browserOf(browser: Browser, language: Language) {
  const context = await browser.newContext();
  await useLanguage(context, language);
  return { context, page: await context.newPage() };
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`recovery and invitations in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('forgot password: the link from the mail sets a new one and every old session ends', async ({
      page,
      browser,
      pageErrors,
    }) => {
      test.setTimeout(90_000);
      pageErrors.allow({
        status: 400,
        url: /\/security\/reset-password$/,
        why: 'a common password is refused: the page is shown again saying why',
      });
      pageErrors.allow({
        status: 401,
        url: /\/service\/jaxrs\/|\/security\/(oauth\/authorize|auth\/(session|refreshsession))/,
        why: 'the new password ends both old sessions: their tokens and sessions are refused, and they show the sign-in page',
      });
      pageErrors.allow({
        status: 401,
        url: /\/security\/login$/,
        why: 'the old password is refused: the sign-in page is shown again saying so',
      });
      // Signed in on another device (a phone) before forgetting the password.
      const email = await signInThroughApi(page, language);
      const phone = await browserOf(browser, language);
      await signInThroughApi(phone.page, language, { email, register: false });

      // On a fresh browser: the sign-in page offers the way back.
      const other = await browserOf(browser, language);
      await other.page.goto('/security/login');
      await other.page.getByRole('link', { name: t.forgot }).click();
      await expect(heading(other.page, t.forgotTitle)).toBeVisible();
      await other.page.getByLabel(t.email).fill(email);
      await other.page.getByRole('button', { name: t.send }).click();
      await expect(heading(other.page, t.sent)).toBeVisible();
      await expectNoSeriousA11yViolations(other.page);

      // The mail's link opens the page to choose a new password.
      const mail = await mailTo(other.page.request, email, (m) => m.subject === t.resetSubject);
      const link = /https?:\/\/\S+\/security\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
      expect(link).toBeTruthy();
      await other.page.goto(link as string);
      await expect(heading(other.page, t.resetTitle)).toBeVisible();
      await other.page.getByLabel(t.newPassword).fill('password1234');
      await other.page.getByRole('button', { name: t.save }).click();
      await expect(other.page.getByRole('alert')).toContainText(t.common);
      await other.page.getByLabel(t.newPassword).fill(NEW_PASSWORD);
      await other.page.getByRole('button', { name: t.save }).click();
      await expect(heading(other.page, t.done)).toBeVisible();
      await screenshot(other.page, `password-reset-done-${language}`);

      // Both old sessions are dead: the next navigation asks to sign in.
      for (const old of [page, phone.page]) {
        await old.goto('/#/home/dashboard');
        await old.reload();
        await expect(heading(old, t.signIn)).toBeVisible();
      }
      // The old password no longer works; the new one does.
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.password).fill(PASSWORD);
      await page.getByRole('button', { name: t.signInButton }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByLabel(t.password).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t.signInButton }).click();
      await expect(heading(page, t.dashboard)).toBeVisible();
      const notice = await mailTo(page.request, email, (m) => m.subject === t.noticeSubject);
      expect(notice.recipient).toBe(email.toLowerCase());
      await phone.context.close();
      await other.context.close();
    });

    test('a joint invitation is refused to an unproved address and to another address', async ({
      page,
      browser,
      pageErrors,
    }) => {
      test.setTimeout(120_000);
      pageErrors.allow({
        status: 403,
        url: /\/service\/jaxrs\/coAuthCode\/\d{4}$/,
        why: 'the code given from an unproved address is refused (emailNotVerified)',
      });
      pageErrors.allow({
        status: 404,
        url: /\/service\/jaxrs\/coAuthCode$/,
        why: 'for another address no invitation was mailed: the spec’s coAuthCode answers 404',
      });
      const primary = { firstName: 'Alex', lastName: 'Martin', email: newEmail('primary') };
      const joint = { firstName: 'Sam', lastName: 'Roy', email: newEmail('invited') };
      await signInThroughApi(page, language, primary);
      const id = await applicationAtReview(page.request, { primary, joint, language });
      await agreeThroughApi(page.request, id);
      const code = codeIn(await mailTo(page.request, joint.email, (m) => /\b\d{4}\b/.test(m.text)));

      // Someone else, with a proved address of their own, has no invitation to accept.
      const stranger = await browserOf(browser, language);
      await signInThroughApi(stranger.page, language, { email: newEmail('stranger') });
      await stranger.page.goto('/#/auth-code');
      await expect(stranger.page.getByRole('heading', { name: t.noInvitation })).toBeVisible();
      const tried = await stranger.page.request.put(`/service/jaxrs/coAuthCode/${code}`, {
        headers: { authorization: `Bearer ${await tokenOf(stranger.page.request)}` },
      });
      expect(tried.status()).toBe(404);

      // The invited address, not yet proved, cannot join with the right code.
      const invited = await browserOf(browser, language);
      await signInThroughApi(invited.page, language, { ...joint, verifyEmail: false });
      await invited.page.goto('/#/auth-code');
      const box = invited.page.getByLabel(t.codeLabel, { exact: true });
      await box.fill(code);
      await invited.page.getByRole('button', { name: t.submitCode, exact: true }).click();
      await expect(invited.page.getByRole('heading', { name: t.verifyFirst })).toBeVisible();
      await screenshot(invited.page, `auth-code-verify-first-${language}`);

      // Once proved, the same code joins the application.
      await verifyEmailThroughApi(invited.page.request, joint.email);
      const joined = await invited.page.request.put(`/service/jaxrs/coAuthCode/${code}`, {
        headers: { authorization: `Bearer ${await tokenOf(invited.page.request)}` },
      });
      expect(joined.status(), await joined.text()).toBe(200);
      await stranger.context.close();
      await invited.context.close();
    });
  });
}
