import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { appCode, emailCodeFor } from '../support/account-security.ts';
import { newEmail, PASSWORD } from '../support/accounts.ts';
import { dashboardUrl } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { heading } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { signInWords } from '../support/words.ts';

/** The words of the sign-in pages (shared), and of the dashboard, the verify page and the settings. */
const text = {
  en: {
    ...signInWords.en,
    verifyNotice: 'Verify your email address',
    verifyLink: 'Verify your email address',
    verifyHeading: 'Verify your email address',
    codeFromEmail: 'Code from the email',
    verifyButton: 'Verify email address',
    verified: 'Your email address is verified',
    toApplications: 'Go to your applications',
    settingsLink: 'Settings',
    settingsHeading: 'Account settings',
    emailSection: 'Email address',
    verifiedTag: 'Verified',
    mfaSection: 'Two-step verification',
    setUpApp: 'Set up an authenticator app',
    currentPassword: 'Current password',
    wrongPassword: 'The password is not right. Enter your current password.',
    qrAlt: 'QR code to scan with your authenticator app',
    codeFromApp: 'Code from the app',
    turnOn: 'Turn on two-step verification',
    wrongCode: 'The code is not right. Check it and try again.',
    codesHeading: 'Save your recovery codes',
    codesList: 'Recovery codes',
    saved: 'I have saved my recovery codes',
    isOn: "Two-step verification is on: you'll enter a code from your authenticator app when you sign in.",
    on: 'On',
    otpLabel: 'Verification code',
    otpButton: 'Verify',
  },
  fr: {
    ...signInWords.fr,
    verifyNotice: 'Vérifiez votre adresse courriel',
    verifyLink: 'Vérifier votre adresse courriel',
    verifyHeading: 'Vérifiez votre adresse courriel',
    codeFromEmail: 'Code reçu par courriel',
    verifyButton: "Vérifier l'adresse courriel",
    verified: 'Votre adresse courriel est vérifiée',
    toApplications: 'Aller à vos demandes',
    settingsLink: 'Paramètres',
    settingsHeading: 'Paramètres du compte',
    emailSection: 'Adresse courriel',
    verifiedTag: 'Vérifiée',
    mfaSection: 'Vérification en deux étapes',
    setUpApp: "Configurer une application d'authentification",
    currentPassword: 'Mot de passe actuel',
    wrongPassword: "Le mot de passe n'est pas le bon. Entrez votre mot de passe actuel.",
    qrAlt: "Code QR à balayer avec votre application d'authentification",
    codeFromApp: "Code de l'application",
    turnOn: 'Activer la vérification en deux étapes',
    wrongCode: "Le code n'est pas le bon. Vérifiez-le et réessayez.",
    codesHeading: 'Conservez vos codes de récupération',
    codesList: 'Codes de récupération',
    saved: "J'ai conservé mes codes de récupération",
    isOn: "La vérification en deux étapes est activée : vous entrerez un code de votre application d'authentification à l'ouverture de session.",
    on: 'Activée',
    otpLabel: 'Code de vérification',
    otpButton: 'Vérifier',
  },
} satisfies Record<Language, Record<string, string>>;

type Text = (typeof text)[Language];

/** A person creates their account on the sign-in pages, as anyone would, and lands signed in. */
async function register(page: Page, t: Text, email: string) {
  await page.goto('/#/home/dashboard');
  await expect(heading(page, t.signIn)).toBeVisible();
  await page.getByRole('link', { name: t.createAccount }).click();
  await page.getByLabel(t.firstName).fill('Alex');
  await page.getByLabel(t.lastName).fill('Martin');
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.createButton }).click();
  await expect(heading(page, t.ready)).toBeVisible();
  await page.getByRole('link', { name: t.continue }).click();
  await expect(heading(page, t.dashboard)).toBeVisible();
}

