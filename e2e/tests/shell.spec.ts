import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { screenshot, useLanguage } from '../support/pages.ts';

test('the language switch re-renders in French without a reload and is remembered a year', async ({
  page,
  context,
}) => {
  await page.goto('/#/version');
  await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('button', { name: 'Afficher cette page en français' }).click();
  await expect(page.getByRole('heading', { name: 'À propos de cette application' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle('Demandes en ligne | Version');
  // Same document: nothing was reloaded.
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('fr');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'À propos de cette application' })).toBeVisible();
});

test('the not-found frame is 500px high and speaks the page language', async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: 'lang', value: 'fr-CA', url: baseURL }]);
  await page.goto('/#/nowhere');
  const frame = page.locator('iframe[title="Détails de la page introuvable"]');
  await expect(frame).toHaveAttribute('height', '500');
  expect((await frame.boundingBox())?.height).toBe(500);
  const inside = page.frameLocator('iframe[title="Détails de la page introuvable"]');
  await expect(inside.getByText('Erreur 404')).toBeVisible();
  await expect(
    inside.getByText(
      "Oups, il semble que la page demandée n'existe pas ou qu'elle a été déplacée.",
    ),
  ).toBeVisible();
});

test('a partner skin cookie themes the page and shows the partnership line', async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: 'partnerSkin', value: 'harbour', url: baseURL },
    { name: 'partnerName', value: 'Harbour%20Credit%20Union', url: baseURL },
    { name: 'partnerNameFr', value: 'Caisse%20Harbour', url: baseURL },
    { name: 'partnerUrl', value: encodeURIComponent('https://harbour.example.ca/'), url: baseURL },
  ]);
  await page.goto('/#/version');
  const line = page.getByTestId('partnership-line');
  await expect(line).toHaveText('In partnership with Harbour Credit Union');
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'harbour');
  const brand = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim(),
  );
  expect(brand).toBe('#1d4f91');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'en-partner-skin');
  await page.getByRole('button', { name: 'Afficher cette page en français' }).click();
  await expect(line).toHaveText('En partenariat avec Caisse Harbour');
});

test('the default partner shows no partnership line', async ({ page, context }) => {
  await context.addCookies([
    { name: 'partnerSkin', value: 'laurentide', url: baseURL },
    { name: 'partnerName', value: 'laurentide', url: baseURL },
  ]);
  await page.goto('/#/version');
  await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
  await expect(page.getByTestId('partnership-line')).toHaveCount(0);
});

test('externalRedirect leaves with location.replace, so Back skips it', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allow({
    status: 404,
    url: /\/favicon\.ico$/,
    why: "/healthz answers JSON, not a page: Chromium asks for the site's /favicon.ico, which the portal does not serve (its pages name /favicon.svg)",
  });
  await page.goto('/#/version');
  await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
  await page.goto(`/#/externalRedirect?href=${encodeURIComponent('/healthz')}`);
  await expect(page).toHaveURL(`${baseURL}/healthz`);
  await page.goBack();
  await expect(page).toHaveURL(/#\/version$/);
});

test('externalRedirect leaves for a vendor origin the configuration lists', async ({ page }) => {
  await page.route('https://auth.bankvendor.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Vendor</title>' }),
  );
  const href = 'https://auth.bankvendor.example/oauth/authorize?client_id=portal';
  await page.goto(`/#/externalRedirect?href=${encodeURIComponent(href)}`);
  await expect(page).toHaveURL(href);
});

test('externalRedirect refuses another site', async ({ page }) => {
  await page.goto(`/#/externalRedirect?href=${encodeURIComponent('https://evil.example/')}`);
  await expect(page).toHaveURL(/#\/error$/);
  await expect(page.getByRole('heading', { name: "We're sorry" })).toBeVisible();
});

test('the expired-link Client login button goes to the server login page', async ({ page }) => {
  await page.goto('/#/express-error');
  const login = page.waitForRequest((request) => request.url().endsWith('/security/login'));
  await page.getByRole('button', { name: 'Client login' }).click();
  await login;
});

test('a wrong server path lands on the not-found page', async ({ page }) => {
  await page.goto('/some/old/page.html');
  await expect(page).toHaveURL(/#\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the mobile menu toggle reveals the header links on a small screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/#/version');
  const faq = page.getByRole('link', { name: 'FAQ and help' });
  await expect(faq).toBeHidden();
  await page.getByRole('button', { name: /Open menu/ }).click();
  await expect(faq).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'en-mobile-menu');
});

test('an error in a script that is not the app’s is reported, and the person stays', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allow({
    message: /^(browser notice Error: )?boom\b/,
    why: 'the journey throws from a script of its own: the page error, and the notice the app logs and reports',
  });
  await page.goto('/#/version');
  await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
  // The page shows before the client runs (ADR 0027); its buttons work once the client does.
  await expect(page.getByRole('button', { name: 'Afficher cette page en français' })).toBeEnabled();
  const report = page.waitForRequest((request) => request.url().endsWith('/service/jaxrs/errors'));
  // A script of the test's own (as an extension's would be), not one the app serves.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom');
    });
  });
  expect((await report).postDataJSON()).toMatchObject({
    errorField: expect.stringMatching(/^notice Error: boom/),
  });
  await expect(page).toHaveURL(/#\/version$/);
  await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
});

