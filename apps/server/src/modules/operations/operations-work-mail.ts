import type { IdentityRefusalReason, Language } from '@portal/domain';
import { composeLetter, oneLine } from '../outbox/mail-layout.ts';
import type { MessageContent } from '../outbox/outbox.service.ts';

/**
 * The mail of operations' decision on a person's identity documents (issue 16), in their
 * language: verified, or refused with the reason's category (never the staff member's note).
 */

export const IDENTITY_VERIFIED_TEMPLATE = 'identityVerifiedByStaff';
export const IDENTITY_REFUSED_TEMPLATE = 'identityRefusedByStaff';

const refusalLabels: Record<IdentityRefusalReason, Record<Language, string>> = {
  documentUnreadable: {
    en: 'We could not read the document you sent.',
    fr: "Nous n'avons pas pu lire le document envoyé.",
  },
  documentExpired: {
    en: 'The document you sent has expired.',
    fr: 'Le document envoyé est expiré.',
  },
  nameMismatch: {
    en: 'The name on the document does not match the name on your application.',
    fr: 'Le nom sur le document ne correspond pas à celui de votre demande.',
  },
  notAuthentic: {
    en: 'We could not confirm that the document is authentic.',
    fr: "Nous n'avons pas pu confirmer l'authenticité du document.",
  },
  other: {
    en: 'The documents did not let us confirm your identity.',
    fr: 'Les documents ne nous ont pas permis de confirmer votre identité.',
  },
};

const texts = {
  en: {
    greeting: 'Hello {name},',
    greetingAnonymous: 'Hello,',
    verifiedSubject: 'Your identity is verified',
    verifiedBody: 'We checked the documents you sent: your identity is verified.',
    refusedSubject: 'We could not verify your identity',
    refusedBody: 'We checked the documents you sent, but we could not verify your identity.',
    refusedNext: 'Please verify your identity again from your dashboard.',
    follow: 'Your dashboard:',
    button: 'Go to my dashboard',
    closing: 'Laurentide Investing',
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingAnonymous: 'Bonjour,',
    verifiedSubject: 'Votre identité est vérifiée',
    verifiedBody: 'Nous avons examiné les documents envoyés : votre identité est vérifiée.',
    refusedSubject: "Nous n'avons pas pu vérifier votre identité",
    refusedBody:
      "Nous avons examiné les documents envoyés, mais nous n'avons pas pu vérifier votre identité.",
    refusedNext: 'Veuillez vérifier votre identité de nouveau à partir de votre tableau de bord.',
    follow: 'Votre tableau de bord :',
    button: 'Aller à mon tableau de bord',
    closing: 'Placements Laurentide',
  },
} as const satisfies Record<Language, Record<string, string>>;

export function identityDecisionMail(
  language: Language,
  input: { firstName: string; refusal?: IdentityRefusalReason; dashboardUrl?: string },
): MessageContent {
  const t = texts[language];
  const name = oneLine(input.firstName);
  const lines = [
    name ? t.greeting.replace('{name}', name) : t.greetingAnonymous,
    ...(input.refusal
      ? [t.refusedBody, refusalLabels[input.refusal][language], t.refusedNext]
      : [t.verifiedBody]),
  ];
  const url = input.dashboardUrl;
  return composeLetter(language, {
    subject: input.refusal ? t.refusedSubject : t.verifiedSubject,
    paragraphs: lines,
    link: url ? { intro: t.follow, url, button: t.button } : undefined,
    closing: t.closing,
  });
}
