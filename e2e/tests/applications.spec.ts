import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { PASSWORD, signInThroughApi } from '../support/accounts.ts';
import {
  applicationCard,
  applicationIdOn,
  choiceIn,
  dashboardUrl,
  stepUrl,
} from '../support/applications.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { errorSummary, escapeRegExp, heading, saveAndContinue } from '../support/locators.ts';

/** The visible words, from apps/web/src/locales and the labels of packages/domain. */
const text = {
  en: {
    appTitle: 'Online Applications',
    // pages.json
    dashboard: 'Your account applications',
    empty:
      'You have no applications in progress. Start one to open an account: it takes about 15 minutes, and you can stop and continue later.',
    start: 'Start a new application',
    continue: 'Continue',
    delete: 'Delete',
    deleteTitle: 'Delete this application?',
    deleteConfirm:
      'Are you sure you want to delete this account application? It is application {reference}, started ',
    deleteYes: 'Yes, delete it',
    deleteNo: 'No, keep it',
    deleted: 'The application was deleted.',
    notChosenYet: 'Not chosen yet',
    individual: 'Individual',
    // common.json
    logout: 'Log out',
    homeLink: 'Laurentide Investing, go to the start',
    leaveTitle: 'Leave this page?',
    leaveMessage: 'You have changes that are not saved. If you leave now, they will be lost.',
    stay: 'Stay on this page',
    leave: 'Leave without saving',
    // sign-in page
    signIn: 'Sign in',
    email: 'Email address',
    password: 'Password',
    // forms.json
    errorSummary: 'There is a problem',
    titleError: 'Error: ',
    // onboarding.json
    back: 'Back',
    saveAndContinue: 'Save and continue',
    yes: 'Yes',
    no: 'No',
    stale:
      'This application was changed in another window or tab, so your answers on this page were not saved. We loaded the latest version and kept what you entered here: check it and select Save and continue again.',
    ownershipTitle: 'Who will own the account',
    ownershipLegend: 'Who will own the account?',
    justMe: 'Just me (an individual account)',
    joint: 'Me and another person (a joint account)',
    company: 'A company, organisation or trust',
    relationshipLegend: 'How are you related to the other owner?',
    otherRelationship: 'Another relationship (for example a parent, child or sibling)',
    paperTitle: 'Apply on paper for this account',
    paperLink: 'Download the paper application',
    paperHref: 'https://www.laurentide-investing.ca/en/open-an-account/paper-application',
    doYouKnowLegend: 'Do you know which account you want?',
    knowsYes: 'Yes, show me all the accounts',
    knowsNo: 'No, help me choose',
    goalsLegend: 'What are you saving or investing for?',
    relatedLegend: 'Accounts for your goals',
    tfsaReason:
      'Your investments grow tax-free, and you can withdraw at any time without paying tax.',
    marginReason: 'Lets you borrow to invest.',
    forGoals: 'For: Saving for retirement',
    allAccountsHeading: 'Choose your accounts',
    registered: 'Registered plans',
    individualOnly:
      "Under Canadian law, held in one person's name only: not in a joint application.",
    registeredJoint:
      "In a joint application, only an RESP can be chosen: under Canadian law, the other registered plans are held in one person's name.",
    optionsHeading: 'Options trading and short selling',
    tradingLegend: 'Do you want to trade options?',
    strategiesLegend: 'Which options strategies do you plan to use?',
    shortLegend: 'Do you want to sell short?',
    accountHeading: 'Check your accounts',
    profileHeading: 'Tell us about yourself',
    optionsSummary: 'Options trading: Buying calls and puts, Covered writing',
    noShort: 'No short selling',
    // packages/domain: accountGoalLabels, optionsStrategyLabels, namedAccountTypeLabels
    retirement: 'Saving for retirement',
    activeTrading: 'Active trading',
    longCalls: 'Buying calls and puts',
    coveredWriting: 'Covered writing',
    rrsp: 'RRSP',
    tfsa: 'TFSA',
    margin: 'Margin account',
    fhsa: 'FHSA',
    familyResp: 'Family RESP',
    // packages/domain/src/messages/messages.ts
    required: 'Required.',
    fieldSeparator: ': ',
    tooManyRegistered: 'You can open one registered account per application.',
    respJointNeedsSpouse:
      'A joint education savings plan is only for spouses or common-law partners.',
  },
  fr: {
    appTitle: 'Demandes en ligne',
    dashboard: "Vos demandes d'ouverture de compte",
    empty:
      "Vous n'avez aucune demande en cours. Commencez-en une pour ouvrir un compte : cela prend environ 15 minutes, et vous pouvez vous arrêter et continuer plus tard.",
    start: 'Commencer une nouvelle demande',
    continue: 'Continuer',
    delete: 'Supprimer',
    deleteTitle: 'Supprimer cette demande?',
    deleteConfirm:
      "Voulez-vous vraiment supprimer cette demande d'ouverture de compte? Il s'agit de la demande {reference}, commencée le ",
    deleteYes: 'Oui, la supprimer',
    deleteNo: 'Non, la conserver',
    deleted: 'La demande a été supprimée.',
    notChosenYet: 'Pas encore choisis',
    individual: 'Individuel',
    logout: 'Se déconnecter',
    homeLink: 'Placements Laurentide, aller au début',
    leaveTitle: 'Quitter cette page?',
    leaveMessage:
      'Certaines modifications ne sont pas enregistrées. Si vous quittez maintenant, elles seront perdues.',
    stay: 'Rester sur cette page',
    leave: 'Quitter sans enregistrer',
    signIn: 'Ouvrir une session',
    email: 'Adresse courriel',
    password: 'Mot de passe',
    errorSummary: 'Il y a un problème',
    titleError: 'Erreur : ',
    back: 'Retour',
    saveAndContinue: 'Enregistrer et continuer',
    yes: 'Oui',
    no: 'Non',
    stale:
      "Cette demande a été modifiée dans une autre fenêtre ou un autre onglet, donc vos réponses sur cette page n'ont pas été enregistrées. Nous avons chargé la dernière version et conservé ce que vous avez saisi ici : vérifiez-le et sélectionnez de nouveau Enregistrer et continuer.",
    ownershipTitle: 'Titulaire du compte',
    ownershipLegend: 'Qui sera titulaire du compte?',
    justMe: 'Moi seulement (un compte individuel)',
    joint: 'Moi et une autre personne (un compte conjoint)',
    company: 'Une société, une organisation ou une fiducie',
    relationshipLegend: "Quel est votre lien avec l'autre titulaire?",
    otherRelationship: 'Un autre lien (par exemple un parent, un enfant ou un frère ou une sœur)',
    paperTitle: 'Faites une demande papier pour ce compte',
    paperLink: 'Télécharger la demande papier',
    paperHref: 'https://www.laurentide-investing.ca/fr/open-an-account/paper-application',
    doYouKnowLegend: 'Savez-vous quel compte vous voulez?',
    knowsYes: 'Oui, montrez-moi tous les comptes',
    knowsNo: 'Non, aidez-moi à choisir',
    goalsLegend: 'Dans quel but épargnez-vous ou investissez-vous?',
    relatedLegend: 'Comptes pour vos objectifs',
    tfsaReason:
      "Vos placements croissent en franchise d'impôt, et vous pouvez retirer votre argent en tout temps sans payer d'impôt.",
    marginReason: "Vous permet d'emprunter pour investir.",
    forGoals: 'Pour : Épargner pour la retraite',
    allAccountsHeading: 'Choisissez vos comptes',
    registered: 'Régimes enregistrés',
    individualOnly:
      "Selon la loi canadienne, au nom d'une seule personne : pas dans une demande conjointe.",
    registeredJoint:
      "Dans une demande conjointe, seul un REEE peut être choisi : selon la loi canadienne, les autres régimes enregistrés sont au nom d'une seule personne.",
    optionsHeading: "Négociation d'options et vente à découvert",
    tradingLegend: 'Voulez-vous négocier des options?',
    strategiesLegend: "Quelles stratégies d'options prévoyez-vous utiliser?",
    shortLegend: 'Voulez-vous vendre à découvert?',
    accountHeading: 'Vérifiez vos comptes',
    profileHeading: 'Parlez-nous de vous',
    optionsSummary:
      "Négociation d'options : Achat d'options d'achat et de vente, Vente d'options couvertes",
    noShort: 'Aucune vente à découvert',
    retirement: 'Épargner pour la retraite',
    activeTrading: 'Négociation active',
    longCalls: "Achat d'options d'achat et de vente",
    coveredWriting: "Vente d'options couvertes",
    rrsp: 'REER',
    tfsa: 'CELI',
    margin: 'Compte sur marge',
    fhsa: 'CELIAPP',
    familyResp: 'REEE familial',
    required: 'Obligatoire.',
    fieldSeparator: ' : ',
    tooManyRegistered: 'Vous pouvez ouvrir un seul compte enregistré par demande.',
    respJointNeedsSpouse:
      "Un régime d'épargne-études conjoint est réservé aux conjoints mariés ou de fait.",
  },
} satisfies Record<Language, Record<string, string>>;

