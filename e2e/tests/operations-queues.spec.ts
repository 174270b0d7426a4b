import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { BankClock } from '../support/bank-clock.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { uniqueSin } from '../support/identities.ts';
import { errorSummary, heading } from '../support/locators.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { API, applicationAtReview, tokenOf, type Person } from '../support/seed.ts';
import { signInAsStaff, staffMembers, takeToUnderReview } from '../support/under-review.ts';

/**
 * The operations console's queues and the PEP/HIO form (issue 32, the screens without a
 * journey), in English and French, one applicant per language shared by the journeys in order:
 * a politically exposed person's application, once under review, is counted on the console's
 * home, found in the applications queue with the filters a PEP application matches (and not
 * with one it does not, kept in the shared address), and listed in the PEP/HIO forms due; the
 * applicant then downloads the blank form and answers it on screen from the dashboard (refused
 * empty, and with an end before its start), and the queue shows it received; a debit of theirs
 * the bank rejects waits in the funding queue until staff, once it is claimed, decline it with
 * a reason. Staff read the
 * console in their account's language: Priya in English, Théo in French. Claiming, revealing,
 * approving and declining a case have their journey in operations.spec.ts, the identity queue
 * in identity-desktop.spec.ts; paging is tested on the component (a run holds fewer than a
 * page of items).
 */
