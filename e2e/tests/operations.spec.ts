import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newEmail, signInThroughApi } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { screenshot, useLanguage, type Language } from '../support/pages.ts';
import { uniqueSin } from '../support/identities.ts';
import { applicationAtReview, mailTo, type Person } from '../support/seed.ts';
import { signInAsStaff, staffMembers, takeToUnderReview } from '../support/under-review.ts';

/**
 * The operations console (issue 16): a client's application under review, claimed by a staff
 * member who reveals the SIN (audited), asks for a document, which the client sends from the
 * dashboard; a PEP application then needs a second staff member's approval; the client sees
 * the account's number and gets the mail. A declined application shows the client the decline.
 */

/**
 * The visible words, from apps/web/src/locales (operations, dashboardOutcome, pages) and
 * packages/domain. Staff see the console in their account's language (Priya in English, Théo in
 * French), so every journey uses the console in both; the client in the journey's language.
 */
const text = {
  en: {
    claim: /^Claim /,
    heldBy: (name: string) => new RegExp(`${name} is working on this item until`),
    reveal: "Reveal the primary applicant's SIN",
    reason: 'Reason',
    confirmReveal: 'Reveal the number',
    auditTrail: 'Every event of the application, oldest first',
    sinRevealed: 'SIN revealed',
    requestInformation: 'Request information',
    messageToClient: 'Message to the client',
    bankStatement: 'Bank statement',
    sendRequest: 'Send the request',
    requestSent: 'The request is sent to the client.',
    approve: 'Approve',
    confirmApprove: 'Approve the application',
    recorded: 'Your approval is recorded. Awaiting second approval by someone else.',
    approved: 'The application is approved; the accounts are open.',
    decline: 'Decline',
    category: 'What the client is told',
    notSuitable:
      'The accounts requested are not suitable for the financial situation and goals you described.',
    notSuitableNext:
      'Call us to talk about the accounts that suit you; you can then start a new application.',
    confirmDecline: 'Decline the application',
    internalReason:
      'Internal reason: it stays in the audit trail and is never shown to the client.',
    declined: 'The application is declined; the client is told the category.',
    // dashboardOutcome.json and pages.json
    askedHeading: 'We need more information',
    yourAnswer: 'Your answer',
    sendAnswer: 'Send your answer',
    underReview: 'Application is under review',
    accountOpen: 'Your account is open',
    openStatus: 'Account open',
    whyDeclined: "Why we couldn't open the account",
  },
  fr: {
    claim: /^Réserver /,
    heldBy: (name: string) => new RegExp(`${name} traite cet élément jusqu`),
    reveal: 'Afficher le NAS du demandeur principal',
    reason: 'Motif',
    confirmReveal: 'Afficher le numéro',
    auditTrail: 'Tous les événements de la demande, du plus ancien au plus récent',
    sinRevealed: 'NAS affiché',
    requestInformation: 'Demander des renseignements',
    messageToClient: 'Message au client',
    bankStatement: 'Relevé bancaire',
    sendRequest: 'Envoyer la demande',
    requestSent: 'La demande est envoyée au client.',
    approve: 'Approuver',
    confirmApprove: 'Approuver la demande',
    recorded:
      "Votre approbation est consignée. En attente d'une deuxième approbation par une autre personne.",
    approved: 'La demande est approuvée; les comptes sont ouverts.',
    decline: 'Refuser',
    category: 'Ce qui est dit au client',
    notSuitable:
      'Les comptes demandés ne conviennent pas à la situation financière et aux objectifs que vous avez décrits.',
    notSuitableNext:
      'Appelez-nous pour parler des comptes qui vous conviennent; vous pourrez ensuite commencer une nouvelle demande.',
    confirmDecline: 'Refuser la demande',
    internalReason:
      "Motif interne : il reste dans la piste d'audit et n'est jamais montré au client.",
    declined: 'La demande est refusée; le client est informé de la catégorie.',
    askedHeading: 'Nous avons besoin de renseignements supplémentaires',
    yourAnswer: 'Votre réponse',
    sendAnswer: 'Envoyer votre réponse',
    underReview: 'La demande est en cours de vérification',
    accountOpen: 'Votre compte est ouvert',
    openStatus: 'Compte ouvert',
    whyDeclined: "Pourquoi nous n'avons pas pu ouvrir le compte",
  },
} as const;

type Text = (typeof text)[Language];

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A browser of its own for a staff member, signed in, on the application's case. */
async function staffOn(
  browser: Browser,
  staff: (typeof staffMembers)[keyof typeof staffMembers],
  id: string,
): Promise<Page> {
  const context = await browser.newContext();
  await useLanguage(context, staff.language);
  const page = await context.newPage();
  await signInAsStaff(page, staff);
  await page.goto(`/#/operations/applications/${id}`);
  await expect(page.getByRole('button', { name: text[staff.language].claim })).toBeVisible({
    timeout: 20_000,
  });
  return page;
}

/** Opens an action's dialog, fills it, confirms, and waits for the outcome announced. */
async function act(
  page: Page,
  t: Text,
  {
    button,
    fill,
    confirm,
    outcome,
    reasonLabel,
  }: {
    button: string;
    fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>;
    confirm: string;
    outcome: string | RegExp;
    /** The reason's label where it says more than "Reason" (a decline's internal note). */
    reasonLabel?: string;
  },
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog
    .getByLabel(reasonLabel ?? t.reason, { exact: true })
    .fill('Checked against the file for this test.');
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(page.getByText(outcome).first()).toBeVisible({ timeout: 15_000 });
}

