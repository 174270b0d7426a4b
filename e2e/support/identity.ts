import { expect, type Locator, type Page } from '@playwright/test';
import { heading } from './locators.ts';
import type { Language } from './pages.ts';

/**
 * Identity verification (issue 13) in the journeys. The sandbox credit bureau matches any
 * profile whose last name does not start with one of its documented inputs (Nofile, Thin,
 * Hardstop, Offline) and asks four questions from the saved profile: the home street, the
 * city, the birth year and the postal code's first three characters (docs/sandbox.md).
 */

/** The true answers to the sandbox's questions for one person's saved profile. */
export interface IdentityTruths {
  street: string;
  city: string;
  birthYear: string;
  postalPrefix: string;
}

/** The primary applicant as `applicationAtReview` saves them (support/seed.ts). */
export const seededPrimaryTruths: IdentityTruths = {
  street: 'Bank St',
  city: 'Ottawa',
  birthYear: '1985',
  postalPrefix: 'K1S',
};

/** The joint applicant as `applicationAtReview` saves them. */
export const seededJointTruths: IdentityTruths = { ...seededPrimaryTruths, birthYear: '1987' };

/** The primary applicant with `montrealHome` (support/seed.ts). */
export const montrealPrimaryTruths: IdentityTruths = {
  street: 'Rue Sainte-Catherine O',
  city: 'Montréal',
  birthYear: '1985',
  postalPrefix: 'H3B',
};

export const identityWords = {
  en: {
    title: 'Confirm your identity',
    landingHeading: 'Why we confirm your identity',
    startQuestions: 'Start with a few questions',
    usePhoto: 'Use my photo ID instead',
    useDocuments: "I don't have these documents",
    useManual: 'Ask for manual verification',
    otherWays: 'Other ways',
    questionsHeading: 'Answer a few questions',
    submitAnswers: 'Submit answers',
    successHeading: 'Your identity is verified',
    continueToSigning: 'Continue to signing',
    failureHeading: 'We could not confirm your identity this way',
    questionsFailed: 'Some answers did not match your credit file.',
    offlineHeading: 'The credit bureau is offline',
    offlineMessage: /offline for maintenance until .+ You can log out and return later/,
    consentHeading: 'Before we compare your selfie with your photo ID',
    consentAgree: 'I agree to have my selfie compared with my photo ID',
    phoneHeading: 'Use your photo ID and a selfie on your phone',
    manualHeading: 'Ask for manual verification',
    documentType: 'Type of photo ID',
    driversLicence: "Driver's licence",
    expiry: 'Expiry date',
    idPhoto: /Photo of the ID/,
    sendForVerification: 'Send for verification',
    expired: 'This document has expired. Use a document that has not expired.',
    documentsHeading: 'Send two documents',
    documentN: (n: number) => `Document ${n}`,
    typeOfDocument: 'Type of document',
    utilityBill: 'Utility bill',
    bankStatement: 'Bank statement',
    issuer: /Who issued it/,
    address: 'Your address',
    account: 'An account you hold (bank, credit card or loan)',
    reference: /Reference or account number/,
    theDocument: 'The document',
    sendDocuments: 'Send the documents',
    pendingHeading: 'We are checking your documents',
    dashboardIdentity: 'Identity',
    verified: 'Verified',
    toVerify: 'To verify',
    inReview: 'In review',
  },
  fr: {
    title: 'Confirmer votre identité',
    landingHeading: 'Pourquoi nous confirmons votre identité',
    startQuestions: 'Commencer par quelques questions',
    usePhoto: "Utiliser plutôt ma pièce d'identité avec photo",
    useDocuments: "Je n'ai pas ces documents",
    useManual: 'Demander une vérification manuelle',
    otherWays: 'Autres façons',
    questionsHeading: 'Répondez à quelques questions',
    submitAnswers: 'Envoyer les réponses',
    successHeading: 'Votre identité est confirmée',
    continueToSigning: 'Passer à la signature',
    failureHeading: "Nous n'avons pas pu confirmer votre identité de cette façon",
    questionsFailed: 'Certaines réponses ne correspondent pas à votre dossier de crédit.',
    offlineHeading: 'Le bureau de crédit est hors ligne',
    offlineMessage:
      /hors ligne pour maintenance jusqu'à .+ Vous pouvez vous déconnecter et revenir plus tard/,
    consentHeading: "Avant de comparer votre égoportrait à votre pièce d'identité avec photo",
    consentAgree: "J'accepte que mon égoportrait soit comparé à ma pièce d'identité avec photo",
    phoneHeading:
      "Utiliser votre pièce d'identité avec photo et un égoportrait sur votre téléphone",
    manualHeading: 'Demander une vérification manuelle',
    documentType: "Type de pièce d'identité avec photo",
    driversLicence: 'Permis de conduire',
    expiry: "Date d'expiration",
    idPhoto: /Photo de la pièce d'identité/,
    sendForVerification: 'Envoyer pour vérification',
    expired: "Ce document est expiré. Utilisez un document qui n'est pas expiré.",
    documentsHeading: 'Envoyer deux documents',
    documentN: (n: number) => `Document ${n}`,
    typeOfDocument: 'Type de document',
    utilityBill: 'Facture de services publics',
    bankStatement: 'Relevé bancaire',
    issuer: /Qui l'a émis/,
    address: 'Votre adresse',
    account: 'Un compte que vous détenez (compte bancaire, carte de crédit ou prêt)',
    reference: /Numéro de référence ou de compte/,
    theDocument: 'Le document',
    sendDocuments: 'Envoyer les documents',
    pendingHeading: 'Nous vérifions vos documents',
    dashboardIdentity: 'Identité',
    verified: 'Confirmée',
    toVerify: 'À confirmer',
    inReview: 'En vérification',
  },
} as const;

