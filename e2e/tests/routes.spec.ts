import { expect, test, type ErrorAllowance } from '../support/fixtures.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signInThroughApi } from '../support/accounts.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';

interface RouteCase {
  name: string;
  path: string;
  /** Protected routes are visited signed in. */
  signedIn?: boolean;
  /** The address the route settles on, when it redirects. */
  settlesOn?: RegExp;
  heading: Record<Language, string>;
  text: Record<Language, string>;
  title: Record<Language, string>;
  /** An answer the route's page expects and Chromium logs as an error. */
  expectedError?: ErrorAllowance;
}

type Bilingual = Record<Language, string>;
type PageExpectation = Pick<RouteCase, 'heading' | 'title'>;

/** Screens that several routes end on. */
const dashboard: PageExpectation = {
  heading: { en: 'Your account applications', fr: "Vos demandes d'ouverture de compte" },
  title: { en: 'Online Applications | Your applications', fr: 'Demandes en ligne | Vos demandes' },
};
const notFound: PageExpectation & { text: Bilingual } = {
  heading: { en: 'Page not found', fr: 'Page introuvable' },
  title: { en: 'Online Applications | Page not found', fr: 'Demandes en ligne | Page introuvable' },
  text: { en: 'Go to your applications', fr: 'Aller à vos demandes' },
};
const expressError: PageExpectation = {
  heading: { en: "We can't open this application", fr: 'Nous ne pouvons pas ouvrir cette demande' },
  title: {
    en: 'Online Applications | Application link',
    fr: 'Demandes en ligne | Lien de la demande',
  },
};
const outdatedInvitation: Bilingual = {
  en: 'Please use the most recent email invitation sent from your Advisor.',
  fr: "Veuillez utiliser l'invitation par courriel la plus récente envoyée par votre conseiller.",
};
const toDashboard = /#\/home\/dashboard$/;

const routeCases: RouteCase[] = [
  {
    name: 'empty-path',
    signedIn: true,
    path: '/#/',
    settlesOn: toDashboard,
    ...dashboard,
    text: {
      en: 'Open a new investment account or continue an application',
      fr: 'Ouvrez un nouveau compte de placement ou poursuivez une demande',
    },
  },
  {
    name: 'home',
    signedIn: true,
    path: '/#/home',
    settlesOn: toDashboard,
    ...dashboard,
    text: { en: 'Read our FAQ or contact us', fr: 'Consultez notre FAQ' },
  },
  {
    name: 'application',
    signedIn: true,
    path: '/#/application',
    settlesOn: toDashboard,
    ...dashboard,
    text: { en: 'Read our FAQ or contact us', fr: 'Consultez notre FAQ' },
  },
  {
    name: 'error',
    path: '/#/error',
    heading: { en: "We're sorry", fr: 'Nous sommes désolés' },
    text: {
      en: "Uh-oh. Due to a technical glitch we're unable to show you the web page you were looking for.",
      fr: "Oh non! En raison d'un problème technique, nous ne pouvons pas afficher la page Web que vous cherchiez.",
    },
    title: {
      en: 'Online Applications | Technical glitch',
      fr: 'Demandes en ligne | Problème technique',
    },
  },
  { name: 'not-found', path: '/#/not-found', ...notFound },
  { name: 'unknown-route', path: '/#/this/does/not/exist', ...notFound },
  {
    name: 'application-unknown-step',
    signedIn: true,
    path: '/#/application/no-such-step',
    ...notFound,
  },
  {
    name: 'advisor-error',
    path: '/#/advisor-error',
    heading: { en: 'Your information is saved', fr: 'Vos renseignements sont enregistrés' },
    text: {
      en: 'It appears you have refreshed the page. The information has been saved.',
      fr: 'Il semble que vous ayez actualisé la page. Les renseignements ont été enregistrés.',
    },
    title: {
      en: 'Online Applications | Information saved',
      fr: 'Demandes en ligne | Renseignements enregistrés',
    },
  },
  {
    name: 'express-error-expired',
    path: '/#/express-error',
    ...expressError,
    text: { en: 'Your application link has expired.', fr: 'Le lien de votre demande a expiré.' },
  },
  {
    name: 'express-error-existing-client',
    path: '/#/express-error?applicationError=true',
    ...expressError,
    text: {
      en: 'You already have an account with us. Please use the client login.',
      fr: "Vous avez déjà un compte chez nous. Veuillez utiliser l'ouverture de session client.",
    },
  },
  {
    name: 'express-error-outdated-invitation',
    path: '/#/express-error?notFound=true',
    ...expressError,
    text: outdatedInvitation,
  },
  {
    name: 'action',
    path: '/#/action',
    settlesOn: /#\/express-error\?notFound=true$/,
    ...expressError,
    text: outdatedInvitation,
  },
  {
    name: 'trial-error',
    path: '/#/trial-error',
    heading: {
      en: "You're signed in with a trial account",
      fr: "Vous êtes connecté à un compte d'essai",
    },
    text: {
      en: 'Do you want to log out of your trial account?',
      fr: "Voulez-vous vous déconnecter de votre compte d'essai?",
    },
    title: { en: 'Online Applications | Trial account', fr: "Demandes en ligne | Compte d'essai" },
  },
  {
    name: 'version',
    path: '/#/version',
    heading: { en: 'About this application', fr: 'À propos de cette application' },
    text: { en: 'Version 1.45', fr: 'Version 1.45' },
    title: { en: 'Online Applications | Version', fr: 'Demandes en ligne | Version' },
  },
  {
    name: 'auth-code',
    signedIn: true,
    path: '/#/auth-code',
    expectedError: {
      status: 404,
      url: /\/service\/jaxrs\/coAuthCode$/,
      why: 'no joint invitation was mailed to this person: the spec’s coAuthCode answers 404',
    },
    heading: { en: "Confirm it's you", fr: 'Confirmez votre identité' },
    text: { en: 'four-digit authentication code', fr: "code d'authentification à quatre chiffres" },
    title: {
      en: 'Online Applications | Authentication code',
      fr: "Demandes en ligne | Code d'authentification",
    },
  },
  {
    name: 'oauth-without-token',
    path: '/#/oauth',
    heading: { en: "We couldn't sign you in.", fr: "Nous n'avons pas pu ouvrir votre session." },
    text: { en: 'Sign in again', fr: 'Ouvrir une session de nouveau' },
    title: {
      en: 'Online Applications | Signing in',
      fr: 'Demandes en ligne | Ouverture de session',
    },
  },
];