/** Both widths the screens are designed for, in the page's language. */
async function screenshots(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test(`register, verify the email from the mailbox, turn on an authenticator app, sign in with its code (${language})`, async ({
    page,
    context,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    pageErrors.allow({
      status: 401,
      url: /\/security\/login$/,
      why: 'with the app on, the sign-in page answers the password with the second step (401 mfaRequired)',
    });
    await useLanguage(context, language);
    const email = newEmail(`security-${language}`);
    await register(page, t, email);

    // The dashboard asks to verify the address; the page takes the code from the mail.
    const notice = page.getByRole('region', { name: t.verifyNotice });
    await expect(notice).toContainText(email);
    await screenshots(page, `${language}-dashboard-verify-email`);
    await notice.getByRole('link', { name: t.verifyLink }).click();
    await expect(heading(page, t.verifyHeading)).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, `${language}-verify-email`);
    await page.getByLabel(t.codeFromEmail).fill(await emailCodeFor(page.request, email));
    await page.getByRole('button', { name: t.verifyButton }).click();
    await expect(page.getByRole('heading', { name: t.verified })).toBeFocused();
    await page.getByRole('link', { name: t.toApplications }).click();
    await expect(page).toHaveURL(dashboardUrl);
    await expect(page.getByRole('region', { name: t.verifyNotice })).toHaveCount(0);

    // Settings, from the header: the address is verified; set up an authenticator app, after
    // the password (a stolen sign-in alone must not attach someone else's app).
    await page.getByRole('link', { name: t.settingsLink }).click();
    await expect(heading(page, t.settingsHeading)).toBeVisible();
    await expect(
      page.getByRole('region', { name: t.emailSection }).getByText(t.verifiedTag, { exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, `${language}-settings`);
    const mfa = page.getByRole('region', { name: t.mfaSection });
    await mfa.getByRole('button', { name: t.setUpApp }).click();
    const password = mfa.getByLabel(t.currentPassword);
    await password.fill('Not-The-Password-2026');
    await mfa.getByRole('button', { name: t.continue }).click();
    await expect(
      mfa.getByRole('alert').getByRole('link', { name: new RegExp(t.wrongPassword) }),
    ).toBeVisible();
    await expect(mfa.getByRole('img', { name: t.qrAlt })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, `${language}-settings-totp-password`);
    await password.fill(PASSWORD);
    await mfa.getByRole('button', { name: t.continue }).click();
    await expect(mfa.getByRole('img', { name: t.qrAlt })).toBeVisible();
    const secret = (await mfa.locator('code').first().textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7 ]{16,}$/);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, `${language}-settings-totp`);

    // A wrong code is refused beside the field; the app's code turns it on.
    const code = mfa.getByLabel(t.codeFromApp);
    const current = appCode(secret);
    await code.fill(current === '000000' ? '111111' : '000000');
    await mfa.getByRole('button', { name: t.turnOn }).click();
    await expect(
      mfa.getByRole('alert').getByRole('link', { name: new RegExp(t.wrongCode) }),
    ).toBeVisible();
    await code.fill(appCode(secret));
    await mfa.getByRole('button', { name: t.turnOn }).click();
    await expect(mfa.getByRole('heading', { name: t.codesHeading })).toBeFocused();
    await expect(mfa.getByRole('list', { name: t.codesList }).getByRole('listitem')).toHaveCount(
      10,
    );
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, `${language}-settings-recovery-codes`);
    await mfa.getByLabel(t.saved).check();
    await mfa.getByRole('button', { name: t.continue }).click();
    await expect(mfa.getByText(t.isOn)).toBeVisible();
    await expect(mfa.getByText(t.on, { exact: true })).toBeVisible();

    // Signed out, signing in asks for the app's code after the password.
    await page.getByRole('button', { name: t.logout }).click();
    await expect(heading(page, t.signIn)).toBeVisible();
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.signInButton }).click();
    const otp = page.getByLabel(t.otpLabel);
    await expect(otp).toBeVisible();
    await expect(otp).toHaveAttribute('name', 'otp');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${language}-sign-in-otp`);
    // The code used to turn the app on is spent: the app's next code, as a person would wait for.
    await otp.fill(appCode(secret, 1));
    await page.getByRole('button', { name: t.otpButton }).click();
    await expect(page).toHaveURL(dashboardUrl);
    await expect(heading(page, t.dashboard)).toBeVisible();
  });
}