async function clientUnderReview(page: Page, language: Language, pep: boolean) {
  const person: Person = {
    firstName: 'Élise',
    lastName: language === 'en' ? "O'Neill-Côté" : 'Lévesque-Roy',
    email: newEmail(pep ? 'pep' : 'declined'),
  };
  await signInThroughApi(page, language, person);
  // Approved, they become a client: their SIN must be nobody else's in the run (issue 17).
  const sin = uniqueSin();
  const id = await applicationAtReview(page.request, {
    primary: person,
    language,
    pep,
    primarySin: sin,
  });
  await takeToUnderReview(page, { id, language, person });
  return { id, person, sin };
}

for (const language of ['en', 'fr'] as const) {
  const t = text[language];
  // The console in each staff member's own language.
  const p = text[staffMembers.priya.language];
  const th = text[staffMembers.theo.language];

  test.describe(`operations console in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('claim, reveal, ask for a document, the answer, two approvals and the account number', async ({
      page,
      browser,
      pageErrors,
    }) => {
      test.setTimeout(240_000);
      pageErrors.allow({
        status: 409,
        url: /\/service\/jaxrs\/ops\/claims$/,
        why: 'Théo claims the case Priya holds: refused (claimedByOther), and told who holds it',
      });
      const { id, person, sin } = await clientUnderReview(page, language, true);

      const priya = await staffOn(browser, staffMembers.priya, id);
      await priya.getByRole('button', { name: p.claim }).click();
      // A second staff member is told who holds the item.
      const theo = await staffOn(browser, staffMembers.theo, id);
      await theo.getByRole('button', { name: th.claim }).click();
      await expect(theo.getByText(th.heldBy(staffMembers.priya.name)).first()).toBeVisible();

      // Reveal: a reason, the number for a minute, an event in the audit trail.
      await act(priya, p, {
        button: p.reveal,
        confirm: p.confirmReveal,
        outcome: new RegExp(sin.split(' ').join('\\D?')),
      });
      await priya.reload();
      await expect(priya.getByRole('table', { name: p.auditTrail })).toContainText(p.sinRevealed);

      await act(priya, p, {
        button: p.requestInformation,
        fill: async (dialog) => {
          await dialog
            .getByLabel(p.messageToClient, { exact: true })
            .fill('Please send a recent bank statement showing your address.');
          await dialog.getByLabel(p.bankStatement, { exact: true }).check();
        },
        confirm: p.sendRequest,
        outcome: p.requestSent,
      });
      await expectNoSeriousA11yViolations(priya);
      await screenshot(priya, `operations-case-${language}`);

      // The client answers from the dashboard, with the document asked for.
      await page.goto('/#/home/dashboard');
      await expect(page.getByRole('heading', { name: t.askedHeading })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText('Please send a recent bank statement')).toBeVisible();
      await page
        .getByLabel(t.yourAnswer, { exact: true })
        .fill('Here is my statement from October.');
      await page
        .getByLabel(t.bankStatement, { exact: true })
        .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: pdf });
      await page.getByRole('button', { name: t.sendAnswer }).click();
      await expect(page.locator('li.application-card').first()).toContainText(t.underReview, {
        timeout: 15_000,
      });

      // PEP: the first approval is recorded, the second staff member's opens the account.
      await priya.reload();
      await expect(priya.getByText('Here is my statement from October.')).toBeVisible({
        timeout: 15_000,
      });
      // Asking the client handed the application back: it is claimed again to decide.
      await priya.getByRole('button', { name: p.claim }).click();
      await act(priya, p, { button: p.approve, confirm: p.confirmApprove, outcome: p.recorded });
      await theo.reload();
      await theo.getByRole('button', { name: th.claim }).click();
      await act(theo, th, { button: th.approve, confirm: th.confirmApprove, outcome: th.approved });
      const number = (
        await theo
          .getByText(/^\d{8}$/)
          .first()
          .textContent()
      )?.trim() as string;
      expect(number).toMatch(/^\d{8}$/);

      // The client sees the account open with its number, and has the mail.
      await page.reload();
      await expect(page.getByRole('heading', { name: t.accountOpen })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.locator('li.application-card').first()).toContainText(number);
      await expect(page.locator('li.application-card').first()).toContainText(t.openStatus);
      const mail = await mailTo(page.request, person.email, (message) =>
        message.text.includes(number),
      );
      expect(mail.text).toContain(number);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `operations-approved-dashboard-${language}`);
    });

    test('a declined application tells the client the category, never the internal note', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const { id } = await clientUnderReview(page, language, false);
      const priya = await staffOn(browser, staffMembers.priya, id);
      await priya.getByRole('button', { name: p.claim }).click();
      await act(priya, p, {
        button: p.decline,
        fill: async (dialog) => {
          await dialog.getByLabel(p.category).selectOption({ label: p.notSuitable });
        },
        confirm: p.confirmDecline,
        outcome: p.declined,
        reasonLabel: p.internalReason,
      });

      await page.goto('/#/home/dashboard');
      await expect(page.getByRole('heading', { name: t.whyDeclined })).toBeVisible({
        timeout: 20_000,
      });
      const card = page.locator('li.application-card').first();
      await expect(card).toContainText(t.notSuitable);
      await expect(card).toContainText(t.notSuitableNext);
      await expect(card).not.toContainText('Checked against the file');
    });
  });
}
