import { expect, test } from '../support/fixtures.ts';
import { SANDBOX_MAILBOX_SECRET } from '../playwright.config.ts';

/**
 * Issue 30 item 3: the sandbox mailbox holds codes and links that open accounts. A visitor
 * without its key meets a locked page; the address `npm start` prints opens it, and the key
 * leaves the address bar at once.
 */
test('the mailbox is locked to a visitor and opens with the printed address, in both languages', async ({
  page,
  request,
  pageErrors,
}) => {
  pageErrors.allow({
    status: 401,
    url: /\/sandbox\/mailbox\?/,
    why: 'without its key, or with a wrong one, the mailbox answers its locked page (401)',
  });
  for (const url of ['/sandbox/mailbox/messages', '/sandbox/mailbox']) {
    expect((await request.get(url)).status(), url).toBe(401);
  }
  await page.goto('/sandbox/mailbox?lang=fr');
  await expect(
    page.getByRole('heading', { name: 'Cette boîte aux lettres est verrouillée' }),
  ).toBeVisible();
  await page.getByLabel('Clé de la boîte aux lettres').fill('not-the-key');
  await page.getByRole('button', { name: 'Ouvrir la boîte aux lettres' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Ce n'est pas la clé de cette boîte aux lettres.",
  );

  await page.goto(`/sandbox/mailbox?key=${encodeURIComponent(SANDBOX_MAILBOX_SECRET)}`);
  await expect(page.getByRole('heading', { name: 'Mailbox', exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await page.locator('a[lang="fr-CA"]').click();
  await expect(page.getByRole('heading', { name: 'Boîte aux lettres', exact: true })).toBeVisible();
});