test('keyboard users can skip straight to the page content', async ({ page }) => {
  await page.goto('/#/version');
  await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
  // The client's page, once its buttons work: the prerendered main it replaces (ADR 0027)
  // would take the focus with it.
  await expect(page.getByRole('button', { name: 'Afficher cette page en français' })).toBeEnabled();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('moving to another screen puts focus on its heading', async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/#/not-found');
  await page.getByRole('link', { name: 'Go to your applications' }).last().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account applications' }),
  ).toBeFocused();
});

test('the heading that takes the focus on a new screen draws no focus ring (issue 30)', async ({
  page,
}) => {
  await signInThroughApi(page);
  const dashboard = page.getByRole('heading', { level: 1, name: 'Your account applications' });
  const ringOf = (heading: typeof dashboard) =>
    heading.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, shadow: style.boxShadow };
    });
  await page.goto('/#/not-found');
  // By keyboard, where the browser would draw its ring on what a script focuses next.
  const toApplications = page.getByRole('link', { name: 'Go to your applications' }).last();
  await toApplications.focus();
  await page.keyboard.press('Enter');
  await expect(dashboard).toBeFocused();
  expect(await ringOf(dashboard)).toEqual({ outline: 'none', shadow: 'none' });
  // A control still shows where the keyboard is.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).not.toHaveCount(0);
  expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
});

for (const [language, words] of [
  ['en', { open: 'Open menu', close: 'Close menu', closeWord: 'Close', faq: 'FAQ and help' }],
  [
    'fr',
    { open: 'Ouvrir le menu', close: 'Fermer le menu', closeWord: 'Fermer', faq: 'FAQ et aide' },
  ],
] as const) {
  test(`the phone menu says Close while open and closes with Escape (${language}, 390 px)`, async ({
    page,
    context,
  }) => {
    await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/version');
    // One button, whose name changes with what a press does.
    const toggle = page.getByRole('button', {
      name: new RegExp(`^(${words.open}|${words.close})$`),
    });
    await expect(toggle).toHaveAccessibleName(words.open);
    await toggle.click();
    await expect(toggle).toHaveAccessibleName(words.close);
    await expect(toggle).toContainText(words.closeWord);
    const faq = page.getByRole('link', { name: words.faq });
    await expect(faq).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${language}-mobile-menu-open-390`);
    await faq.focus();
    await page.keyboard.press('Escape');
    await expect(faq).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName(words.open);
  });
}

test('the main area shows no focus ring when the page moves the focus to it', async ({ page }) => {
  const ringOf = (element: Element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  };
  const noRing = { outline: 'none', shadow: 'none' };
  await page.goto('/#/version');
  await expect(page.getByRole('heading', { name: 'About this application' })).toBeVisible();
  // The prerendered page's main is replaced when the client starts (ADR 0027): the client's is
  // the one checked, once its buttons work.
  await expect(page.getByRole('button', { name: 'Afficher cette page en français' })).toBeEnabled();
  const main = page.locator('main');
  // Where the browser would draw a ring (focus moved after a key press), main has none.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();
  expect(await main.evaluate(ringOf)).toEqual(noRing);
  // A mouse user: after a click, the page moves the focus to main (a screen still loading).
  await page.mouse.click(5, 300);
  await main.evaluate((element: HTMLElement) => element.focus());
  await expect(main).toBeFocused();
  expect(await main.evaluate(ringOf)).toEqual(noRing);
});

for (const [language, title, headingText] of [
  ['en', 'Online Applications | Version', 'About this application'],
  ['fr', 'Demandes en ligne | Version', 'À propos de cette application'],
] as const) {
  test(`a public screen shows its heading and its title before any script of the bundle runs (${language})`, async ({
    page,
    context,
    pageErrors,
  }) => {
    pageErrors.allow({
      message: /^Failed to load resource: net::ERR_FAILED$/,
      url: /\/assets\/[^/]+\.js$/,
      why: 'the journey stops every script of the bundle from arriving',
    });
    pageErrors.allow({
      message: /^Failed to fetch dynamically imported module: .*\/assets\/[^/]+\.js$/,
      why: 'the page’s own loader finds the bundle missing, as the journey made it',
    });
    await useLanguage(context, language);
    // The bundle never arrives: what shows is the page the server sent (ADR 0027).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/#/version');
    await expect(page.getByRole('heading', { level: 1, name: headingText })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page.locator('html')).toHaveAttribute('lang', `${language}-CA`);
  });
}
