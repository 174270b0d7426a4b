import type { PageLanguage } from '../../lib/pages/page-chrome.locales.ts';

/** Text of the sandbox mailbox pages; the French table must name every key (type-checked). */
export const mailboxPagesEn = {
  brand: 'Sandbox mailbox',
  appTitle: 'Simulated mail and SMS vendor',
  mailboxTitle: 'Mailbox',
  mailboxIntro:
    'Every email the portal sent while no mail server is configured, and every text message until an SMS vendor is. This page belongs to the simulated vendor; its codes and links open accounts, so only the person who started the server and signed-in staff can read it.',
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
  lockedTitle: 'This mailbox is locked',
  lockedIntro:
    'The sandbox mailbox holds the codes and links the demonstration sent, which open accounts: only the person who started the server and signed-in staff can read it.',
  lockedOperator:
    'Started the server yourself? Open the address npm start printed (it ends in ?key=), or type the key kept in the file sandbox-mailbox.secret of the data folder.',
  lockedKeyLabel: 'Mailbox key',
  lockedOpen: 'Open the mailbox',
  lockedWrongKey: 'This is not the key of this mailbox.',
  lockedStaff: 'Staff: open the mailbox with your sign-in',
} as const;

type MailboxPagesText = Record<keyof typeof mailboxPagesEn, string>;

export const mailboxPagesFr = {
  brand: 'Boîte aux lettres du bac à sable',
  appTitle: 'Fournisseur simulé de courriels et de textos',
  mailboxTitle: 'Boîte aux lettres',
  mailboxIntro:
    "Tous les courriels envoyés par le portail tant qu'aucun serveur de courriel n'est configuré, et tous les messages texte tant qu'aucun fournisseur de SMS ne l'est. Cette page appartient au fournisseur simulé; ses codes et ses liens ouvrent des comptes : seuls la personne qui a démarré le serveur et le personnel connecté peuvent la lire.",
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
  lockedTitle: 'Cette boîte aux lettres est verrouillée',
  lockedIntro:
    'La boîte aux lettres du bac à sable contient les codes et les liens envoyés par la démonstration, qui ouvrent des comptes : seuls la personne qui a démarré le serveur et le personnel connecté peuvent la lire.',
  lockedOperator:
    "Vous avez démarré le serveur vous-même? Ouvrez l'adresse affichée par npm start (elle se termine par ?key=), ou tapez la clé conservée dans le fichier sandbox-mailbox.secret du dossier de données.",
  lockedKeyLabel: 'Clé de la boîte aux lettres',
  lockedOpen: 'Ouvrir la boîte aux lettres',
  lockedWrongKey: "Ce n'est pas la clé de cette boîte aux lettres.",
  lockedStaff: 'Personnel : ouvrir la boîte aux lettres avec votre connexion',
} as const satisfies MailboxPagesText;

export type MailboxPagesLanguage = PageLanguage;

export function mailboxText(language: MailboxPagesLanguage): MailboxPagesText {
  return language === 'fr' ? mailboxPagesFr : mailboxPagesEn;
}
