import type { Language } from '@portal/domain';
import { composeLetter, oneLine } from '../outbox/mail-layout.ts';
import type { MessageContent } from '../outbox/outbox.service.ts';
import { dueDateText } from '../operations/pep-form-mail.ts';

/**
 * The reminder that an application nobody has signed or changed for a while will be deleted
 * with its documents (issue 36, ADR 0044), in the applicant's language, sent once per stretch
 * of inactivity before the deletion.
 */

export const ABANDONED_APPLICATION_REMINDER_TEMPLATE = 'abandonedApplicationReminder';

const texts = {
  en: {
    greeting: 'Hello {name},',
    greetingAnonymous: 'Hello,',
    subject: 'Your account application will be deleted on {date}',
    body: 'You started an account application with us but have not continued it for a while, and it has not been signed.',
    what: 'To protect your information, we will delete the application and the documents you uploaded on {date}. To keep it, continue your application before that date.',
    follow: 'Your dashboard:',
    button: 'Continue my application',
    closing: 'Laurentide Investing',
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingAnonymous: 'Bonjour,',
    subject: "Votre demande d'ouverture de compte sera supprimée le {date}",
    body: "Vous avez commencé une demande d'ouverture de compte chez nous, mais vous ne l'avez pas poursuivie depuis un moment et elle n'a pas été signée.",
    what: 'Pour protéger vos renseignements, nous supprimerons la demande et les documents que vous avez téléversés le {date}. Pour la conserver, poursuivez votre demande avant cette date.',
    follow: 'Votre tableau de bord :',
    button: 'Poursuivre ma demande',
    closing: 'Placements Laurentide',
  },
} as const satisfies Record<Language, Record<string, string>>;

export function abandonedApplicationMail(
  language: Language,
  input: { firstName: string; deletionOn: string; dashboardUrl?: string },
): MessageContent {
  const t = texts[language];
  const date = dueDateText(input.deletionOn, language);
  const name = oneLine(input.firstName);
  const url = input.dashboardUrl;
  return composeLetter(language, {
    subject: t.subject.replace('{date}', date),
    paragraphs: [
      name ? t.greeting.replace('{name}', name) : t.greetingAnonymous,
      t.body,
      t.what.replace('{date}', date),
    ],
    link: url ? { intro: t.follow, url, button: t.button } : undefined,
    closing: t.closing,
  });
}
