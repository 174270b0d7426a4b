import { expect, test } from '../support/fixtures.ts';
import { baseURL, shortCodeBaseURL, shortCodeOtherAddress } from '../playwright.config.ts';
import { authorizeNavigationOf, newEmail, PASSWORD } from '../support/accounts.ts';
import { signInWithAppCode } from '../support/account-security.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { heading } from '../support/locators.ts';
import { signInWords } from '../support/words.ts';

const text = {
  en: {
    ...signInWords.en,
    welcome: 'Welcome, Alex',
    greeting: 'Signed in as Alex Martin',
    wrong: 'The email address or password is not right.',
    common: 'This password is too common or has appeared in a data breach.',
  },
  fr: {
    ...signInWords.fr,
    welcome: 'Bienvenue, Alex',
    greeting: 'Connecté en tant que Alex Martin',
    wrong: "L'adresse courriel ou le mot de passe n'est pas exact.",
    common: 'Ce mot de passe est trop courant ou a déjà fuité',
  },
} satisfies Record<Language, Record<string, string>>;

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test(`create an account, stay signed in, renew silently, sign out (${language})`, async ({
    page,
    context,
    pageErrors,
  }) => {
    test.setTimeout(60_000);
    pageErrors.allow({
      status: 400,
      url: /\/security\/register$/,
      why: 'a breached password: the registration page is shown again with the reason',
    });
    pageErrors.allow({
      status: 401,
      url: /\/security\/login$/,
      why: 'a wrong password: the sign-in page is shown again with the reason',
    });
    pageErrors.allow({
      status: 401,
      url: /\/security\/(auth\/session|auth\/refreshsession|oauth\/authorize)/,
      why:
        'signing out just after the reload: the session times the page asked for as it loaded are ' +
        'answered once the session has ended, and the renewal that 401 starts is refused too',
    });
    await useLanguage(context, language);
    const email = newEmail(`journey-${language}`);

    // A visitor asking for a protected page is sent to sign in.
    await page.goto('/#/home/dashboard');
    await expect(heading(page, t.signIn)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${language}-sign-in`);

    // Create an account; a breached password is explained and what was typed is kept.
    await page.getByRole('link', { name: t.createAccount }).click();
    await expect(heading(page, t.createAccount)).toBeVisible();
    await page.getByLabel(t.firstName).fill('Alex');
    await page.getByLabel(t.lastName).fill('Martin');
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password).fill('Password2026!');
    await page.getByRole('button', { name: t.createButton }).click();
    await expect(page.getByRole('alert')).toContainText(t.common);
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByLabel(t.firstName)).toHaveValue('Alex');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${language}-register-error`);
    await page.getByLabel(t.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.createButton }).click();
    await expect(heading(page, t.ready)).toBeVisible();

    // Continue lands on the page first asked for, signed in.
    await page.getByRole('link', { name: t.continue }).click();
    await expect(page).toHaveURL(/#\/home\/dashboard$/);
    await expect(heading(page, t.dashboard)).toBeVisible();
    await expect(page.getByText(t.greeting)).toBeVisible();
    await expect(page.getByText(t.welcome)).toBeVisible();

    // A reload keeps the person signed in.
    await page.reload();
    await expect(page.getByText(t.greeting)).toBeVisible();

    // Wait out the 5-second token: the next call renews it through the session, unseen.
    await page.waitForTimeout(6_000);
    const renewal = page.waitForResponse(
      (response) =>
        response.url().includes('/security/oauth/authorize') &&
        response.request().resourceType() === 'fetch',
    );
    await page.reload();
    expect((await renewal).status()).toBe(200);
    await expect(page.getByText(t.greeting)).toBeVisible();
    await expect(page).toHaveURL(/#\/home\/dashboard$/);

    // Sign out: protected pages are closed again.
    await page.getByRole('button', { name: t.logout }).click();
    await expect(heading(page, t.signIn)).toBeVisible();
    await page.goto('/#/home/dashboard');
    await expect(heading(page, t.signIn)).toBeVisible();

    // Signing in through the page brings the person back.
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password).fill('Not-The-Password-1');
    await page.getByRole('button', { name: t.signInButton }).click();
    await expect(page.getByRole('alert')).toContainText(t.wrong);
    await page.getByLabel(t.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.signInButton }).click();
    await expect(heading(page, t.dashboard)).toBeVisible();
    await expect(page.getByText(t.greeting)).toBeVisible();
  });
}

