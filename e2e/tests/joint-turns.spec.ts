import { expect, test } from '../support/fixtures.ts';
import { emailCodeFor } from '../support/account-security.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { applicationCard } from '../support/applications.ts';
import {
  identityWords,
  passIdentityWithQuestions,
  seededJointTruths,
} from '../support/identity.ts';
import { escapeRegExp, heading } from '../support/locators.ts';
import { useLanguage } from '../support/pages.ts';
import { applicationAtReview, codeIn, mailTo } from '../support/seed.ts';
import { signOnTheCeremony } from '../support/signing.ts';

/**
 * Issue 30, item 5 (audit A-M2, A-M3, C-4): a joint application in which each person is told
 * their turn, by mail in their own language and on their dashboard, through to both signing.
 * An English primary applicant confirms their identity right after agreeing, while the joint
 * applicant is invited (spec section 4); a French joint applicant, whose address is not proved
 * yet, proves it from the code page and is brought back to it, joins and confirms their
 * identity; that makes it the primary's turn to sign, which a mail says; the joint applicant's
 * signing page moves on by itself once the primary has signed, and a mail says so too.
 */

/** The visible words, from apps/web/src/locales, the sandbox pages and the mails. */
const en = {
  reviewHeading: 'Check your answers before you agree',
  consent: /I have read the customer agreements and I agree to them/,
  agree: 'Agree and continue',
  fundingTitle: 'Fund your accounts',
  dashboard: 'Your account applications',
  confirmWhileJointJoins:
    'Confirm your identity now: you sign once the joint applicant has joined and confirmed theirs.',
  verifiedWaits: "Thank you. You'll sign once it's your turn: we'll email you then.",
  joinedSubject: 'Sam Roy joined your joint application',
  joinedLater: "We'll email you when it's time to sign.",
  turnSubject: "It's your turn to sign the joint application",
  turnText: "Sam Roy has confirmed their identity. It's your turn to sign",
  readyToSign: 'Your application is ready to sign.',
  sign: 'Sign your application',
  reviewAndSign: 'Review and sign',
  ceremonyTitle: 'Review and sign your document',
  typedName: 'Your full name',
  signDocument: 'Sign the document',
  signedHeading: 'Your application is signed',
  underReview: 'Application is under review',
};

const fr = {
  invitationSubject: /vous invite à une demande de compte conjoint$/,
  verifyFirst: "Vérifiez d'abord votre adresse courriel",
  twoCodes: 'Vous utilisez deux codes',
  verifyLink: 'Vérifier votre adresse courriel',
  emailCodeLabel: 'Code reçu par courriel',
  verifyEmail: "Vérifier l'adresse courriel",
  backOnCode:
    "Votre adresse courriel est vérifiée. Entrez maintenant le code d'authentification à 4 chiffres de l'invitation.",
  codeLabel: "Code d'authentification",
  submitCode: 'Continuer',
  joinedVerify: "C'est à votre tour de confirmer votre identité",
  dashboard: "Vos demandes d'ouverture de compte",
  verifyIdentity: 'Confirmer votre identité',
  verifiedWaits:
    'Merci. Vous signerez quand ce sera votre tour : nous vous écrirons à ce moment-là.',
  primaryFirst: 'Le demandeur principal signe en premier.',
  turnSubject: "C'est votre tour de signer la demande conjointe",
  reviewAndSign: 'Vérifier et signer',
  ceremonyTitle: 'Vérifiez et signez votre document',
  typedName: 'Votre nom complet',
  signDocument: 'Signer le document',
  signedHeading: 'Votre demande est signée',
  underReview: 'La demande est en cours de vérification',
};

/** The path and hash of a link a mail carries to `step` of application `id`. */
function linkIn(text: string, id: string, step: string): string {
  // The link carries its reader's language before the route (`/?lang=fr#/application/...`).
  const link = new RegExp(`https?://\\S+(/(?:\\?lang=(?:en|fr))?#/application/${id}/${step})`).exec(
    text,
  )?.[1];
  expect(link, `no link to ${step} in: ${text}`).toBeTruthy();
  return link as string;
}

