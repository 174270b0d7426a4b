import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { applicationCard } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { useLanguage } from '../support/pages.ts';
import { signOnTheCeremony } from '../support/signing.ts';
import { applicationAtReview, codeIn, mailTo, type Person } from '../support/seed.ts';
import { escapeRegExp, heading } from '../support/locators.ts';
import {
  identityWords,
  passIdentityWithQuestions,
  seededJointTruths,
} from '../support/identity.ts';

/**
 * Issue 12, items 4, 9 and 12: an English primary applicant and a French joint applicant. Each
 * person's mail, signing ceremony and contract follow their own language (the invitation, the
 * language the primary stated for the joint applicant); each downloads the copy they signed
 * from their dashboard.
 */

/** The visible words, from apps/web/src/locales, the sandbox pages and the mails. */
const text = {
  en: {
    reviewHeading: 'Check your answers before you agree',
    consent: /I have read the customer agreements and I agree to them/,
    agree: 'Agree and continue',
    sign: 'Sign your application',
    reviewAndSign: 'Review and sign',
    ceremonyTitle: 'Review and sign your document',
    typedName: 'Your full name',
    signDocument: 'Sign the document',
    signedHeading: 'Your application is signed',
    homeLink: 'Laurentide Investing, go to the start',
    dashboard: 'Your account applications',
    underReview: 'Application is under review',
    download: /^Download your signed application \(PDF\)/,
    joinedSubject: 'Sam Roy joined your joint application',
    underReviewSubject: "We're reviewing your application",
  },
  fr: {
    invitationSubject: /vous invite à une demande de compte conjoint$/,
    codeLabel: "Code d'authentification",
    submitCode: 'Continuer',
    jointJoined:
      "Vous vous êtes joint à la demande conjointe. C'est à votre tour de confirmer votre identité",
    sign: 'Signer votre demande',
    reviewAndSign: 'Vérifier et signer',
    ceremonyTitle: 'Vérifiez et signez votre document',
    typedName: 'Votre nom complet',
    signDocument: 'Signer le document',
    signedHeading: 'Votre demande est signée',
    homeLink: 'Placements Laurentide, aller au début',
    dashboard: "Vos demandes d'ouverture de compte",
    underReview: 'La demande est en cours de vérification',
    download: /^Télécharger votre demande signée \(PDF\)/,
    turnSubject: "C'est votre tour de signer la demande conjointe",
    underReviewSubject: 'Nous examinons votre demande',
  },
} as const;

type Words = (typeof text)['en'] | (typeof text)['fr'];

/** From the dashboard card: the ceremony in the signer's language, the typed name, signed. */
async function signFromDashboard(page: Page, t: Words, id: string, person: Person) {
  await applicationCard(page, id)
    .getByRole('link', { name: new RegExp(escapeRegExp(t.sign)) })
    .click();
  await signOnTheCeremony(page, t, person);
}

/** Back on the dashboard: the signed copy downloads as a PDF under a name in its language. */
async function downloadSignedCopy(page: Page, t: Words, id: string) {
  await page.getByRole('link', { name: t.homeLink }).click();
  await expect(heading(page, t.dashboard)).toBeVisible();
  const card = applicationCard(page, id);
  await expect(card).toContainText(t.underReview, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: t.download }).click(),
  ]);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return download.suggestedFilename();
}

test('an English primary and a French joint applicant: each signs, is written to and keeps a copy in their own language', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(240_000);
  const en = text.en;
  const fr = text.fr;
  await useLanguage(context, 'en');
  const primary = { firstName: 'Alex', lastName: 'Martin', email: newEmail('primary') };
  const joint = { firstName: 'Sam', lastName: 'Roy', email: newEmail('joint') };
  await signInThroughApi(page, 'en', primary);
  // The primary corresponds in English and states French for the joint applicant.
  const id = await applicationAtReview(page.request, {
    primary,
    joint,
    language: 'en',
    jointLanguage: 'fr',
  });
  const reference = id.slice(0, 8).toUpperCase();

  await page.goto(`/#/application/${id}/review`);
  await expect(heading(page, en.reviewHeading)).toBeVisible();
  await page.getByLabel(en.consent).check();
  await page.getByRole('button', { name: en.agree }).click();
  // Funding first (issue 14), then the primary confirms their identity while the application
  // waits for the joint applicant (spec section 4).
  await expect(heading(page, 'Fund your accounts')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, identityWords.en.title)).toBeVisible({ timeout: 20_000 });

  // The invitation is in French, as stated for the joint applicant.
  const invitation = await mailTo(page.request, joint.email, (message) =>
    fr.invitationSubject.test(message.subject),
  );

  // The joint applicant, whose account is French, joins with the code.
  const jointContext = await browser.newContext();
  await useLanguage(jointContext, 'fr');
  const other = await jointContext.newPage();
  await signInThroughApi(other, 'fr', joint);
  await other.goto('/#/auth-code');
  await other.getByLabel(fr.codeLabel, { exact: true }).fill(codeIn(invitation));
  await other.getByRole('button', { name: fr.submitCode, exact: true }).click();
  await expect(other.getByRole('status').filter({ hasText: fr.jointJoined })).toBeVisible({
    timeout: 20_000,
  });

  // The joint applicant confirms their identity (issue 13), in French.
  await passIdentityWithQuestions(other, {
    id,
    language: 'fr',
    truths: seededJointTruths,
    thenSign: false,
  });

  // The primary is told in English that the joint applicant joined, confirms their identity
  // and signs in English.
  await mailTo(page.request, primary.email, (message) => message.subject === en.joinedSubject);
  await passIdentityWithQuestions(page, { id, language: 'en', thenSign: false });
  await page.goto('/#/home/dashboard');
  await expect(heading(page, en.dashboard)).toBeVisible();
  await signFromDashboard(page, en, id, primary);

  // The joint applicant is told in French it is their turn, and signs in French: the
  // ceremony and the contract (its file name says which) are French.
  await mailTo(page.request, joint.email, (message) => message.subject === fr.turnSubject);
  // Already on the dashboard since joining: read it afresh.
  await other.goto('/#/home/dashboard');
  await other.reload();
  await expect(heading(other, fr.dashboard)).toBeVisible();
  await applicationCard(other, id)
    .getByRole('link', { name: new RegExp(escapeRegExp(fr.sign)) })
    .click();
  await other.getByRole('button', { name: fr.reviewAndSign }).click();
  await expect(other).toHaveURL(/\/sandbox\/esign\//, { timeout: 30_000 });
  await expect(other.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(other.getByText(`demande-${reference}.pdf`).first()).toBeVisible();
  await other.getByLabel(fr.typedName).fill('Sam Roy');
  await other.getByRole('button', { name: fr.signDocument }).click();
  await expect(other.getByRole('heading', { name: fr.signedHeading })).toBeVisible({
    timeout: 25_000,
  });

  // Each keeps the copy they signed, in their language; the mails say so in theirs.
  expect(await downloadSignedCopy(other, fr, id)).toBe(`demande-signee-${reference}.pdf`);
  await page.reload();
  expect(await downloadSignedCopy(page, en, id)).toBe(`signed-application-${reference}.pdf`);
  const jointMail = await mailTo(
    page.request,
    joint.email,
    (message) => message.subject === fr.underReviewSubject,
  );
  expect(jointMail.text).toContain(`/?lang=fr#/application/${id}/nextsteps`);
  await mailTo(page.request, primary.email, (message) => message.subject === en.underReviewSubject);
  await jointContext.close();
});