for (const language of ['en', 'fr'] as const) {
  test.describe(`every route in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    for (const route of routeCases) {
      test(`${route.name} shows its text, passes axe and is captured`, async ({
        page,
        pageErrors,
      }) => {
        if (route.expectedError) pageErrors.allow(route.expectedError);
        if (route.signedIn) await signInThroughApi(page, language);
        await page.goto(route.path);
        await expect(
          page.getByRole('heading', { level: 1, name: route.heading[language] }),
        ).toBeVisible();
        await expect(page.getByText(route.text[language]).first()).toBeVisible();
        if (route.settlesOn) await expect(page).toHaveURL(route.settlesOn);
        await expect(page).toHaveTitle(route.title[language]);
        await expect(page.locator('html')).toHaveAttribute(
          'lang',
          language === 'fr' ? 'fr-CA' : 'en-CA',
        );
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `${language}-${route.name}`);
      });
    }
  });
}

for (const language of ['en', 'fr'] as const) {
  test(`logout (${language}) calls the server logout and leaves for the site root`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, language);
    await signInThroughApi(page, language);
    const logout = page.waitForRequest((request) => request.url().includes('/security/logout'));
    await page.goto('/#/logout');
    expect(new URL((await logout).url()).search).toBe('?skipredirect=true');
    // The site root is a protected page: with the session gone, the sign-in page answers.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      language === 'en' ? 'Sign in' : 'Ouvrir une session',
    );
  });

  test(`externalRedirect (${language}) leaves for our own address`, async ({
    page,
    context,
    pageErrors,
  }) => {
    pageErrors.allow({
      status: 404,
      url: /\/favicon\.ico$/,
      why: "/healthz answers JSON, not a page: Chromium asks for the site's /favicon.ico, which the portal does not serve (its pages name /favicon.svg)",
    });
    await useLanguage(context, language);
    await page.goto(`/#/externalRedirect?href=${encodeURIComponent('/healthz')}`);
    await expect(page).toHaveURL(/\/healthz$/);
    await expect(page.getByText('"status":"ok"')).toBeVisible();
  });
}

for (const [path, chunk] of [
  ['/#/operations', /\/assets\/operations-layout-[\w-]+\.js$/],
  ['/#/qadvisor/search/investor/express', /\/assets\/advisor-layout-[\w-]+\.js$/],
] as const) {
  test(`a client who types ${path} finds a page that does not exist and downloads none of its code`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signInThroughApi(page, 'en');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: notFound.heading.en })).toBeVisible();
    await expect(page).toHaveTitle(notFound.title.en);
    expect(scripts.length, 'the app itself loaded').toBeGreaterThan(0);
    expect(scripts.filter((url) => chunk.test(url))).toEqual([]);
  });
}
