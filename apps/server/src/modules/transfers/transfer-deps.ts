import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';

/** What the transfer service and its parts work with, and for whom. */

export interface TransferDeps {
  db: Database;
  cipher: FieldCipher;
  clock: BankClock;
  provider: EsignProvider;
  /** For links in mail (`https://portal.example.ca`). */
  publicUrl: string;
  uploadQuotaBytes: number;
  now?: () => Date;
}

/** The signed-in caller: their id, sign-in address and account language (they sign in it). */
export interface TransferCaller {
  id: string;
  email: string;
  language: string;
}

/** The language of a person's mails and of the answers about their transfers. */
export const languageOf = (language: string | undefined): MessageLanguage =>
  language === 'fr' ? 'fr' : 'en';