type Text = (typeof text)[Language];

const backLink = (page: Page, t: Text) => page.getByRole('link', { name: t.back, exact: true });

/** Start a new application from the dashboard; answers its id, on its ownership step. */
async function startApplication(page: Page, t: Text): Promise<string> {
  await page.getByRole('button', { name: t.start }).click();
  const id = await applicationIdOn(page, 'ownership');
  await expect(heading(page, t.ownershipLegend)).toBeVisible();
  return id;
}

/** Ownership "Just me", then "No, help me choose": lands on the goals step. */
async function individualToGoals(page: Page, t: Text, id: string): Promise<void> {
  await choiceIn(page, t.ownershipLegend, 'radio', t.justMe).check();
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('doyouknow', id));
  await choiceIn(page, t.doYouKnowLegend, 'radio', t.knowsNo).check();
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('goals', id));
  await expect(heading(page, t.goalsLegend)).toBeVisible();
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`applications in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('a new client opens an individual application through the goals helper', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const email = await signInThroughApi(page, language);

      // The designed empty state.
      await expect(heading(page, t.dashboard)).toBeVisible();
      await expect(page.getByText(t.empty)).toBeVisible();
      await expect(page.locator('li.application-card')).toHaveCount(0);
      await screenshot(page, `applications-dashboard-empty-${language}`);

      // Ownership: nothing chosen is refused, with the error summary in focus.
      const id = await startApplication(page, t);
      await saveAndContinue(page, t).click();
      await expect(errorSummary(page, t)).toBeFocused();
      // The summary names the question before the spec's generic message.
      await expect(errorSummary(page, t).getByRole('link')).toHaveText(
        `${t.ownershipLegend.replace(/\?$/, '')}${t.fieldSeparator}${t.required}`,
      );
      await expect(page).toHaveTitle(
        new RegExp(`^${escapeRegExp(t.titleError)}.+${escapeRegExp(t.ownershipTitle)}$`),
      );
      await expect(page).toHaveURL(stepUrl('ownership', id));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-ownership-error-${language}`);
      await choiceIn(page, t.ownershipLegend, 'radio', t.justMe).check();
      await saveAndContinue(page, t).click();

      // Do you know: the goals helper.
      await expect(page).toHaveURL(stepUrl('doyouknow', id));
      await expect(heading(page, t.doYouKnowLegend)).toBeVisible();
      await choiceIn(page, t.doYouKnowLegend, 'radio', t.knowsNo).check();
      await saveAndContinue(page, t).click();

      // Goals: retirement and active trading.
      await expect(page).toHaveURL(stepUrl('goals', id));
      await choiceIn(page, t.goalsLegend, 'checkbox', t.retirement).check();
      await choiceIn(page, t.goalsLegend, 'checkbox', t.activeTrading).check();
      await screenshot(page, `applications-goals-${language}`);
      await saveAndContinue(page, t).click();

      // Related accounts: the recommendations with their reasons.
      await expect(page).toHaveURL(stepUrl('relatedaccounts', id));
      await expect(heading(page, t.relatedLegend)).toBeVisible();
      const related = (label: string) => choiceIn(page, t.relatedLegend, 'checkbox', label);
      for (const account of [t.rrsp, t.tfsa, t.margin])
        await expect(related(account)).toBeVisible();
      await expect(related(t.tfsa)).toHaveAccessibleDescription(
        new RegExp(escapeRegExp(t.tfsaReason)),
      );
      await expect(page.getByText(t.tfsaReason)).toBeVisible();
      await expect(page.getByText(t.marginReason)).toBeVisible();
      await expect(page.getByText(t.forGoals, { exact: true }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-related-accounts-${language}`);

      // Two registered plans are one too many.
      await related(t.rrsp).check();
      await related(t.tfsa).check();
      await saveAndContinue(page, t).click();
      await expect(errorSummary(page, t)).toBeFocused();
      await expect(errorSummary(page, t)).toContainText(t.tooManyRegistered);
      await expect(page).toHaveURL(stepUrl('relatedaccounts', id));
      await related(t.rrsp).uncheck();
      await related(t.margin).check();
      await saveAndContinue(page, t).click();

      // Options: yes, two strategies; no short selling.
      await expect(page).toHaveURL(stepUrl('options', id));
      await expect(heading(page, t.optionsHeading)).toBeVisible();
      await choiceIn(page, t.tradingLegend, 'radio', t.yes).check();
      await choiceIn(page, t.strategiesLegend, 'checkbox', t.longCalls).check();
      await choiceIn(page, t.strategiesLegend, 'checkbox', t.coveredWriting).check();
      await choiceIn(page, t.shortLegend, 'radio', t.no).check();
      await screenshot(page, `applications-options-${language}`);
      await saveAndContinue(page, t).click();

      // Check your accounts.
      await expect(page).toHaveURL(stepUrl('account', id));
      await expect(heading(page, t.accountHeading)).toBeVisible();
      const chosen = page.locator('.summary-list').getByRole('listitem');
      await expect(chosen).toHaveText([t.tfsa, t.margin]);
      await expect(page.getByText(t.optionsSummary, { exact: true })).toBeVisible();
      await expect(page.getByText(t.noShort, { exact: true })).toBeVisible();
      await screenshot(page, `applications-account-${language}`);
      await saveAndContinue(page, t).click();

      // On to the profile; the dashboard lists the application with its accounts.
      await expect(page).toHaveURL(stepUrl('profile', id));
      await expect(heading(page, t.profileHeading)).toBeVisible();
      await page.getByRole('link', { name: t.homeLink }).click();
      await expect(page).toHaveURL(dashboardUrl);
      const card = applicationCard(page, id);
      await expect(card).toContainText(`${t.tfsa}, ${t.margin}`);
      await expect(card).toContainText(t.individual);
      await screenshot(page, `applications-dashboard-saved-${language}`);

      // Sign out, then in again through the sign-in page.
      await page.getByRole('button', { name: t.logout }).click();
      await expect(heading(page, t.signIn)).toBeVisible();
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.password).fill(PASSWORD);
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(heading(page, t.dashboard)).toBeVisible();

      // Continue resumes where they stopped (the profile), with the earlier answers kept.
      await applicationCard(page, id).getByRole('link', { name: t.continue }).click();
      await expect(page).toHaveURL(stepUrl('profile', id));
      await expect(heading(page, t.profileHeading)).toBeVisible();
      await backLink(page, t).click();
      await expect(page).toHaveURL(stepUrl('account', id));
      await expect(chosen).toHaveText([t.tfsa, t.margin]);
      await backLink(page, t).click();
      await expect(page).toHaveURL(stepUrl('options', id));
      await expect(choiceIn(page, t.tradingLegend, 'radio', t.yes)).toBeChecked();
      await expect(choiceIn(page, t.strategiesLegend, 'checkbox', t.longCalls)).toBeChecked();
      await expect(choiceIn(page, t.strategiesLegend, 'checkbox', t.coveredWriting)).toBeChecked();
      await expect(choiceIn(page, t.shortLegend, 'radio', t.no)).toBeChecked();
    });

    test('deleting an application asks first', async ({ page }) => {
      await signInThroughApi(page, language);
      const kept = await startApplication(page, t);
      await backLink(page, t).click();
      await expect(page).toHaveURL(dashboardUrl);
      const deleted = await startApplication(page, t);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-ownership-${language}`);
      await backLink(page, t).click();
      await expect(page).toHaveURL(dashboardUrl);

      const cards = page.locator('li.application-card');
      await expect(cards).toHaveCount(2);
      await expect(applicationCard(page, kept)).toContainText(t.notChosenYet);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-dashboard-${language}`);

      // "No, keep it" keeps it.
      const deleteButton = applicationCard(page, deleted).getByRole('button', { name: t.delete });
      await deleteButton.click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByRole('heading', { name: t.deleteTitle })).toBeVisible();
      // The dialog asks the spec's question, then names the application it deletes.
      const named = t.deleteConfirm.replace('{reference}', deleted.slice(0, 8).toUpperCase());
      await expect(dialog.getByText(new RegExp(`^${escapeRegExp(named)}`))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-delete-dialog-${language}`);
      await dialog.getByRole('button', { name: t.deleteNo }).click();
      await expect(dialog).toHaveCount(0);
      await expect(cards).toHaveCount(2);
      await expect(deleteButton).toBeFocused();

      // Confirmed, it goes; the other one stays.
      await deleteButton.click();
      await dialog.getByRole('button', { name: t.deleteYes }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: t.deleted })).toBeVisible();
      await expect(applicationCard(page, deleted)).toHaveCount(0);
      await expect(cards).toHaveCount(1);
      await expect(applicationCard(page, kept)).toBeVisible();
      await screenshot(page, `applications-dashboard-deleted-${language}`);

      // The server agrees after a reload.
      await page.reload();
      await expect(heading(page, t.dashboard)).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(applicationCard(page, kept)).toBeVisible();
    });

    test('two tabs saving the same step', async ({ page, context, pageErrors }) => {
      pageErrors.allow({
        status: 409,
        url: /\/steps\/doyouknow$/,
        why: 'the second tab saves over a version the first has changed: refused as stale',
      });
      await signInThroughApi(page, language);
      const id = await startApplication(page, t);
      await choiceIn(page, t.ownershipLegend, 'radio', t.justMe).check();
      await saveAndContinue(page, t).click();
      await expect(page).toHaveURL(stepUrl('doyouknow', id));

      // Tab B opens the same step, signing itself in through the session.
      const tabB = await context.newPage();
      await tabB.goto(`/#/application/${id}/doyouknow`);
      await expect(tabB).toHaveURL(stepUrl('doyouknow', id));
      await expect(heading(tabB, t.doYouKnowLegend)).toBeVisible();

      // Tab A saves first and moves on.
      await choiceIn(page, t.doYouKnowLegend, 'radio', t.knowsNo).check();
      await saveAndContinue(page, t).click();
      await expect(page).toHaveURL(stepUrl('goals', id));

      // Tab B's save is refused as stale: it stays, says why, and keeps the answer.
      await choiceIn(tabB, t.doYouKnowLegend, 'radio', t.knowsYes).check();
      await saveAndContinue(tabB, t).click();
      await expect(tabB.getByRole('alert').filter({ hasText: t.stale })).toBeVisible();
      await expect(tabB).toHaveURL(stepUrl('doyouknow', id));
      await expect(choiceIn(tabB, t.doYouKnowLegend, 'radio', t.knowsYes)).toBeChecked();
      await screenshot(tabB, `applications-stale-${language}`);

      // Saving again succeeds: nothing was lost.
      await saveAndContinue(tabB, t).click();
      await expect(tabB).toHaveURL(stepUrl('allaccounts', id));
      await expect(heading(tabB, t.allAccountsHeading)).toBeVisible();

      // Tab A, reloaded, follows tab B's answer: the goals step no longer applies.
      await page.reload();
      await expect(page).toHaveURL(stepUrl('allaccounts', id));
      await backLink(page, t).click();
      await expect(page).toHaveURL(stepUrl('doyouknow', id));
      await expect(choiceIn(page, t.doYouKnowLegend, 'radio', t.knowsYes)).toBeChecked();
    });

    test('leaving with unsaved answers asks first', async ({ page }) => {
      await signInThroughApi(page, language);
      const id = await startApplication(page, t);
      await individualToGoals(page, t, id);
      const retirement = choiceIn(page, t.goalsLegend, 'checkbox', t.retirement);
      await retirement.check();

      // Back stays inside the application: it does not ask, and the typed answer is kept.
      const dialog = page.getByRole('alertdialog');
      await backLink(page, t).click();
      await expect(page).toHaveURL(stepUrl('doyouknow', id));
      await backLink(page, t).click();
      await expect(page).toHaveURL(stepUrl('ownership', id));
      await expect(dialog).toHaveCount(0);

      // The ownership step's Back link leads out to the dashboard: the leave dialog asks first.
      await backLink(page, t).click();
      await expect(dialog.getByRole('heading', { name: t.leaveTitle })).toBeVisible();
      await expect(dialog.getByText(t.leaveMessage, { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: t.stay })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-leave-dialog-${language}`);
      await dialog.getByRole('button', { name: t.stay }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(stepUrl('ownership', id));
      await expect(choiceIn(page, t.ownershipLegend, 'radio', t.justMe)).toBeChecked();

      // Coming forward again, the typed answer is still there.
      await saveAndContinue(page, t).click();
      await expect(page).toHaveURL(stepUrl('doyouknow', id));
      await expect(choiceIn(page, t.doYouKnowLegend, 'radio', t.knowsNo)).toBeChecked();
      await saveAndContinue(page, t).click();
      await expect(page).toHaveURL(stepUrl('goals', id));
      await expect(retirement).toBeChecked();

      // Leaving without saving drops it: Continue finds the goals step unanswered.
      await backLink(page, t).click();
      await backLink(page, t).click();
      await expect(page).toHaveURL(stepUrl('ownership', id));
      await backLink(page, t).click();
      await dialog.getByRole('button', { name: t.leave }).click();
      await expect(page).toHaveURL(dashboardUrl);
      await applicationCard(page, id).getByRole('link', { name: t.continue }).click();
      await expect(page).toHaveURL(stepUrl('goals', id));
      await expect(heading(page, t.goalsLegend)).toBeVisible();
      await expect(retirement).not.toBeChecked();
    });

    test('the header logo asks with the leave dialog too', async ({ page }) => {
      await signInThroughApi(page, language);
      const id = await startApplication(page, t);
      await individualToGoals(page, t, id);
      const retirement = choiceIn(page, t.goalsLegend, 'checkbox', t.retirement);
      await retirement.check();
      // The browser's own warning would mean a full page load: fail rather than answer it.
      page.on('dialog', (warning) => {
        throw new Error(`unexpected browser dialog: ${warning.message()}`);
      });

      await page.getByRole('link', { name: t.homeLink }).click();
      await expect(page).toHaveURL(stepUrl('goals', id));
      await expect(retirement).toBeChecked();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByRole('heading', { name: t.leaveTitle })).toBeVisible({
        timeout: 3_000,
      });
      await dialog.getByRole('button', { name: t.stay }).click();
      await expect(retirement).toBeChecked();
    });

    test('joint applications', async ({ page }) => {
      await signInThroughApi(page, language);
      const id = await startApplication(page, t);
      await choiceIn(page, t.ownershipLegend, 'radio', t.joint).check();
      await choiceIn(page, t.relationshipLegend, 'radio', t.otherRelationship).check();
      await saveAndContinue(page, t).click();
      await expect(page).toHaveURL(stepUrl('doyouknow', id));
      await choiceIn(page, t.doYouKnowLegend, 'radio', t.knowsYes).check();
      await saveAndContinue(page, t).click();

      // All accounts: the TFSA and the FHSA, registered plans two people cannot hold, are
      // shown, not offered, saying why and to open them in one's own name (ADR 0014).
      await expect(page).toHaveURL(stepUrl('allaccounts', id));
      await expect(heading(page, t.allAccountsHeading)).toBeVisible();
      for (const plan of [t.tfsa, t.fhsa]) {
        const refused = choiceIn(page, t.registered, 'checkbox', plan);
        await expect(refused).toBeDisabled();
        await expect(refused).toHaveAccessibleDescription(
          new RegExp(escapeRegExp(t.individualOnly)),
        );
      }
      await expect(page.getByRole('group', { name: t.registered })).toHaveAccessibleDescription(
        new RegExp(escapeRegExp(t.registeredJoint)),
      );
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-all-accounts-joint-${language}`);

      // A family RESP needs spouses or common-law partners.
      await choiceIn(page, t.registered, 'checkbox', t.familyResp).check();
      await saveAndContinue(page, t).click();
      await expect(errorSummary(page, t)).toBeFocused();
      await expect(errorSummary(page, t)).toContainText(t.respJointNeedsSpouse);
      await expect(page).toHaveURL(stepUrl('allaccounts', id));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-all-accounts-resp-error-${language}`);
    });

    test('companies go to the paper application', async ({ page }) => {
      await signInThroughApi(page, language);
      await startApplication(page, t);
      await choiceIn(page, t.ownershipLegend, 'radio', t.company).check();
      await expect(page.getByRole('heading', { name: t.paperTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: t.paperLink })).toHaveAttribute(
        'href',
        t.paperHref,
      );
      await expect(saveAndContinue(page, t)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `applications-paper-${language}`);

      // Changing the answer brings Save and continue back.
      await choiceIn(page, t.ownershipLegend, 'radio', t.justMe).check();
      await expect(page.getByRole('heading', { name: t.paperTitle })).toHaveCount(0);
      await expect(saveAndContinue(page, t)).toBeVisible();
    });
  });
}
