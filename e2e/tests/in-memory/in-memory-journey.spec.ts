import { expect, test, type Page } from '@playwright/test';
import { applicationCard, choiceIn, stepUrl } from '../../support/applications.ts';
import { heading, saveAndContinue } from '../../support/locators.ts';
import {
  fieldOf,
  fillProfile,
  openProfileStep,
  type ProfileAnswers,
} from '../../support/profile.ts';
import { journeyWords } from '../../support/words.ts';

/**
 * The in-memory build (ADR 0028) with no server running: a static file server over
 * apps/web/dist-in-memory, every call answered in the browser by Mock Service Worker from
 * sample data. The sample applicant is signed in; the journey goes from a new application to
 * "under review" through the stand-in signing ceremony. The words come from
 * apps/web/src/locales (inMemory.json among them) and packages/domain.
 */
const t = {
  ...journeyWords.en,
  versionHeading: 'About this application',
  inMemoryWarning:
    'The in-memory API is on: the information shown is sample data and nothing you enter is saved.',
  purpose: 'What is the purpose of your relationship with us?',
  investmentPurposes: 'Investment purposes',
  intendedUse: 'How do you intend to use your TFSA?',
  growth: 'Long-term growth',
  experience: 'Which products have you invested in before?',
  stocks: 'Stocks',
  knowledge: 'How would you describe your investment knowledge?',
  limited: 'Limited',
  riskTolerance: 'How much could your investments fall in value before you would want out?',
  mediumRisk: 'Medium: I accept some ups and downs for more growth over time',
  timeHorizon: 'When will you need most of the money you invest?',
  fourToTenYears: 'In 4 to 10 years',
  thirdParties: [
    'Will anyone other than the account holders have trading authority over these accounts?',
    'Will anyone guarantee these accounts?',
    'Does anyone hold a power of attorney over your finances?',
  ],
  securityholder:
    'Which securityholder materials do you want to receive from the companies you invest in?',
  allMaterials: 'All securityholder materials',
  explanationLegend: 'Securityholder communication explanation',
  explanationRead: 'I have read the explanation of securityholder communication',
  delivery: 'How should we send your statements and trade confirmations?',
  electronic: 'Electronically, online',
  language: 'In which language should we write to you?',
  english: 'English',
  disclosureLegend: 'Relationship disclosure',
  disclosureRead:
    'I have read the relationship disclosure, which explains our services, fees and how we handle conflicts of interest',
  referral: 'How did you hear about us?',
  socialMedia: 'Social media',
  employee: 'Are you an employee, advisor or partner of our firm?',
  affiliations: [
    'Are you, or is a member of your family or a close associate, a politically exposed person or the head of an international organization?',
    'Are you an insider of a publicly traded company?',
    'Are you a director or senior officer of a publicly traded company?',
    'Do you work for a securities dealer or an investment firm?',
    'Are you a U.S. person (a U.S. citizen or resident, or a green card holder)?',
    'Would you like to name a trusted contact person?',
  ],
  taxResidences: 'Where are you resident for tax purposes?',
  country: 'Country',
  tin: 'Taxpayer identification number (TIN)',
  reviewHeading: 'Check your answers before you agree',
  consent: /I have read the customer agreements and I agree to them/,
  agree: 'Agree and continue',
  fundingTitle: 'Fund your accounts',
  tfsaAccount: /TFSA/,
  esignTitle: 'Sign your application',
  reviewAndSign: 'Review and sign',
  ceremonyTitle: 'Review and sign your document',
  typedName: 'Your full name',
  signDocument: 'Sign the document',
  nameMismatch: 'The name you typed does not match the name on the document. Type Alex Martin.',
  signedHeading: 'Your application is signed',
  underReviewHeading: 'Thank you: we are reviewing your application',
  homeLink: 'Laurentide Investing, go to the start',
  underReview: 'Application is under review',
  signInStandIn: 'Sign in to the sample account',
  toFrench: 'Afficher cette page en français',
  asSample: 'Sign in as Alex Martin, the sample applicant',
};

const fr = {
  dashboard: "Vos demandes d'ouverture de compte",
  versionHeading: 'À propos de cette application',
  inMemoryWarning:
    "L'API en mémoire est activée : les renseignements affichés sont des données d'exemple et rien de ce que vous saisissez n'est enregistré.",
  start: 'Commencer une nouvelle demande',
  signInStandIn: "Ouvrir une session dans le compte d'exemple",
  asSample: "Ouvrir une session en tant que Alex Martin, le demandeur d'exemple",
  logout: 'Se déconnecter',
};

const profile: ProfileAnswers = {
  title: t.mr,
  birthDate: { day: '27', month: '3', year: '1985' },
  sin: '130 692 544',
  maritalStatus: t.single,
  citizenship: t.canada,
  phoneType: t.mobile,
  phoneNumber: '(613) 555-0142',
  homeAddress: {
    streetNumber: '327',
    streetName: 'Bank St',
    city: 'Ottawa',
    province: 'Ontario',
    postalCode: 'k1s 8h4',
  },
  employmentStatus: t.fullTime,
  employerName: 'Rideau Analytics Inc.',
  industry: t.finance,
  occupation: t.financeOccupation,
  employerCountry: t.canada,
  employerProvince: 'Ontario',
  employerCity: 'Ottawa',
  annualIncome: '85,000',
  incomeSource: t.investments,
  netFixedAssets: '250,000',
  netLiquidAssets: '40,000',
};