test('an advisor sees no logout button and a logo that does not navigate', async ({ page }) => {
  // Advisors sign in with their second factor: the README's demo secret.
  const status = await signInWithAppCode(page.request, {
    email: 'advisor@demo.laurentide.ca',
    password: 'Laurentide-Demo-2026',
    secret: 'LAURENTIDEADVISORDEMOKEYQ2Z6W3XA',
  });
  expect(status).toBe(204);
  await page.goto(`/security/oauth/authorize?client_id=clientOnlineApp&response_type=token`);
  // Advisors land on their search (spec section 7), through the dashboard's address: the test
  // waits for where they end, not for the address they only pass through.
  await expect(page).toHaveURL(/#\/qadvisor\/search\/investor\/express$/);
  // Marc Gagnon's account is in French: it wins over the English browser once signed in.
  await expect(page.getByText('Connecté en tant que Marc Gagnon')).toBeVisible();
  await expect(
    page.getByRole('button', { name: /Log out|Se déconnecter|Déconnexion/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('link', { name: /go to the start|aller au début/ })).toHaveCount(0);
});

test('a trial user reaching the client home is asked about the trial', async ({ page }) => {
  await page.request.post('/security/login', {
    form: { username: 'trial@demo.laurentide.ca', password: 'Laurentide-Demo-2026' },
  });
  await page.goto(`/security/oauth/authorize?client_id=clientOnlineApp&response_type=token`);
  await expect(page).toHaveURL(/#\/trial-error$/);
  await expect(page.getByText('Do you want to log out of your trial account?')).toBeVisible();
});

test('a page of another origin cannot sign the visitor into an account (forged form)', async ({
  page,
  context,
  pageErrors,
}) => {
  pageErrors.allow({
    status: 403,
    url: /\/security\/login$/,
    why: 'the forged sign-in is refused (crossSite)',
  });
  pageErrors.allow({
    status: 404,
    url: /\/favicon\.ico$/,
    why: "the refusal is JSON, not a page: Chromium asks for the site's /favicon.ico, which the portal does not serve (its pages name /favicon.svg)",
  });
  const email = newEmail('forged');
  const register = await page.request.post('/security/register', {
    form: { email, password: PASSWORD, firstName: 'Eve', lastName: 'Attacker', language: 'en' },
  });
  expect(register.status()).toBe(201);
  // A page of no origin (as a sandboxed frame on the attacker's site has) auto-submits the
  // attacker's credentials: Chromium sends `Origin: null` and `Sec-Fetch-Site: cross-site`.
  const answer = page.waitForResponse(
    (response) => response.url() === new URL('/security/login', baseURL).href,
  );
  await page.setContent(`<form method=post action='${new URL('/security/login', baseURL)}'>
      <input name=username value='${email}'><input name=password value='${PASSWORD}'>
    </form><script>document.forms[0].submit()</script>`);
  const refused = await answer;
  expect(refused.status()).toBe(403);
  await expect(page.locator('body')).toContainText('Requests from other sites are refused.');
  const cookies = await context.cookies(baseURL);
  expect(cookies.find((cookie) => cookie.name === 'portal_session')).toBeUndefined();
});

test.describe('a site opened at another address than its PUBLIC_URL (issue 30)', () => {
  test('a person who opens 127.0.0.1 lands on the PUBLIC_URL host and signs in', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const t = text.en;
    // The account exists already; this browser has never signed in.
    const email = newEmail('other-address');
    const created = await request.post(`${shortCodeBaseURL}/security/register`, {
      form: { email, password: PASSWORD, firstName: 'Alex', lastName: 'Martin', language: 'en' },
    });
    expect(created.status()).toBe(201);

    await page.goto(`${shortCodeOtherAddress}/#/home/dashboard`);
    await expect(heading(page, t.signIn)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(shortCodeBaseURL);
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.signInButton }).click();
    await expect(heading(page, t.dashboard)).toBeVisible();
    await expect(page).toHaveURL(`${shortCodeBaseURL}/#/home/dashboard`);
    await expect(page.getByText(t.greeting)).toBeVisible();
  });

  test('a sign-in asked to return elsewhere shows the sign-in error page, in French', async ({
    page,
    context,
    pageErrors,
  }) => {
    pageErrors.allow({
      status: 400,
      url: /\/security\/oauth\/authorize\?/,
      why: 'the return address is not this site: authorize answers the sign-in error page (400)',
    });
    await useLanguage(context, 'fr');
    // The return address of a page opened at 127.0.0.1 before this server moved such pages.
    await page.goto(`${shortCodeBaseURL}${authorizeNavigationOf(shortCodeOtherAddress)}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'Cette page a été ouverte à une autre adresse que celle du site',
    );
    await expect(page.getByText('errorCode')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'fr-sign-in-refused-return-address');
    await page.getByRole('link', { name: 'Aller à la page d’ouverture de session' }).click();
    await expect(heading(page, text.fr.signIn)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(shortCodeBaseURL);
  });
});

test('a long email wraps at 390 px on the account confirmation and in Settings (issue 30)', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await useLanguage(context, 'en');
  const t = text.en;
  await page.setViewportSize({ width: 390, height: 844 });
  // An address with no place to break, as long as the walk's (its page was 543 px wide).
  const email = `alexandracatherinemontgomerylafleur.${Date.now()}@northerninvestmentpartners.example.com`;
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  await page.goto('/#/home/dashboard');
  await page.getByRole('link', { name: t.createAccount }).click();
  await page.getByLabel(t.firstName).fill('Alexandra');
  await page.getByLabel(t.lastName).fill('Montgomery');
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill(PASSWORD);
  await page.getByRole('button', { name: t.createButton }).click();
  await expect(heading(page, t.ready)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: t.continue }).click();
  await expect(heading(page, t.dashboard)).toBeVisible();
  await page.goto('/#/home/settings');
  await expect(heading(page, 'Account settings')).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
});
