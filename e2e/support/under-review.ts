import { expect, type Page } from '@playwright/test';
import { signInWithAppCode } from './account-security.ts';
import { authorizeNavigation } from './accounts.ts';
import { passIdentityWithQuestions } from './identity.ts';
import { heading } from './locators.ts';
import type { Language } from './pages.ts';
import type { Person } from './seed.ts';

/**
 * Takes an application saved up to its review (support/seed.ts `applicationAtReview`) to
 * "under review" through the screens a person uses: agree, the identity questions, the sandbox
 * signing ceremony. Shared by the journeys that start where signing ends (operations).
 */

/** The visible words, from apps/web/src/locales (review, esign) and the sandbox ceremony. */
const words = {
  en: {
    reviewHeading: 'Check your answers before you agree',
    consent: /I have read the customer agreements and I agree to them/,
    agree: 'Agree and continue',
    esignTitle: 'Sign your application',
    reviewAndSign: 'Review and sign',
    typedName: 'Your full name',
    signDocument: 'Sign the document',
    signedHeading: 'Your application is signed',
  },
  fr: {
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    consent: /J'ai lu les conventions du client et je les accepte/,
    agree: 'Accepter et continuer',
    esignTitle: 'Signez votre demande',
    reviewAndSign: 'Vérifier et signer',
    typedName: 'Votre nom complet',
    signDocument: 'Signer le document',
    signedHeading: 'Votre demande est signée',
  },
} as const;

export async function takeToUnderReview(
  page: Page,
  { id, language, person }: { id: string; language: Language; person: Person },
): Promise<void> {
  const t = words[language];
  await page.goto(`/#/application/${id}/review`);
  await expect(heading(page, t.reviewHeading)).toBeVisible();
  await page.getByLabel(t.consent).check();
  await page.getByRole('button', { name: t.agree }).click();
  await passIdentityWithQuestions(page, { id, language });
  await signAtCeremony(page, { language, person });
}

/**
 * From the signing step of a verified applicant: "Review and sign", the sandbox ceremony with
 * the typed name, and back on the signed screen.
 */
export async function signAtCeremony(
  page: Page,
  { language, person }: { language: Language; person: Person },
): Promise<void> {
  const t = words[language];
  await expect(heading(page, t.esignTitle)).toBeVisible();
  await page.getByRole('button', { name: t.reviewAndSign }).click();
  // The vendor's ceremony is a page load of its own, slow on a busy machine.
  await expect(page).toHaveURL(/\/sandbox\/esign\//, { timeout: 20_000 });
  await page.getByLabel(t.typedName).fill(`${person.firstName} ${person.lastName}`);
  await page.getByRole('button', { name: t.signDocument }).click();
  await expect(page).toHaveURL(/#\/application\/[0-9a-f-]+\/esign/);
  // The signing step polls every 2 s and may have to renew a short-lived sign-in first.
  await expect(page.getByRole('heading', { name: t.signedHeading })).toBeVisible({
    timeout: 25_000,
  });
}

/** The seeded staff members (README demo users) and their authenticator secrets. */
export const staffMembers = {
  priya: {
    email: 'staff@demo.laurentide.ca',
    name: 'Priya Patel',
    language: 'en',
    secret: 'LAURENTIDESTAFFDEMOKEYQ2Z6W3XAPB',
  },
  theo: {
    email: 'reviewer@demo.laurentide.ca',
    name: 'Théo Bouchard',
    language: 'fr',
    secret: 'LAURENTIDEREVIEWERDEMOKEYQ2Z6W3X',
  },
} as const;

export const DEMO_PASSWORD = 'Laurentide-Demo-2026';

/** Signs a staff member in with their second factor, then lets the browser take its token. */
export async function signInAsStaff(
  page: Page,
  staff: (typeof staffMembers)[keyof typeof staffMembers],
): Promise<void> {
  const status = await signInWithAppCode(page.request, { ...staff, password: DEMO_PASSWORD });
  expect(status, 'staff sign-in').toBe(204);
  await page.goto(authorizeNavigation);
  // Staff land in the console once the client has taken its token.
  await expect(page).toHaveURL(/#\/operations$/, { timeout: 20_000 });
}