/** Every question of the financial step, answered as a person would. */
async function answerFinancialStep(page: Page) {
  await choiceIn(page, t.purpose, 'radio', t.investmentPurposes).check();
  await fieldOf(page, t.intendedUse).selectOption({ label: t.growth });
  await choiceIn(page, t.experience, 'checkbox', t.stocks).check();
  await choiceIn(page, t.knowledge, 'radio', t.limited).check();
  await choiceIn(page, t.riskTolerance, 'radio', t.mediumRisk).check();
  await choiceIn(page, t.timeHorizon, 'radio', t.fourToTenYears).check();
  for (const legend of t.thirdParties) await choiceIn(page, legend, 'radio', t.no).check();
  await choiceIn(page, t.securityholder, 'radio', t.allMaterials).check();
  await choiceIn(page, t.explanationLegend, 'checkbox', t.explanationRead).check();
  await choiceIn(page, t.delivery, 'radio', t.electronic).check();
  await choiceIn(page, t.language, 'radio', t.english).check();
  await choiceIn(page, t.disclosureLegend, 'checkbox', t.disclosureRead).check();
  await fieldOf(page, t.referral).selectOption({ label: t.socialMedia });
  await choiceIn(page, t.employee, 'radio', t.no).check();
  for (const legend of t.affiliations) await choiceIn(page, legend, 'radio', t.no).check();
  const residence = page
    .getByRole('group', { name: t.taxResidences, exact: true })
    .getByRole('group')
    .first();
  await fieldOf(residence, t.country).selectOption({ label: t.canada });
  await fieldOf(residence, t.tin).fill('130692544');
}

test('the sample applicant goes from a new application to under review, with no server', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Nothing but static files answers: any call that reached the network would fail here.
  const reachedNetwork: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/(service|security)\//.test(request.url()) && !request.url().endsWith('index.html')) {
      void request.response().then((response) => {
        if (response && !response.fromServiceWorker()) reachedNetwork.push(request.url());
      });
    }
  });

  await page.goto('/#/home/dashboard');
  await expect(heading(page, t.dashboard)).toBeVisible();
  const id = await openProfileStep(page, t);
  await fillProfile(page, t, profile);
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('otherinterests', id));
  await expect(heading(page, t.financialHeading)).toBeVisible();
  await answerFinancialStep(page);
  await saveAndContinue(page, t).click();

  await expect(page).toHaveURL(stepUrl('review', id));
  await expect(heading(page, t.reviewHeading)).toBeVisible();
  await page.getByLabel(t.consent).check();
  await page.getByRole('button', { name: t.agree }).click();

  // Funding may wait (issue 14): the accounts to fund are listed, and Continue goes on.
  await expect(heading(page, t.fundingTitle)).toBeVisible();
  await expect(page.getByText(t.tfsaAccount).first()).toBeVisible();
  await page.getByRole('button', { name: t.continue, exact: true }).click();

  // The signing step leaves for the stand-in ceremony, which refuses a name that is not theirs.
  await expect(heading(page, t.esignTitle)).toBeVisible();
  await page.getByRole('button', { name: t.reviewAndSign }).click();
  await expect(page).toHaveURL(/#\/in-memory\/esign\//);
  await expect(heading(page, t.ceremonyTitle)).toBeVisible();
  await page.getByLabel(t.typedName).fill('Sam Roy');
  await page.getByRole('button', { name: t.signDocument }).click();
  await expect(page.getByLabel(t.typedName)).toHaveAccessibleDescription(
    new RegExp(t.nameMismatch),
  );
  await page.getByLabel(t.typedName).fill('Alex Martin');
  await page.getByRole('button', { name: t.signDocument }).click();
  await expect(page).toHaveURL(/#\/application\/[0-9a-f-]+\/esign/);
  await expect(page.getByRole('heading', { name: t.signedHeading })).toBeVisible();
  await page.getByRole('link', { name: t.continue, exact: true }).click();
  await expect(heading(page, t.underReviewHeading)).toBeVisible();

  await page.getByRole('link', { name: t.homeLink }).click();
  await expect(heading(page, t.dashboard)).toBeVisible();
  await expect(applicationCard(page, id)).toContainText(t.underReview);
  // A reload keeps the tab's data, as the server keeps its own.
  await page.reload();
  await expect(applicationCard(page, id)).toContainText(t.underReview);
  expect(reachedNetwork).toEqual([]);
});

test('the version page warns in English and in French', async ({ page }) => {
  await page.goto('/#/version');
  await expect(heading(page, t.versionHeading)).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(t.inMemoryWarning);
  // The sample applicant's account language follows the switch, as the server's does.
  await page.getByRole('button', { name: t.toFrench }).click();
  await expect(heading(page, fr.versionHeading)).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(fr.inMemoryWarning);
});

test('in French: the dashboard, logging out, and the stand-in sign-in page', async ({ page }) => {
  await page.goto('/#/home/dashboard');
  await page.getByRole('button', { name: t.toFrench }).click();
  await expect(heading(page, fr.dashboard)).toBeVisible();
  await expect(page.getByRole('button', { name: fr.start })).toBeVisible();
  await page.getByRole('button', { name: fr.logout }).click();
  // Signed out, a page that needs sign-in leaves for the server's sign-in page, whose
  // stand-in is a client page with the choices this mode has.
  await page.goto('/#/home/dashboard');
  await expect(heading(page, fr.signInStandIn)).toBeVisible();
  await page.getByRole('button', { name: fr.asSample }).click();
  await expect(heading(page, fr.dashboard)).toBeVisible();
});
