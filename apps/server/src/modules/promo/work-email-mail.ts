import { composeMail, mailParagraphs } from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/** The mail that carries a work email's code (issue 17), in the applicant's language. */
export function workEmailCodeMail(
  language: MessageLanguage,
  { code, minutes }: { code: string; minutes: number },
): MessageContent {
  const [subject, lines] =
    language === 'fr'
      ? [
          `Votre code de confirmation : ${code}`,
          [
            'Bonjour,',
            `Pour confirmer que ce courriel professionnel est le vôtre, entrez ce code dans votre demande d'ouverture de compte : ${code}`,
            `Le code est valide ${minutes} minutes et ne sert qu'une fois.`,
            "Si vous n'avez rien demandé, ignorez ce courriel.",
            'Placements Laurentide',
          ],
        ]
      : [
          `Your confirmation code: ${code}`,
          [
            'Hello,',
            `To confirm this work email is yours, enter this code in your account application: ${code}`,
            `The code works for ${minutes} minutes, once.`,
            'If you did not ask for it, ignore this email.',
            'Laurentide Investing',
          ],
        ];
  return composeMail(language, {
    subject,
    text: lines.join('\n\n'),
    bodyHtml: mailParagraphs(lines),
  });
}
