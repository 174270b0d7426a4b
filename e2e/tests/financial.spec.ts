import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { PASSWORD, newEmail, signInThroughApi } from '../support/accounts.ts';
import { applicationCard, choiceIn, stepUrl } from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { FULL_BROWSER } from '../support/browsers.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { journeyWords } from '../support/words.ts';
import { fieldOf, fillProfile, openProfileStep, type ProfileAnswers } from '../support/profile.ts';
import { endsWith, errorSummary, heading, saveAndContinue, says } from '../support/locators.ts';

/** The visible words, from apps/web/src/locales and the labels and messages of packages/domain. */
const text = {
  en: {
    ...journeyWords.en,
    // The dashboard and sign-in
    back: 'Back',
    reviewHeading: 'Check your answers before you agree',
    // financial.json
    purpose: 'What is the purpose of your relationship with us?',
    investmentPurposes: 'Investment purposes',
    intendedUse: 'How do you intend to use your TFSA?',
    intendedUseJoint: 'How do you intend to use your Cash account?',
    growth: 'Long-term growth',
    experience: 'Which products have you invested in before?',
    experienceJoint: 'Which products has the joint applicant invested in before?',
    stocks: 'Stocks',
    bonds: 'Bonds',
    knowledge: 'How would you describe your investment knowledge?',
    knowledgeJoint: "How would you describe the joint applicant's investment knowledge?",
    limited: 'Limited',
    riskTolerance: 'How much could your investments fall in value before you would want out?',
    riskToleranceJoint:
      "How much could the joint applicant's investments fall in value before they would want out?",
    mediumRisk: 'Medium: I accept some ups and downs for more growth over time',
    timeHorizon: 'When will you need most of the money you invest?',
    timeHorizonJoint: 'When will the joint applicant need most of the money they invest?',
    fourToTenYears: 'In 4 to 10 years',
    speculation: 'Speculation and active trading',
    knowledgeWarning: 'Before you go on: options and speculation are risky',
    knowledgeWarningLegend: 'Your answer about these risks',
    knowledgeWarningRead: 'I have read this warning and I want to go ahead',
    requirementsHeading: 'What each document must show',
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
    workEmail: 'Your work email address',
    affiliations: {
      primary: {
        isPep:
          'Are you, or is a member of your family or a close associate, a politically exposed person or the head of an international organization?',
        isInsider: 'Are you an insider of a publicly traded company?',
        isDirector: 'Are you a director or senior officer of a publicly traded company?',
        isDealerEmployee: 'Do you work for a securities dealer or an investment firm?',
        taxResidences: 'Where are you resident for tax purposes?',
        isUsPerson: 'Are you a U.S. person (a U.S. citizen or resident, or a green card holder)?',
        trustedContact: 'Would you like to name a trusted contact person?',
      },
      joint: {
        isPep:
          'Is the joint applicant, or a member of their family or a close associate, a politically exposed person or the head of an international organization?',
        isInsider: 'Is the joint applicant an insider of a publicly traded company?',
        isDirector:
          'Is the joint applicant a director or senior officer of a publicly traded company?',
        isDealerEmployee:
          'Does the joint applicant work for a securities dealer or an investment firm?',
        taxResidences: 'Where is the joint applicant resident for tax purposes?',
        isUsPerson:
          'Is the joint applicant a U.S. person (a U.S. citizen or resident, or a green card holder)?',
        trustedContact: 'Would the joint applicant like to name a trusted contact person?',
      },
    },
    pepNotice: /Return it within 21 days/,
    trustedContactHint: /cannot make decisions on your accounts/,
    country: 'Country',
    tin: 'Taxpayer identification number (TIN)',
    addResidence: 'Add another tax residence',
    removeSecondResidence: 'Remove tax residence 2',
    tinSaved: /^Saved: .*286\. Enter it again only to change it\.$/,
    addBeneficiary: 'Add a beneficiary',
    share: 'Share (%)',
    quebec: /designated in your will, not in this application/,
    // documents.json and the upload labels and messages of packages/domain
    documentsHeading: 'Supporting documents',
    documentType: 'Document type',
    bankStatement: 'Bank statement',
    reason: 'Reason (optional)',
    file: 'File',
    upload: 'Upload',
    noDocuments: 'No documents uploaded yet.',
    uploaded: 'statement.pdf uploaded.',
    deleted: 'statement.pdf deleted.',
    view: 'View statement.pdf',
    delete: 'Delete statement.pdf',
    confirmDelete: 'Yes, delete it',
    unsupportedExtension:
      'This file type is not supported. Upload a PDF, JPG, JPEG, PNG, BMP, GIF or TIFF file.',
    contentMismatch:
      'The content of this file does not match its extension. Upload the original document.',
    fileAlreadyExists: 'This file already exists.',
    // packages/domain messages
    duplicated: 'Duplicated.',
    emailFormat: 'The email format is not valid.',
    canadaTinFormat: 'For Canada, enter your 9-digit social insurance number.',
    percentTotal: 'Percent fields must add up to 100%',
  },
  fr: {
    ...journeyWords.fr,
    back: 'Retour',
    reviewHeading: "Vérifiez vos réponses avant d'accepter",
    purpose: "Quel est l'objet de votre relation d'affaires avec nous?",
    investmentPurposes: 'Placement',
    intendedUse: 'Comment prévoyez-vous utiliser votre CELI?',
    intendedUseJoint: 'Comment prévoyez-vous utiliser votre Compte au comptant?',
    growth: 'Croissance à long terme',
    experience: 'Dans quels produits avez-vous déjà investi?',
    experienceJoint: 'Dans quels produits le cotitulaire a-t-il déjà investi?',
    stocks: 'Actions',
    bonds: 'Obligations',
    knowledge: 'Comment décririez-vous vos connaissances en placement?',
    knowledgeJoint: 'Comment décririez-vous les connaissances en placement du cotitulaire?',
    limited: 'Limitées',
    riskTolerance:
      'Quelle baisse de la valeur de vos placements pourriez-vous accepter avant de vouloir en sortir?',
    riskToleranceJoint:
      'Quelle baisse de la valeur de ses placements le cotitulaire pourrait-il accepter avant de vouloir en sortir?',
    mediumRisk:
      "Moyenne : j'accepte des hauts et des bas pour une meilleure croissance avec le temps",
    timeHorizon:
      "Quand aurez-vous besoin de la plus grande partie de l'argent que vous investissez?",
    timeHorizonJoint:
      "Quand le cotitulaire aura-t-il besoin de la plus grande partie de l'argent investi?",
    fourToTenYears: 'Dans 4 à 10 ans',
    speculation: 'Spéculation et négociation active',
    knowledgeWarning: 'Avant de continuer : les options et la spéculation sont risquées',
    knowledgeWarningLegend: 'Votre réponse au sujet de ces risques',
    knowledgeWarningRead: "J'ai lu cet avertissement et je veux continuer",
    requirementsHeading: 'Ce que chaque document doit montrer',
    thirdParties: [
      'Une personne autre que les titulaires aura-t-elle un pouvoir de négociation sur ces comptes?',
      "Quelqu'un garantira-t-il ces comptes?",
      "Quelqu'un détient-il une procuration sur vos finances?",
    ],
    securityholder:
      'Quels documents destinés aux porteurs voulez-vous recevoir des sociétés dans lesquelles vous investissez?',
    allMaterials: 'Tous les documents destinés aux porteurs',
    explanationLegend: 'Explication sur la communication avec les porteurs',
    explanationRead: "J'ai lu l'explication sur la communication avec les porteurs de titres",
    delivery: "Comment devons-nous vous envoyer vos relevés et vos avis d'exécution?",
    electronic: 'Par voie électronique, en ligne',
    language: 'Dans quelle langue devons-nous vous écrire?',
    english: 'Anglais',
    disclosureLegend: "Document d'information sur la relation",
    disclosureRead:
      "J'ai lu le document d'information sur la relation, qui explique nos services, nos frais et la façon dont nous gérons les conflits d'intérêts",
    referral: 'Comment avez-vous entendu parler de nous?',
    socialMedia: 'Médias sociaux',
    employee: 'Êtes-vous employé, conseiller ou partenaire de notre firme?',
    workEmail: 'Votre adresse courriel professionnelle',
    affiliations: {
      primary: {
        isPep:
          "Êtes-vous, ou un membre de votre famille ou une personne étroitement associée est-elle, une personne politiquement exposée ou le dirigeant d'une organisation internationale?",
        isInsider: "Êtes-vous un initié d'une société cotée en bourse?",
        isDirector: "Êtes-vous administrateur ou haut dirigeant d'une société cotée en bourse?",
        isDealerEmployee:
          'Travaillez-vous pour un courtier en valeurs mobilières ou une société de placement?',
        taxResidences: "Où êtes-vous résident aux fins de l'impôt?",
        isUsPerson:
          "Êtes-vous une personne des États-Unis (citoyen ou résident américain, ou titulaire d'une carte verte)?",
        trustedContact: 'Voulez-vous désigner une personne de confiance?',
      },
      joint: {
        isPep:
          "Le cotitulaire, ou un membre de sa famille ou une personne étroitement associée, est-il une personne politiquement exposée ou le dirigeant d'une organisation internationale?",
        isInsider: "Le cotitulaire est-il un initié d'une société cotée en bourse?",
        isDirector:
          "Le cotitulaire est-il administrateur ou haut dirigeant d'une société cotée en bourse?",
        isDealerEmployee:
          'Le cotitulaire travaille-t-il pour un courtier en valeurs mobilières ou une société de placement?',
        taxResidences: "Où le cotitulaire est-il résident aux fins de l'impôt?",
        isUsPerson:
          "Le cotitulaire est-il une personne des États-Unis (citoyen ou résident américain, ou titulaire d'une carte verte)?",
        trustedContact: 'Le cotitulaire veut-il désigner une personne de confiance?',
      },
    },
    pepNotice: /Retournez-le dans les 21 jours/,
    trustedContactHint: /ne peut prendre aucune décision sur vos comptes/,
    country: 'Pays',
    tin: "Numéro d'identification fiscal (NIF)",
    addResidence: 'Ajouter une autre résidence fiscale',
    removeSecondResidence: 'Retirer la résidence fiscale 2',
    tinSaved: /^Enregistré : .*286\. Entrez-le de nouveau seulement pour le modifier\.$/,
    addBeneficiary: 'Ajouter un bénéficiaire',
    share: 'Part (%)',
    quebec: /se désignent par testament, et non dans cette demande/,
    documentsHeading: 'Documents justificatifs',
    documentType: 'Type de document',
    bankStatement: 'Relevé bancaire',
    reason: 'Motif (facultatif)',
    file: 'Fichier',
    upload: 'Téléverser',
    noDocuments: "Aucun document téléversé pour l'instant.",
    uploaded: 'Le fichier statement.pdf a été téléversé.',
    deleted: 'Le fichier statement.pdf a été supprimé.',
    view: 'Afficher statement.pdf',
    delete: 'Supprimer statement.pdf',
    confirmDelete: 'Oui, le supprimer',
    unsupportedExtension:
      "Ce type de fichier n'est pas pris en charge. Téléversez un fichier PDF, JPG, JPEG, PNG, BMP, GIF ou TIFF.",
    contentMismatch:
      'Le contenu de ce fichier ne correspond pas à son extension. Téléversez le document original.',
    fileAlreadyExists: 'Ce fichier existe déjà.',
    duplicated: 'Copie.',
    emailFormat: "Le format de l'adresse courriel n'est pas valide.",
    canadaTinFormat: "Pour le Canada, entrez votre numéro d'assurance sociale à 9 chiffres.",
    percentTotal: 'La somme des pourcentages doit être égale à 100 %',
  },
};