test('a joint application where each person is told their turn, by mail and on the dashboard, through to both signing', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(300_000);
  await useLanguage(context, 'en');
  const primary = { firstName: 'Alex', lastName: 'Martin', email: newEmail('primary') };
  const joint = { firstName: 'Sam', lastName: 'Roy', email: newEmail('joint') };
  await signInThroughApi(page, 'en', primary);
  const id = await applicationAtReview(page.request, {
    primary,
    joint,
    language: 'en',
    jointLanguage: 'fr',
  });

  // The primary agrees, may fund, and goes on to confirm their identity while the joint
  // applicant is invited (spec section 4: "then the primary continues to security questions").
  await page.goto(`/#/application/${id}/review`);
  await expect(heading(page, en.reviewHeading)).toBeVisible();
  await page.getByLabel(en.consent).check();
  await page.getByRole('button', { name: en.agree }).click();
  await expect(heading(page, en.fundingTitle)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page, identityWords.en.title)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`#/application/${id}/qualid$`));
  // Their dashboard says so too, and its call to action leads there (C-4).
  await page.goto('/#/home/dashboard');
  const primaryCard = applicationCard(page, id);
  await expect(primaryCard).toContainText(en.confirmWhileJointJoins);
  await primaryCard
    .getByRole('link', { name: new RegExp(escapeRegExp(identityWords.en.title)) })
    .click();
  await expect(heading(page, identityWords.en.title)).toBeVisible({ timeout: 20_000 });
  await passIdentityWithQuestions(page, { id, language: 'en', thenSign: false });
  // Verified, but it is not their turn to sign yet: no way to a signature they cannot make.
  await expect(page.getByText(en.verifiedWaits)).toBeVisible();

  // The joint applicant's invitation is in French; they sign up, their address not proved yet.
  const invitation = await mailTo(page.request, joint.email, (message) =>
    fr.invitationSubject.test(message.subject),
  );
  const jointContext = await browser.newContext();
  await useLanguage(jointContext, 'fr');
  const other = await jointContext.newPage();
  await signInThroughApi(other, 'fr', { ...joint, verifyEmail: false });
  await other.goto('/#/auth-code');
  // Why two codes, and the way to prove the address and back (A minor 26, A-M3).
  const notice = other.getByRole('region', { name: fr.verifyFirst });
  await expect(notice).toContainText(fr.twoCodes);
  await notice.getByRole('link', { name: fr.verifyLink }).click();
  await other
    .getByLabel(fr.emailCodeLabel, { exact: true })
    .fill(await emailCodeFor(other.request, joint.email));
  await other.getByRole('button', { name: fr.verifyEmail }).click();
  await expect(other).toHaveURL(/#\/auth-code$/, { timeout: 20_000 });
  await expect(other.getByText(fr.backOnCode)).toBeVisible();
  await other.getByLabel(fr.codeLabel, { exact: true }).fill(codeIn(invitation));
  await other.getByRole('button', { name: fr.submitCode, exact: true }).click();
  // Joined: their turn to confirm their identity, said on arrival and on the card.
  await expect(other.getByRole('status').filter({ hasText: fr.joinedVerify })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    applicationCard(other, id).getByRole('link', {
      name: new RegExp(escapeRegExp(fr.verifyIdentity)),
    }),
  ).toBeVisible();

  // The primary, already verified, is told in English the joint applicant joined, and that a
  // mail comes when it is their turn to sign.
  const joined = await mailTo(
    page.request,
    primary.email,
    (message) => message.subject === en.joinedSubject,
  );
  expect(joined.text).toContain(en.joinedLater);

  // The joint applicant confirms their identity (in French): not their turn to sign yet.
  await passIdentityWithQuestions(other, {
    id,
    language: 'fr',
    truths: seededJointTruths,
    thenSign: false,
  });
  await expect(other.getByText(fr.verifiedWaits)).toBeVisible();
  // Their signing page says the primary signs first, and stays open.
  await other.goto(`/#/application/${id}/esign`);
  await expect(other.getByText(fr.primaryFirst)).toBeVisible({ timeout: 20_000 });

  // That made it the primary's turn: a mail in English with the way to sign (A-M2), and the
  // dashboard says it.
  const turn = await mailTo(
    page.request,
    primary.email,
    (message) => message.subject === en.turnSubject,
  );
  expect(turn.text).toContain(en.turnText);
  await page.goto('/#/home/dashboard');
  await expect(heading(page, en.dashboard)).toBeVisible();
  await expect(primaryCard).toContainText(en.readyToSign);
  await expect(
    primaryCard.getByRole('link', { name: new RegExp(escapeRegExp(en.sign)) }),
  ).toBeVisible();
  await page.goto(linkIn(turn.text, id, 'esign'));
  await signOnTheCeremony(page, en, primary);

  // The joint applicant's page moves on by itself (A minor 19), and a mail in French says it
  // is their turn; they sign.
  await other.bringToFront();
  await expect(other.getByRole('button', { name: fr.reviewAndSign })).toBeVisible({
    timeout: 60_000,
  });
  const jointTurn = await mailTo(
    page.request,
    joint.email,
    (message) => message.subject === fr.turnSubject,
  );
  expect(jointTurn.text).toContain(`/?lang=fr#/application/${id}/esign`);
  await signOnTheCeremony(other, fr, joint);

  // Both see it under review.
  await other.goto('/#/home/dashboard');
  await expect(heading(other, fr.dashboard)).toBeVisible();
  await expect(applicationCard(other, id)).toContainText(fr.underReview, { timeout: 15_000 });
  await page.goto('/#/home/dashboard');
  await expect(applicationCard(page, id)).toContainText(en.underReview, { timeout: 15_000 });
  await jointContext.close();
});
