import type { PageLanguage } from '../../lib/pages/page-chrome.locales.ts';

/** Text of the sandbox mailbox pages; the French table must name every key (type-checked). */
export const mailboxPagesEn = {
  brand: 'Sandbox mailbox',
  appTitle: 'Simulated mail and SMS vendor',
  mailboxTitle: 'Mailbox',
  mailboxIntro:
    'Every email and text message the portal sent while no mail server is configured. This page belongs to the simulated vendor: anyone can read it, so it never exists when real mail is sent.',
  filterLabel: 'Recipient',
  filterHint: 'An email address or a phone number, exactly as sent (any case).',
  filterButton: 'Show',
  showAll: 'Show every message',
  listCaption: 'Messages, newest first',
  shownFor: 'Messages to',
  columnRecipient: 'To',
  columnSubject: 'Subject',
  columnChannel: 'Channel',
  columnTime: 'Delivered',
  channelEmail: 'Email',
  channelSms: 'Text message (SMS)',
  noMessages: 'No messages yet.',
  backToMailbox: 'Back to the mailbox',
  messageTo: 'To',
  messageChannel: 'Channel',
  messageTime: 'Delivered',
  htmlFrameTitle: 'The message as the recipient sees it',
  plainText: 'Plain-text version',
  notFoundTitle: 'Message not found',
  notFoundIntro: 'There is no message at this address. It may belong to another database.',
} as const;

type MailboxPagesText = Record<keyof typeof mailboxPagesEn, string>;

export const mailboxPagesFr = {
  brand: 'Boîte aux lettres du bac à sable',
  appTitle: 'Fournisseur simulé de courriels et de textos',
  mailboxTitle: 'Boîte aux lettres',
  mailboxIntro:
    "Tous les courriels et messages texte envoyés par le portail tant qu'aucun serveur de courriel n'est configuré. Cette page appartient au fournisseur simulé : tout le monde peut la lire, elle n'existe donc jamais quand de vrais courriels sont envoyés.",
  filterLabel: 'Destinataire',
  filterHint:
    "Une adresse courriel ou un numéro de téléphone, tel qu'envoyé (majuscules ou minuscules).",
  filterButton: 'Afficher',
  showAll: 'Afficher tous les messages',
  listCaption: 'Messages, du plus récent au plus ancien',
  shownFor: 'Messages à',
  columnRecipient: 'À',
  columnSubject: 'Objet',
  columnChannel: 'Canal',
  columnTime: 'Livré',
  channelEmail: 'Courriel',
  channelSms: 'Message texte (SMS)',
  noMessages: "Aucun message pour l'instant.",
  backToMailbox: 'Retour à la boîte aux lettres',
  messageTo: 'À',
  messageChannel: 'Canal',
  messageTime: 'Livré',
  htmlFrameTitle: 'Le message tel que le destinataire le voit',
  plainText: 'Version texte',
  notFoundTitle: 'Message introuvable',
  notFoundIntro:
    "Il n'y a aucun message à cette adresse. Il appartient peut-être à une autre base de données.",
} as const satisfies MailboxPagesText;

export type MailboxPagesLanguage = PageLanguage;

export function mailboxText(language: MailboxPagesLanguage): MailboxPagesText {
  return language === 'fr' ? mailboxPagesFr : mailboxPagesEn;
}
