import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { heading } from './locators.ts';
import { mailTo } from './seed.ts';

/**
 * The phone pages of photo ID (issue 13): `/#/verify/{credential}`, opened from the text
 * message the sandbox mailbox keeps under the phone's number in E.164, +1 and its ten digits
 * (docs/sandbox.md, "Document verification"). The sandbox decides from the front picture's FILE NAME: `licence-front.png`
 * is approved after 3 s.
 */

export const phoneWords = {
  en: {
    welcome: 'Verify your identity with your phone',
    start: 'Start',
    documentHeading: 'Which document will you use?',
    driversLicence: 'Driver’s licence',
    continue: 'Continue',
    front: 'Picture of the front',
    back: 'Picture of the back',
    selfie: 'Take a selfie',
    chooseFile: 'Choose a file',
    reviewHeading: 'Check your pictures',
    frontThumbnail: 'Front of your driver’s licence',
    notify: 'Text me when it’s done',
    submit: 'Send for checking',
    waiting: 'Checking your documents',
    success: 'Done: your identity is verified',
    expired: 'This link has expired',
  },
  fr: {
    welcome: 'Vérifiez votre identité avec votre téléphone',
    start: 'Commencer',
    documentHeading: "Quelle pièce d'identité utiliserez-vous?",
    driversLicence: 'Permis de conduire',
    continue: 'Continuer',
    front: 'Photo du recto',
    back: 'Photo du verso',
    selfie: 'Prenez un égoportrait',
    chooseFile: 'Choisir un fichier',
    reviewHeading: 'Vérifiez vos photos',
    frontThumbnail: 'Recto de votre permis de conduire',
    notify: "M'envoyer un texto quand c'est terminé",
    submit: 'Envoyer pour vérification',
    waiting: 'Vérification de vos documents',
    success: "C'est fait : votre identité est vérifiée",
    expired: 'Ce lien a expiré',
  },
} as const;

/** A real 1×1 PNG: the server checks the content, and the review shows it as a thumbnail. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: tinyPng });

/** The phone link of the newest identity text to `phoneDigits` (its ten digits). */
export async function phoneLinkFor(request: APIRequestContext, phoneDigits: string) {
  const message = await mailTo(request, `+1${phoneDigits}`, (candidate) =>
    /#\/verify\//.test(candidate.text),
  );
  const link = /https?:\/\/\S+#\/verify\/[A-Za-z0-9_-]+/.exec(message.text)?.[0];
  expect(link, `no phone link in: ${message.text}`).toBeTruthy();
  return link as string;
}

/** The typeable short link (`/v/{CODE}`) of the newest identity text to `phoneDigits`. */
export async function shortLinkFor(request: APIRequestContext, phoneDigits: string) {
  const message = await mailTo(request, `+1${phoneDigits}`, (candidate) =>
    /\/v\//.test(candidate.text),
  );
  const link = /https?:\/\/\S+\/v\/[A-Za-z0-9]{8}/.exec(message.text)?.[0];
  expect(link, `no short link in: ${message.text}`).toBeTruthy();
  return link as string;
}

/** A phone: 390 px wide, touch, its own cookies (nobody signed in). */
export async function openPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

/** axe finds nothing serious and nothing scrolls sideways. */
export async function phoneScreenIsAccessible(page: Page): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'nothing scrolls sideways at 390 px').toBeLessThanOrEqual(0);
}

/** The phone shows the screen of this heading (the vendor's decision may take a few seconds). */
export async function expectPhoneScreen(page: Page, name: string) {
  await expect(heading(page, name)).toBeVisible({ timeout: 20_000 });
}