const text = {
  en: {
    staff: staffMembers.priya,
    // operations.json
    homeCaption: 'Items waiting in each queue',
    underReviewQueue: 'Applications under review',
    pepFormsQueue: 'PEP/HIO forms due',
    applicationsHeading: 'Applications',
    status: 'Status',
    underReview: 'Under review',
    province: 'Province',
    ontario: 'Ontario',
    accountType: 'Account type',
    tfsa: 'TFSA',
    joint: 'Joint',
    pep: 'PEP/HIO',
    yes: 'Yes',
    apply: 'Apply filters',
    clear: 'Clear filters',
    caption: 'Applications, oldest first',
    noMatch: 'No application matches these filters.',
    pepFormsNav: 'PEP/HIO forms',
    pepFormsHeading: 'PEP/HIO forms due',
    pepFormsCaption: 'PEP/HIO forms due, soonest first',
    waiting: 'Waiting',
    notReceived: 'Not received',
    // dashboardOutcome.json and the domain's PEP/HIO form
    formTitle:
      'Politically exposed person and head of an international organization (PEP/HIO) form',
    due: /^Send us the form by \w+ \d{1,2}, \d{4}\.$/,
    download: 'Download the form (PDF)',
    fileName: 'politically-exposed-person-form.pdf',
    answerOnScreen: 'Answer on screen',
    errorSummary: 'There is a problem',
    primary: 'Primary applicant',
    whichDescribesYou: 'Which describes you?',
    domesticPep: 'Politically exposed domestic person (Canada)',
    position: 'Position or office held',
    organization: 'Organization, government or institution',
    country: 'Country',
    canada: 'Canada',
    heldFrom: 'Held since',
    heldTo: 'Held until',
    sourceOfWealth: 'Source of your wealth',
    sourceOfFunds: 'Source of the funds for this account',
    expectedActivity: 'Expected account activity',
    send: 'Send your answers',
    endBeforeStart: 'The end date must be on or after the start date.',
    thanks: 'Thank you: we received your form.',
    received: /^We received your form on \w+ \d{1,2}, \d{4}\. Thank you\.$/,
    // operations.json: the funding and transfers queue
    fundingNav: 'Funding and transfers',
    paymentFilesNav: 'Payment files',
    paymentItemsCaption: 'Payments in this file, in file order',
    nsf: 'NSF (debit only)',
    returnedStatus: 'Returned',
    fundingHeading: 'Funding and transfers',
    fundingKind: 'Funding',
    rejected: 'Rejected',
    amount: '$500.13',
    claimItem: (name: string) => `Claim ${name}`,
    declineItem: (name: string) => `Decline: ${name}`,
    decline: 'Decline',
    reason: 'Reason',
    declined: (name: string) => `Decline: done for ${name}.`,
  },
  fr: {
    staff: staffMembers.theo,
    homeCaption: 'Éléments en attente dans chaque file',
    underReviewQueue: "Demandes en cours d'examen",
    pepFormsQueue: 'Formulaires NPV/DOI à recevoir',
    applicationsHeading: 'Demandes',
    status: 'Statut',
    underReview: "En cours d'examen",
    province: 'Province',
    ontario: 'Ontario',
    accountType: 'Type de compte',
    tfsa: 'CELI',
    joint: 'Conjoint',
    pep: 'NPV/DOI',
    yes: 'Oui',
    apply: 'Appliquer les filtres',
    clear: 'Effacer les filtres',
    caption: "Demandes, les plus anciennes d'abord",
    noMatch: 'Aucune demande ne correspond à ces filtres.',
    pepFormsNav: 'Formulaires NPV/DOI',
    pepFormsHeading: 'Formulaires NPV/DOI à recevoir',
    pepFormsCaption: "Formulaires NPV/DOI à recevoir, échéance la plus proche d'abord",
    waiting: 'En attente',
    notReceived: 'Pas reçu',
    formTitle:
      'Formulaire de personne politiquement exposée et de dirigeant d’une organisation internationale (PPE/DOI)',
    due: /^Envoyez-nous le formulaire au plus tard le \d{1,2} \p{L}+ \d{4}\.$/u,
    download: 'Télécharger le formulaire (PDF)',
    fileName: 'formulaire-personne-politiquement-exposee.pdf',
    answerOnScreen: "Répondre à l'écran",
    errorSummary: 'Il y a un problème',
    primary: 'Demandeur principal',
    whichDescribesYou: 'Laquelle de ces situations vous décrit?',
    domesticPep: 'Personne politiquement exposée nationale (Canada)',
    position: 'Poste ou fonction occupé',
    organization: 'Organisation, gouvernement ou institution',
    country: 'Pays',
    canada: 'Canada',
    heldFrom: 'Occupé depuis',
    heldTo: 'Occupé jusqu’au',
    sourceOfWealth: 'Source de votre patrimoine',
    sourceOfFunds: 'Provenance des fonds de ce compte',
    expectedActivity: 'Activité prévue dans le compte',
    send: 'Envoyer vos réponses',
    endBeforeStart: 'La date de fin doit être identique ou postérieure à la date de début.',
    thanks: 'Merci : nous avons reçu votre formulaire.',
    received: /^Nous avons reçu votre formulaire le \d{1,2} \p{L}+ \d{4}\. Merci\.$/u,
    fundingNav: 'Approvisionnement et transferts',
    paymentFilesNav: 'Fichiers de paiement',
    paymentItemsCaption: "Paiements de ce fichier, dans l'ordre du fichier",
    nsf: 'Provision insuffisante (débit seulement)',
    returnedStatus: 'Retourné',
    fundingHeading: 'Approvisionnement et transferts',
    fundingKind: 'Approvisionnement',
    rejected: 'Refusé',
    amount: '500,13\u00a0$',
    claimItem: (name: string) => `Réserver ${name}`,
    declineItem: (name: string) => `Refuser : ${name}`,
    decline: 'Refuser',
    reason: 'Motif',
    declined: (name: string) => `Refuser : fait pour ${name}.`,
  },
} as const;
type Text = (typeof text)[Language];

/** A surname of this run alone, so the queues, shared by every journey, show this one's row. */
function uniqueSurname(base: string): string {
  const letters = (Date.now() + process.pid).toString(26).slice(-5);
  const tail = [...letters].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');
  return `${base}-${tail[0]!.toUpperCase()}${tail.slice(1)}`;
}

