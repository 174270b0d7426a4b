import { expect, type Page } from '@playwright/test';
import type { Person } from './seed.ts';

/** The words of the signing step and of the sandbox ceremony, in the signer's language. */
export interface SigningWords {
  reviewAndSign: string;
  ceremonyTitle: string;
  typedName: string;
  signDocument: string;
  signedHeading: string;
}

/**
 * From the signing step: "Review and sign", the sandbox ceremony in the signer's language, the
 * typed name, and back to the step, signed.
 */
export async function signOnTheCeremony(page: Page, t: SigningWords, person: Person) {
  await page.getByRole('button', { name: t.reviewAndSign }).click();
  // The document is drawn before the ceremony opens: a moment on a busy machine.
  await expect(page).toHaveURL(/\/sandbox\/esign\//, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.ceremonyTitle })).toBeVisible();
  await page.getByLabel(t.typedName).fill(`${person.firstName} ${person.lastName}`);
  await page.getByRole('button', { name: t.signDocument }).click();
  await expect(page.getByRole('heading', { name: t.signedHeading })).toBeVisible({
    timeout: 25_000,
  });
}
