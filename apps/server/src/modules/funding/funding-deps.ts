import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';

/** What the funding service and its parts work with, and where their mails point. */

export interface FundingDeps {
  db: Database;
  cipher: FieldCipher;
  clock: BankClock;
  /** For links in mail (`https://portal.example.ca`). */
  publicUrl: string;
  /** The documents module's quota of one person's files (the void cheque counts). */
  uploadQuotaBytes: number;
  now?: () => Date;
}

/** The language of a person's mails and of the answers about their funding. */
export const languageOf = (language: string): MessageLanguage => (language === 'fr' ? 'fr' : 'en');

/** The client's funding page, where every mail points. */
export const fundingPageUrl = (publicUrl: string) => `${publicUrl}/#/home/funding`;
