import type { PaymentsRegion } from '../calendar/payments-calendar-corrections.ts';
import type { BankAccountSource, CurrencyTypeId } from '../enums/funding.ts';

/**
 * A bank account on file (spec section 3 "Bank account"), as every answer carries it: the
 * account number masked, never whole. Ours besides the spec: where it came from, the void
 * cheque or the connected account it came with, and the holder's name read from the bank.
 */
export interface BankAccount {
  id: string;
  /** Masked: `•••••123`. */
  bankAccountNumber: string;
  nickname: string;
  /** The institution number, three digits (`006`). */
  financialInstitutionId: string;
  financialInstitutionName: string;
  transitNumber: string;
  currencyTypeId: CurrencyTypeId;
  source: BankAccountSource;
  documentUploadedId?: string;
  flinksBankAccountId?: string;
  holderName?: string;
}

/** What shows of an account number: five dots and its last three digits. */
export const MASKED_ACCOUNT_DIGITS = 3;
const MASK = '•••••';

/** `•••••123` for `1234567123`: enough for a person to recognize their account, no more. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '');
  return `${MASK}${digits.slice(-MASKED_ACCOUNT_DIGITS)}`;
}

/**
 * Names of common Canadian financial institutions by institution number (Payments Canada's
 * member list), for a void cheque's institution number when the person does not name it. A
 * number not listed is still a valid institution: the name falls back to the number.
 */
export const institutionNames: Readonly<Record<string, { en: string; fr: string }>> = {
  '001': { en: 'BMO Bank of Montreal', fr: 'BMO Banque de Montréal' },
  '002': { en: 'Scotiabank', fr: 'Banque Scotia' },
  '003': { en: 'RBC Royal Bank', fr: 'RBC Banque Royale' },
  '004': { en: 'TD Canada Trust', fr: 'TD Canada Trust' },
  '006': { en: 'National Bank of Canada', fr: 'Banque Nationale du Canada' },
  '010': { en: 'CIBC', fr: 'Banque CIBC' },
  '016': { en: 'HSBC Bank Canada', fr: 'Banque HSBC Canada' },
  '030': { en: 'Canadian Western Bank', fr: 'Banque canadienne de l’Ouest' },
  '039': { en: 'Laurentian Bank of Canada', fr: 'Banque Laurentienne du Canada' },
  '219': { en: 'ATB Financial', fr: 'ATB Financial' },
  '320': { en: 'PC Financial', fr: 'Services financiers le Choix du Président' },
  '540': { en: 'Manulife Bank of Canada', fr: 'Banque Manuvie du Canada' },
  '614': { en: 'Tangerine', fr: 'Tangerine' },
  '623': { en: 'EQ Bank', fr: 'EQ Bank' },
  '809': {
    en: 'Central 1 Credit Union (British Columbia)',
    fr: 'Central 1 Credit Union (Colombie-Britannique)',
  },
  '815': { en: 'Desjardins', fr: 'Desjardins' },
  '828': { en: 'Central 1 Credit Union (Ontario)', fr: 'Central 1 Credit Union (Ontario)' },
  '829': { en: 'Desjardins Ontario Credit Union', fr: 'Caisse Desjardins Ontario' },
  '837': { en: 'Meridian Credit Union', fr: 'Meridian Credit Union' },
};

/** The institution's name in a language; the number itself when it is not in the table. */
export function institutionNameOf(institutionNumber: string, language: 'en' | 'fr'): string {
  return institutionNames[institutionNumber]?.[language] ?? institutionNumber;
}

/**
 * Institutions that clear through Quebec, so Quebec's bank holidays (January 2, June 24) stop
 * their debits too: the Desjardins caisses and National Bank.
 */
export const quebecInstitutions: readonly string[] = ['006', '815'];

/** The payments calendar a debit from this institution follows. */
export function paymentsRegionOf(institutionNumber: string): PaymentsRegion {
  return quebecInstitutions.includes(institutionNumber) ? 'QC' : 'national';
}