/** The staff member's console, in a browser of their own, on its home. */
async function consoleOf(browser: Browser, t: Text): Promise<Page> {
  const context = await browser.newContext();
  await useLanguage(context, t.staff.language);
  const page = await context.newPage();
  await signInAsStaff(page, t.staff);
  return page;
}

/** A queue's row, by the applicant's name its first cell links to the case by. */
const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/**
 * A one-time debit of $500.13 from a void cheque into the application's first account, through
 * the API (the funding screens have their journeys in funding.spec.ts), taken through the bank's
 * days: the sandbox bank rejects an amount ending in .13 (docs/sandbox.md), the day after it is
 * sent. The bank's date is held from the dates offered until then.
 */
async function debitTheBankRejects(
  request: APIRequestContext,
  id: string,
  bankClock: BankClock,
): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(request)}` };
  const cheque = await request.post(`${API}/coAcctFunding/uploadCheque/${id}`, {
    headers,
    multipart: {
      finInstitution: '003',
      transitNumber: '12345',
      bankAccountNumber: '7654321',
      nickname: 'Everyday',
      currency: 'cad',
      uploadCheque: {
        name: 'void-cheque.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n% void cheque\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n',
        ),
      },
    },
  });
  expect(cheque.status(), await cheque.text()).toBe(201);
  const { documentUploadedId } = (await cheque.json()) as { documentUploadedId: string };
  const accounts = await request.get(
    `${API}/coAcctFunding/toAccountsForCurrUser?applicationId=${id}`,
    {
      headers,
    },
  );
  const [account] = ((await accounts.json()) as { accounts: { accountId: string }[] }).accounts;
  await bankClock.hold();
  const offered = await request.get(
    `${API}/coAcctFunding/startDates?preNotificationWaived=false&institution=003`,
    { headers },
  );
  const { dates } = (await offered.json()) as { dates: string[] };
  const submitted = await request.post(`${API}/coAcctFunding/`, {
    headers,
    data: {
      amount: 500.13,
      toAccountId: account!.accountId,
      fundingFrequencyTypeId: 1,
      fundingTypeId: 1,
      pacStartDate: dates[0],
      documentUploadedId,
      agreementAccepted: true,
      preNotificationWaived: false,
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  // On its date the debit goes to the bank, which answers the next business day.
  while ((await bankClock.today()) < dates[0]!) await bankClock.advance(1);
  await bankClock.advance(1);
  // The day of the payment file that carried it (the sandbox bank takes a debit on its date).
  return dates[0]!;
}

/** How many items the console's home counts in a queue. */
async function countOf(page: Page, t: Text, queue: string): Promise<number> {
  const row = page
    .getByRole('table', { name: t.homeCaption })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: queue, exact: true }) });
  return Number(await row.getByRole('cell').first().textContent());
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];

  test.describe(`the operations queues and the PEP/HIO form in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.describe.configure({ mode: 'serial' });
    const person: Person = {
      firstName: 'Rosalie',
      lastName: uniqueSurname(language === 'en' ? 'Fontaine' : 'Fontaine-Roy'),
      email: newEmail(`queues-${language}`),
    };
    const name = `${person.firstName} ${person.lastName}`;
    let id = '';

    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('a PEP application under review is counted, found with its filters, and listed among the PEP/HIO forms due', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      await signInThroughApi(page, language, person);
      id = await applicationAtReview(page.request, {
        primary: person,
        language,
        pep: true,
        primarySin: uniqueSin(),
      });
      await takeToUnderReview(page, { id, language, person });

      const staff = await consoleOf(browser, t);
      await expect(staff.getByRole('table', { name: t.homeCaption })).toBeVisible();
      expect(await countOf(staff, t, t.underReviewQueue)).toBeGreaterThanOrEqual(1);
      expect(await countOf(staff, t, t.pepFormsQueue)).toBeGreaterThanOrEqual(1);
      await expectNoSeriousA11yViolations(staff);

      // The home's line leads to the applications under review, that filter chosen.
      await staff.getByRole('link', { name: t.underReviewQueue, exact: true }).click();
      await expect(heading(staff, t.applicationsHeading)).toBeVisible();
      await expect(staff).toHaveURL(/#\/operations\/applications\?status=underReview$/);
      await expect(staff.getByLabel(t.status, { exact: true })).toHaveValue('underReview');
      await staff.getByLabel(t.province, { exact: true }).selectOption({ label: t.ontario });
      await staff.getByLabel(t.accountType, { exact: true }).selectOption({ label: t.tfsa });
      await staff.getByLabel(t.pep, { exact: true }).selectOption({ label: t.yes });
      await staff.getByRole('button', { name: t.apply }).click();
      await expect(staff).toHaveURL(/\?status=underReview&province=ON&accountType=tfsa&pep=true$/);
      const row = rowOf(staff, name);
      await expect(row).toBeVisible();
      await expect(row).toContainText(t.underReview);
      await expect(row).toContainText(t.tfsa);
      await expect(row).toContainText(t.pep);
      await expectNoSeriousA11yViolations(staff);
      await screenshot(staff, `operations-applications-filtered-${language}`);

      // A joint PEP application holding a TFSA cannot be: none matches, and the address keeps it.
      await staff.getByLabel(t.joint, { exact: true }).selectOption({ label: t.yes });
      await staff.getByRole('button', { name: t.apply }).click();
      await expect(staff.getByText(t.noMatch)).toBeVisible();
      await staff.reload();
      await expect(staff.getByLabel(t.joint, { exact: true })).toHaveValue('true');
      await expect(staff.getByText(t.noMatch)).toBeVisible();
      await staff.getByRole('button', { name: t.clear }).click();
      await expect(staff).toHaveURL(/#\/operations\/applications$/);
      await expect(staff.getByLabel(t.pep, { exact: true })).toHaveValue('');
      await expect(staff.getByRole('table', { name: t.caption })).toBeVisible();

      // The form is due: the applicant is listed, waiting, nothing received.
      await staff
        .getByRole('navigation')
        .getByRole('link', { name: t.pepFormsNav, exact: true })
        .click();
      await expect(heading(staff, t.pepFormsHeading)).toBeVisible();
      const due = rowOf(staff, name);
      await expect(due).toContainText(t.waiting);
      await expect(due).toContainText(t.notReceived);
      await expectNoSeriousA11yViolations(staff);
      await screenshot(staff, `operations-pep-forms-${language}`);
      await staff.context().close();
    });

    test('the applicant downloads the PEP/HIO form and answers it on screen; the queue shows it received', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signInThroughApi(page, language, { ...person, register: false });
      const form = page.getByRole('region', { name: t.formTitle });
      await expect(form.getByText(t.due)).toBeVisible({ timeout: 20_000 });

      // The blank bilingual form, as a PDF named in the person's language.
      const saving = page.waitForEvent('download');
      await form.getByRole('button', { name: t.download }).click();
      const blank = await saving;
      expect(blank.suggestedFilename()).toBe(t.fileName);
      const bytes = await readFile((await blank.path()) as string);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // On screen: sent empty, every question is asked for, the summary first.
      await form.getByRole('button', { name: t.answerOnScreen }).click();
      const primary = form.getByRole('group', { name: t.primary });
      await expect(primary.getByRole('group', { name: t.whichDescribesYou })).toBeVisible();
      await form.getByRole('button', { name: t.send }).click();
      const summary = errorSummary(page, t);
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveCount(8);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `pep-form-required-${language}`);

      await primary
        .getByRole('group', { name: t.whichDescribesYou })
        .getByRole('radio', { name: t.domesticPep })
        .check();
      await primary.getByLabel(t.position).fill('Member of Parliament');
      await primary.getByLabel(t.organization).fill('House of Commons');
      await primary.getByLabel(t.country, { exact: true }).selectOption({ label: t.canada });
      await primary.getByLabel(t.heldFrom).fill('2019-10-21');
      await primary.getByLabel(t.heldTo).fill('2015-06-30');
      await primary.getByLabel(t.sourceOfWealth).fill('Salary, and savings invested since 2005.');
      await primary.getByLabel(t.sourceOfFunds).fill('My savings account at my bank.');
      await primary.getByLabel(t.expectedActivity).fill('A deposit a month, a few trades a year.');
      await form.getByRole('button', { name: t.send }).click();
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveCount(1);
      await expect(primary.getByLabel(t.heldTo)).toHaveAccessibleDescription(
        new RegExp(t.endBeforeStart),
      );
      // Still held: the end date is left out, nothing else typed is lost.
      await primary.getByLabel(t.heldTo).fill('');
      await expect(primary.getByLabel(t.position)).toHaveValue('Member of Parliament');
      await form.getByRole('button', { name: t.send }).click();
      await expect(form.getByText(t.thanks)).toBeVisible({ timeout: 15_000 });
      await expect(form.getByRole('heading', { name: t.formTitle })).toBeFocused();
      await expect(form.getByText(t.received)).toBeVisible();
      await expect(form.getByRole('button', { name: t.answerOnScreen })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `pep-form-received-${language}`);

      const staff = await consoleOf(browser, t);
      await staff
        .getByRole('navigation')
        .getByRole('link', { name: t.pepFormsNav, exact: true })
        .click();
      await expect(heading(staff, t.pepFormsHeading)).toBeVisible();
      await expect(rowOf(staff, name)).not.toContainText(t.notReceived);
      await staff.context().close();
    });

    test('a debit the bank rejects waits in the funding queue until staff, once it is claimed, decline it', async ({
      page,
      browser,
      bankClock,
    }) => {
      test.setTimeout(150_000);
      await signInThroughApi(page, language, { ...person, register: false });
      const fileDay = await debitTheBankRejects(page.request, id, bankClock);
      await bankClock.release();

      const staff = await consoleOf(browser, t);
      await staff
        .getByRole('navigation')
        .getByRole('link', { name: t.fundingNav, exact: true })
        .click();
      await expect(heading(staff, t.fundingHeading)).toBeVisible();
      const row = rowOf(staff, name);
      await expect(row).toContainText(t.fundingKind);
      await expect(row).toContainText(t.amount);
      await expect(row).toContainText(t.rejected);
      await expect(row.getByRole('button', { name: t.declineItem(name) })).toHaveCount(0);
      await expectNoSeriousA11yViolations(staff);
      await row.getByRole('button', { name: t.claimItem(name) }).click();
      await row.getByRole('button', { name: t.declineItem(name) }).click();
      const dialog = staff.getByRole('dialog', { name: t.declineItem(name) });
      await dialog.getByLabel(t.reason, { exact: true }).fill('The client asked us to stop it.');
      await dialog.getByRole('button', { name: t.decline, exact: true }).click();
      await expect(staff.getByText(t.declined(name))).toBeVisible({ timeout: 15_000 });
      await expect(rowOf(staff, name)).toHaveCount(0);
      await screenshot(staff, `operations-funding-declined-${language}`);

      // The day's payment file, its debit returned NSF by the bank.
      await staff
        .getByRole('navigation')
        .getByRole('link', { name: t.paymentFilesNav, exact: true })
        .click();
      await staff.getByRole('link', { name: new RegExp(`^cpa005-${fileDay}-CAD-`) }).click();
      const returned = staff
        .getByRole('table', { name: t.paymentItemsCaption })
        .getByRole('row')
        .filter({ hasText: t.nsf });
      await expect(returned).toHaveCount(1, { timeout: 15_000 });
      await expect(returned).toContainText(t.returnedStatus);
      await expectNoSeriousA11yViolations(staff);
      await screenshot(staff, `operations-payment-file-${language}`);
      await staff.context().close();
    });
  });
}