type Text = (typeof text)[Language];
type Applicant = 'primary' | 'joint';

/** A valid profile: Ottawa in English; Montréal in French, where TFSA heirs are named by will. */
function profileAnswers(t: Text, language: Language): ProfileAnswers {
  const montreal = language === 'fr';
  return {
    title: t.mr,
    birthDate: { day: '27', month: '3', year: '1985' },
    sin: '130 692 544',
    maritalStatus: t.single,
    citizenship: t.canada,
    phoneType: t.mobile,
    phoneNumber: montreal ? '514 555-0199' : '(613) 555-0142',
    homeAddress: montreal
      ? {
          streetNumber: '1090',
          streetName: 'rue Saint-Denis',
          city: 'Montréal',
          province: 'Québec',
          postalCode: 'h3a 2y4',
        }
      : {
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
    employerProvince: montreal ? 'Québec' : 'Ontario',
    employerCity: montreal ? 'Montréal' : 'Ottawa',
    annualIncome: '85000',
    incomeSource: t.investments,
    netFixedAssets: '250000',
    netLiquidAssets: '40000',
  };
}

const question = (page: Page, legend: string) =>
  page.getByRole('group', { name: legend, exact: true });

/** The tax residences of one applicant: its question, and each residence's country and TIN. */
function residences(page: Page, t: Text, who: Applicant) {
  const group = question(page, t.affiliations[who].taxResidences);
  const row = (index: number): { country: Locator; tin: Locator } => {
    const residence = group.getByRole('group').nth(index);
    return {
      country: fieldOf(residence, t.country),
      tin: fieldOf(residence, t.tin),
    };
  };
  return { group, row };
}

/** Answers every question of one applicant's affiliations: no to each, resident of Canada. */
async function answerAffiliations(page: Page, t: Text, who: Applicant, tin: string) {
  const legends = t.affiliations[who];
  for (const legend of [
    legends.isPep,
    legends.isInsider,
    legends.isDirector,
    legends.isDealerEmployee,
    legends.isUsPerson,
    legends.trustedContact,
  ]) {
    await choiceIn(page, legend, 'radio', t.no).check();
  }
  const first = residences(page, t, who).row(0);
  await first.country.selectOption({ label: t.canada });
  await first.tin.fill(tin);
}

/** Answers the financial background itself (not the affiliations) with valid answers. */
async function answerBackground(page: Page, t: Text, { joint = false } = {}) {
  await choiceIn(page, t.purpose, 'radio', t.investmentPurposes).check();
  // A joint application holds a cash account, not a TFSA (ADR 0014).
  await fieldOf(page, joint ? t.intendedUseJoint : t.intendedUse).selectOption({
    label: t.growth,
  });
  await choiceIn(page, t.experience, 'checkbox', t.stocks).check();
  await choiceIn(page, t.experience, 'checkbox', t.bonds).check();
  await choiceIn(page, t.knowledge, 'radio', t.limited).check();
  await choiceIn(page, t.riskTolerance, 'radio', t.mediumRisk).check();
  await choiceIn(page, t.timeHorizon, 'radio', t.fourToTenYears).check();
  if (joint) {
    await choiceIn(page, t.experienceJoint, 'checkbox', t.bonds).check();
    await choiceIn(page, t.knowledgeJoint, 'radio', t.limited).check();
    await choiceIn(page, t.riskToleranceJoint, 'radio', t.mediumRisk).check();
    await choiceIn(page, t.timeHorizonJoint, 'radio', t.fourToTenYears).check();
  }
  for (const legend of t.thirdParties) await choiceIn(page, legend, 'radio', t.no).check();
  await choiceIn(page, t.securityholder, 'radio', t.allMaterials).check();
  await choiceIn(page, t.explanationLegend, 'checkbox', t.explanationRead).check();
  await choiceIn(page, t.delivery, 'radio', t.electronic).check();
  await choiceIn(page, t.language, 'radio', t.english).check();
  await choiceIn(page, t.disclosureLegend, 'checkbox', t.disclosureRead).check();
  await fieldOf(page, t.referral).selectOption({ label: t.socialMedia });
  await choiceIn(page, t.employee, 'radio', t.no).check();
}

async function toFinancialStep(page: Page, t: Text, language: Language, { joint = false } = {}) {
  const id = await openProfileStep(page, t, { joint });
  await fillProfile(page, t, profileAnswers(t, language));
  await saveAndContinue(page, t).click();
  if (joint) {
    await expect(page).toHaveURL(stepUrl('profilejoint', id));
    await expect(heading(page, t.jointHeading)).toBeVisible();
    const jointEmail = newEmail('joint');
    await fillProfile(page, t, {
      ...profileAnswers(t, language),
      title: t.dr,
      firstName: 'Sam',
      lastName: 'Martin-Roy',
      birthDate: { day: '14', month: '11', year: '1987' },
      sin: '193 456 787',
      email: jointEmail,
      confirmEmail: jointEmail,
    });
    await saveAndContinue(page, t).click();
  }
  await expect(page).toHaveURL(stepUrl('otherinterests', id));
  await expect(heading(page, t.financialHeading)).toBeVisible();
  return id;
}

/** Saves the step: the client moves on to checking the answers before agreeing. */
async function saveToReview(page: Page, t: Text, id: string): Promise<void> {
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('review', id));
  await expect(heading(page, t.reviewHeading)).toBeVisible();
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`financial background in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('an individual answers it, sees each error where it belongs, and finds it saved', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const email = await signInThroughApi(page, language);
      const id = await toFinancialStep(page, t, language);

      // Nothing answered: the summary takes focus and starts with the first question.
      await saveAndContinue(page, t).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link').first()).toHaveAttribute(
        'href',
        '#businessRelationshipPurpose',
      );
      await expect(question(page, t.purpose)).toHaveAccessibleDescription(says(t.required));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `financial-required-${language}`);

      // A staff member's work email that is not one; Canada twice, with a short TIN; a PEP.
      await answerBackground(page, t);
      await choiceIn(page, t.employee, 'radio', t.yes).check();
      await fieldOf(page, t.workEmail).fill('alex.martin@');
      await answerAffiliations(page, t, 'primary', '046 454');
      const taxes = residences(page, t, 'primary');
      await taxes.group.getByRole('button', { name: t.addResidence }).click();
      await taxes.row(1).country.selectOption({ label: t.canada });
      await taxes.row(1).tin.fill('046 454 286');
      await choiceIn(page, t.affiliations.primary.isPep, 'radio', t.yes).check();
      await expect(page.getByText(t.pepNotice)).toBeVisible();
      await choiceIn(page, t.affiliations.primary.isPep, 'radio', t.no).check();
      await expect(
        question(page, t.affiliations.primary.trustedContact),
      ).toHaveAccessibleDescription(t.trustedContactHint);

      if (language === 'en') {
        // Two beneficiaries whose shares make 90%.
        await page.getByRole('button', { name: t.addBeneficiary }).click();
        await page.getByRole('button', { name: t.addBeneficiary }).click();
        await page.getByLabel(t.share, { exact: true }).nth(0).fill('50');
        await page.getByLabel(t.share, { exact: true }).nth(1).fill('40');
      } else {
        // A Quebec resident names TFSA heirs in a will; the page says so instead of asking.
        await expect(page.getByText(t.quebec)).toBeVisible();
      }
      await saveAndContinue(page, t).click();
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: endsWith(t.emailFormat) })).toHaveAttribute(
        'href',
        '#workEmail',
      );
      await expect(fieldOf(page, t.workEmail)).toHaveAccessibleDescription(says(t.emailFormat));
      await expect(
        summary.getByRole('link', { name: endsWith(t.canadaTinFormat) }),
      ).toHaveAttribute('href', '#affiliations-primary-taxResidences-0-tin');
      await expect(taxes.row(0).tin).toHaveAccessibleDescription(says(t.canadaTinFormat));
      await expect(summary.getByRole('link', { name: endsWith(t.duplicated) })).toHaveAttribute(
        'href',
        '#affiliations-primary-taxResidences-1-countryId',
      );
      await expect(taxes.row(1).country).toHaveAccessibleDescription(says(t.duplicated));
      if (language === 'en') {
        await expect(summary.getByRole('link', { name: endsWith(t.percentTotal) })).toHaveAttribute(
          'href',
          '#beneficiaries',
        );
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `financial-errors-${language}`);

      // Put right: no staff flag, one residence with a valid TIN, shares of 60 and 40.
      await choiceIn(page, t.employee, 'radio', t.no).check();
      await taxes.group.getByRole('button', { name: t.removeSecondResidence }).click();
      await taxes.row(0).tin.fill('046 454 286');
      if (language === 'en') {
        // Beneficiaries are asked in the English journey only (the French one lives in Quebec).
        await page.getByLabel(t.share, { exact: true }).nth(0).fill('60');
        for (const [index, name] of [
          [1, 'Léa'],
          [2, 'Éloi'],
        ] as const) {
          const beneficiary = page.getByRole('group', { name: `Beneficiary ${index}` });
          await fieldOf(beneficiary, 'Designation').selectOption({ label: 'Other beneficiaries' });
          await fieldOf(beneficiary, 'First name').fill(name);
          await fieldOf(beneficiary, 'Last name').fill('Martin');
          await fieldOf(beneficiary, 'Relationship to you').selectOption({ label: 'Child' });
        }
      }
      await screenshot(page, `financial-filled-${language}`);
      await saveToReview(page, t, id);

      // Sign out and in: Continue resumes here, the answers kept and the TIN shown masked.
      await page.getByRole('button', { name: t.logout }).click();
      await expect(heading(page, t.signIn)).toBeVisible();
      await page.getByLabel(t.signInEmail).fill(email);
      await page.getByLabel(t.password).fill(PASSWORD);
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(heading(page, t.dashboard)).toBeVisible();
      // Continue resumes on checking the answers; Back leads to the financial background.
      await applicationCard(page, id).getByRole('link', { name: t.continue }).click();
      await expect(page).toHaveURL(stepUrl('review', id));
      await page.getByRole('link', { name: t.back, exact: true }).click();
      await expect(page).toHaveURL(stepUrl('otherinterests', id));
      await expect(choiceIn(page, t.knowledge, 'radio', t.limited)).toBeChecked();
      await expect(choiceIn(page, t.experience, 'checkbox', t.bonds)).toBeChecked();
      const tin = residences(page, t, 'primary').row(0).tin;
      await expect(tin).toHaveValue('');
      await expect(tin).toHaveAccessibleDescription(t.tinSaved);
      await expect(page.getByText('046 454 286')).toHaveCount(0);
      if (language === 'en') {
        await expect(page.getByLabel(t.share, { exact: true }).nth(0)).toHaveValue('60');
      }
      // Saving again without typing the TIN keeps the one on file.
      await saveToReview(page, t, id);
    });

    // Viewing shows the PDF in a tab: the full browser's viewer (the headless shell saves it).
    test(
      'supporting documents are uploaded, refused, viewed and deleted beside the form',
      FULL_BROWSER,
      async ({ page, pageErrors }) => {
        test.setTimeout(120_000);
        pageErrors.allow({
          status: 409,
          url: /\/applications\/[0-9a-f-]+\/documents$/,
          why: 'the same file sent again is refused: it already exists',
        });
        await signInThroughApi(page, language);
        await toFinancialStep(page, t, language);
        const panel = page.getByRole('region', { name: t.documentsHeading });
        await expect(panel.getByText(t.noDocuments)).toBeVisible();
        // Inside the step, before Save and continue, saying what each document must show.
        const panelBox = await panel.boundingBox();
        const saveBox = await saveAndContinue(page, t).boundingBox();
        expect(panelBox!.y + panelBox!.height).toBeLessThanOrEqual(saveBox!.y);
        await expect(panel.getByRole('list', { name: t.requirementsHeading })).toBeVisible();
        const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

        // A text file, then a "PDF" that is really text: refused in the browser, at the field.
        await fieldOf(panel, t.documentType).selectOption({ label: t.bankStatement });
        const file = fieldOf(panel, t.file);
        await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: pdf });
        await panel.getByRole('button', { name: t.upload, exact: true }).click();
        await expect(file).toHaveAccessibleDescription(says(t.unsupportedExtension));
        await file.setInputFiles({
          name: 'statement.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('not really a PDF'),
        });
        await panel.getByRole('button', { name: t.upload, exact: true }).click();
        await expect(file).toHaveAccessibleDescription(says(t.contentMismatch));

        // The real file: uploaded, announced and listed; the same file again already exists.
        await fieldOf(panel, t.reason).fill('Proof of address');
        await file.setInputFiles({
          name: 'statement.pdf',
          mimeType: 'application/pdf',
          buffer: pdf,
        });
        await panel.getByRole('button', { name: t.upload, exact: true }).click();
        await expect(panel.getByRole('status')).toHaveText(t.uploaded);
        await expect(
          panel.getByRole('listitem').filter({ hasText: 'statement.pdf' }),
        ).toContainText(t.bankStatement);
        await fieldOf(panel, t.documentType).selectOption({ label: t.bankStatement });
        await file.setInputFiles({
          name: 'statement.pdf',
          mimeType: 'application/pdf',
          buffer: pdf,
        });
        await panel.getByRole('button', { name: t.upload, exact: true }).click();
        await expect(file).toHaveAccessibleDescription(says(t.fileAlreadyExists));
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `documents-${language}`);

        // Its owner views it (the bytes, from a blob), then deletes it after confirming.
        const popup = page.waitForEvent('popup');
        await panel.getByRole('button', { name: t.view }).click();
        expect((await popup).url()).toMatch(/^blob:/);
        await panel.getByRole('button', { name: t.delete }).click();
        await page.getByRole('button', { name: t.confirmDelete }).click();
        await expect(panel.getByRole('status')).toHaveText(t.deleted);
        await expect(panel.getByText(t.noDocuments)).toBeVisible();
      },
    );

    test('limited knowledge and speculation: a plain warning to acknowledge, not a block', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInThroughApi(page, language);
      const id = await toFinancialStep(page, t, language);
      await answerBackground(page, t);
      await answerAffiliations(page, t, 'primary', '130 692 544');
      await fieldOf(page, t.intendedUse).selectOption({ label: t.speculation });
      const warning = page.getByRole('region', { name: t.knowledgeWarning });
      await expect(warning).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `knowledge-warning-${language}`);
      await saveAndContinue(page, t).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveCount(1);
      await expect(summary.getByRole('link')).toHaveAttribute(
        'href',
        '#knowledgeWarningAcknowledged',
      );
      await choiceIn(page, t.knowledgeWarningLegend, 'checkbox', t.knowledgeWarningRead).check();
      await saveToReview(page, t, id);
    });

    test('a joint application asks both applicants', async ({ page }) => {
      test.setTimeout(180_000);
      await signInThroughApi(page, language);
      const id = await toFinancialStep(page, t, language, { joint: true });
      await answerBackground(page, t, { joint: true });
      await answerAffiliations(page, t, 'primary', '130 692 544');

      // The joint applicant's questions are worded for them and answered for them.
      await saveAndContinue(page, t).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link').first()).toHaveAttribute(
        'href',
        '#affiliations-joint-isPep',
      );
      await expect(question(page, t.affiliations.joint.isPep)).toHaveAccessibleDescription(
        says(t.required),
      );
      await answerAffiliations(page, t, 'joint', '193 456 787');
      // A joint application holds a cash account (ADR 0014): no plan, so no beneficiary.
      await expect(page.getByRole('button', { name: t.addBeneficiary })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `financial-joint-${language}`);
      await saveToReview(page, t, id);
    });
  });
}
