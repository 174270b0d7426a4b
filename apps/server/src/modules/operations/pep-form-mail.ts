import type { Language } from '@portal/domain';
import { composeLetter, oneLine } from '../outbox/mail-layout.ts';
import type { MessageContent } from '../outbox/outbox.service.ts';

/**
 * The PEP/HIO form's mails (issue 16; spec section 9), in the applicant's language: the notice
 * that the form is due (sent once the case exists), then the reminders at 7 and 14 days after
 * submission. Nothing is sent once the form is received (pep-form.job.ts).
 */

export const PEP_FORM_DUE_TEMPLATE = 'pepFormDue';
export const PEP_FORM_REMINDER_TEMPLATE = 'pepFormReminder';

const texts = {
  en: {
    greeting: 'Hello {name},',
    greetingAnonymous: 'Hello,',
    dueSubject: 'Your PEP/HIO form is due by {date}',
    dueBody:
      'You told us that you are a politically exposed person, the head of an international organization, or a family member or close associate of one. Canadian law asks us for a few more details.',
    reminderSubject: 'Reminder: your PEP/HIO form is due by {date}',
    reminderBody: 'We have not received your PEP/HIO form yet.',
    how: 'Answer the questions on your dashboard, or download the form, complete it and upload it there. Please do so by {date}: after that date, your account will be restricted until we receive it.',
    follow: 'Your dashboard:',
    button: 'Go to my dashboard',
    closing: 'Laurentide Investing',
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingAnonymous: 'Bonjour,',
    dueSubject: "Votre formulaire PPE/DOI est attendu d'ici le {date}",
    dueBody:
      "Vous nous avez indiqué être une personne politiquement exposée, le dirigeant d'une organisation internationale, ou un membre de la famille ou un proche associé de l'une de ces personnes. La loi canadienne nous demande quelques précisions.",
    reminderSubject: "Rappel : votre formulaire PPE/DOI est attendu d'ici le {date}",
    reminderBody: "Nous n'avons pas encore reçu votre formulaire PPE/DOI.",
    how: "Répondez aux questions sur votre tableau de bord, ou téléchargez le formulaire, remplissez-le et téléversez-le au même endroit. Veuillez le faire d'ici le {date} : après cette date, votre compte sera restreint jusqu'à sa réception.",
    follow: 'Votre tableau de bord :',
    button: 'Aller à mon tableau de bord',
    closing: 'Placements Laurentide',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** A calendar day (`YYYY-MM-DD`) as the applicant reads it. */
export function dueDateText(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** The notice (`reminder` false) or a reminder of the form due on `dueOn`. */
export function pepFormMail(
  language: Language,
  input: { firstName: string; dueOn: string; reminder: boolean; dashboardUrl?: string },
): MessageContent {
  const t = texts[language];
  const date = dueDateText(input.dueOn, language);
  const name = oneLine(input.firstName);
  const lines = [
    name ? t.greeting.replace('{name}', name) : t.greetingAnonymous,
    input.reminder ? t.reminderBody : t.dueBody,
    t.how.replace('{date}', date),
  ];
  const url = input.dashboardUrl;
  return composeLetter(language, {
    subject: (input.reminder ? t.reminderSubject : t.dueSubject).replace('{date}', date),
    paragraphs: lines,
    link: url ? { intro: t.follow, url, button: t.button } : undefined,
    closing: t.closing,
  });
}