const normalized = (text: string) =>
  text.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** The choice of a question's group that is true for these answers ("None of the above" never is). */
async function trueChoiceIn(group: Locator, truths: IdentityTruths): Promise<Locator> {
  const radios = group.getByRole('radio');
  const labels = await group.locator('label').allTextContents();
  const wanted = Object.values(truths).map(normalized);
  const index = labels.findIndex((label) => {
    const text = normalized(label);
    return wanted.some((truth) => text === truth || text.includes(truth) || truth.includes(text));
  });
  expect(index, `a true answer among ${JSON.stringify(labels)}`).toBeGreaterThanOrEqual(0);
  return radios.nth(index);
}

/**
 * Opens the identity step of application `id` and passes it with the credit-file questions,
 * each answered truly from `truths` (the sandbox input that "passes at once"); ends on the
 * success screen, then, unless `thenSign` is false, continues to the signing step.
 */
export async function passIdentityWithQuestions(
  page: Page,
  {
    id,
    language,
    truths = seededPrimaryTruths,
    thenSign = true,
  }: { id: string; language: Language; truths?: IdentityTruths; thenSign?: boolean },
): Promise<void> {
  const t = identityWords[language];
  // Just agreed: the review's save decides where to go; let it land before leaving.
  await expect(page).not.toHaveURL(/\/review(\?.*)?$/, { timeout: 20_000 });
  await page.goto(`/#/application/${id}/qualid`);
  await expect(heading(page, t.title)).toBeVisible({ timeout: 20_000 });
  const questions = page.getByRole('heading', { name: t.questionsHeading });
  // A journey may have opened the questions already.
  if (!(await questions.isVisible())) {
    await page.getByRole('button', { name: t.startQuestions, exact: true }).click();
  }
  await expect(questions).toBeVisible({ timeout: 20_000 });
  const groups = page.locator('form fieldset');
  const count = await groups.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    await (await trueChoiceIn(groups.nth(index), truths)).check();
  }
  await page.getByRole('button', { name: t.submitAnswers, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.successHeading })).toBeVisible({
    timeout: 20_000,
  });
  if (thenSign) await page.getByRole('link', { name: t.continueToSigning }).click();
}

/** The dashboard card's identity line for the signed-in person. */
export function identityLineOf(card: Locator, language: Language): Locator {
  return card
    .getByRole('term')
    .filter({ hasText: identityWords[language].dashboardIdentity })
    .locator('xpath=following-sibling::dd[1]');
}
