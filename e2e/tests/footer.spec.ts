import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

/**
 * The footer's links keep their contrast under the pointer: a hovered link took the site's
 * link colour (dark blue) on the dark footer when the global `a:hover` rule came later in the
 * cascade than the footer's own, and axe caught it once in CI on a page where the pointer had
 * come to rest on "Privacy at a glance".
 */
test('each footer link keeps the footer text colour under the pointer', async ({ page }) => {
  await signInThroughApi(page, 'en', {
    firstName: 'Noor',
    lastName: 'Haddad',
    email: newEmail('footer'),
  });
  await page.goto('/#/home/dashboard');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible({ timeout: 20_000 });
  const footerText = await footer.evaluate((element) => getComputedStyle(element).color);
  const links = footer.getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThan(3);
  for (let index = 0; index < count; index++) {
    await links.nth(index).hover();
    const color = await links.nth(index).evaluate((link) => getComputedStyle(link).color);
    expect(color, `footer link ${index + 1} under the pointer`).toBe(footerText);
  }
  // The last one still under the pointer: nothing serious on the page.
  await expectNoSeriousA11yViolations(page);
});
