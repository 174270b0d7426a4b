import { randomUUID } from 'node:crypto';
import {
  bankAccountSources,
  currencyTypeIdOf,
  type BankAccountSource,
  type CurrencyTypeId,
} from '@portal/domain/enums/funding';
import {
  institutionNames,
  maskAccountNumber,
  type BankAccount,
} from '@portal/domain/funding/bank-account';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import type { FundingDeps } from './funding-deps.ts';
import { notFound } from './funding-refusal.ts';
import * as repo from './funding.repo.ts';

/**
 * A person's bank accounts (issue 14): recorded from a void cheque or a connection, the number
 * encrypted and keyed-hashed, bound to the row; every answer shows the last three digits only.
 */

/** Each encrypted field is bound to its row and column (ADR 0008). */
export const bankAccountContext = (id: string, field: 'accountNumber' | 'holderName') =>
  `bank_accounts:${id}:${field}`;

/** The MAC purpose of account numbers: its own key, so no other hash can stand for one. */
export const BANK_ACCOUNT_MAC_PURPOSE = 'bank-account-number';

/** The keyed hash of a bank account: "already on file" is answered without decrypting. */
export function bankAccountNumberHash(
  cipher: FieldCipher,
  numbers: { institutionNumber: string; transitNumber: string; accountNumber: string },
): string {
  return cipher.mac(
    BANK_ACCOUNT_MAC_PURPOSE,
    `${numbers.institutionNumber}:${numbers.transitNumber}:${numbers.accountNumber}`,
  );
}

export interface NewBankAccount {
  userId: string;
  source: BankAccountSource;
  nickname: string;
  institutionNumber: string;
  /** The bank's own name for itself (a connection reports it); from our table otherwise. */
  institutionName?: string;
  transitNumber: string;
  /** Digits only; encrypted here, never stored or answered whole. */
  accountNumber: string;
  currencyTypeId: CurrencyTypeId;
  documentId?: string;
  connectionId?: string;
  holderName?: string;
  holderMatches?: boolean;
}

/**
 * Stores a bank account, its number encrypted and hashed, in the caller's transaction (the
 * void cheque here; the bank-connection module for connected accounts).
 */
export async function recordBankAccount(
  db: Database,
  cipher: FieldCipher,
  input: NewBankAccount,
): Promise<repo.BankAccountRow> {
  const id = randomUUID();
  return repo.insertBankAccount(db, {
    id,
    userId: input.userId,
    source: input.source,
    nickname: input.nickname,
    institutionNumber: input.institutionNumber,
    institutionName:
      input.institutionName ??
      institutionNames[input.institutionNumber]?.en ??
      input.institutionNumber,
    transitNumber: input.transitNumber,
    accountNumberEncrypted: cipher.encrypt(
      input.accountNumber,
      bankAccountContext(id, 'accountNumber'),
    ),
    accountNumberLast3: input.accountNumber.slice(-3),
    accountNumberHash: bankAccountNumberHash(cipher, input),
    currencyTypeId: input.currencyTypeId,
    documentId: input.documentId ?? null,
    connectionId: input.connectionId ?? null,
    holderNameEncrypted:
      input.holderName === undefined
        ? null
        : cipher.encrypt(input.holderName, bankAccountContext(id, 'holderName')),
    holderMatches: input.holderMatches ?? null,
  });
}

/** The account's keyed hash under each live key (ADR 0043), for look-ups. */
export function bankAccountNumberHashes(
  cipher: FieldCipher,
  numbers: { institutionNumber: string; transitNumber: string; accountNumber: string },
): string[] {
  return cipher.macs(
    BANK_ACCOUNT_MAC_PURPOSE,
    `${numbers.institutionNumber}:${numbers.transitNumber}:${numbers.accountNumber}`,
  );
}

/** Whether the person already has this account from this source (not deleted). */
export async function hasBankAccount(
  db: Database,
  cipher: FieldCipher,
  userId: string,
  numbers: { institutionNumber: string; transitNumber: string; accountNumber: string },
  source: BankAccountSource,
): Promise<boolean> {
  const hashes = bankAccountNumberHashes(cipher, numbers);
  const rows = await repo.bankAccountsOf(db, userId, { source });
  return rows.some((row) => hashes.includes(row.accountNumberHash));
}

/** The institution's name in the person's language, else the name the bank gave. */
export function institutionNameOf(
  row: Pick<repo.BankAccountRow, 'institutionNumber' | 'institutionName'>,
  language: MessageLanguage,
): string {
  return institutionNames[row.institutionNumber]?.[language] ?? row.institutionName;
}

/** The account number as every answer and mail shows it: its last three digits. */
export const maskedOf = (row: Pick<repo.BankAccountRow, 'accountNumberLast3'>) =>
  maskAccountNumber(row.accountNumberLast3);

/** A bank account as every answer carries it: the number masked, the holder's name to its owner. */
export function bankAccountView(
  cipher: FieldCipher,
  row: repo.BankAccountRow,
  language: MessageLanguage,
): BankAccount {
  return {
    id: row.id,
    bankAccountNumber: maskedOf(row),
    nickname: row.nickname,
    financialInstitutionId: row.institutionNumber,
    financialInstitutionName: institutionNameOf(row, language),
    transitNumber: row.transitNumber,
    currencyTypeId: row.currencyTypeId as CurrencyTypeId,
    source: row.source as BankAccountSource,
    ...(row.documentId && { documentUploadedId: row.documentId }),
    ...(row.source === bankAccountSources.connection && { flinksBankAccountId: row.id }),
    ...(row.holderNameEncrypted && {
      holderName: cipher.decrypt(row.holderNameEncrypted, bankAccountContext(row.id, 'holderName')),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Lists of bank accounts

export async function chequesFor(
  deps: FundingDeps,
  userId: string,
  currency: 'cad' | 'usd' | undefined,
  language: MessageLanguage,
) {
  const rows = await repo.bankAccountsOf(deps.db, userId, { source: bankAccountSources.cheque });
  const wanted = currency && currencyTypeIdOf(currency === 'usd' ? 'USD' : 'CAD');
  return {
    cheques: rows
      .filter((row) => row.documentId && (!wanted || row.currencyTypeId === wanted))
      .map((row) => ({
        documentUploadedId: row.documentId!,
        nickname: row.nickname,
        financialInstitutionName: institutionNameOf(row, language),
        bankAccountNumber: maskedOf(row),
        currencyTypeId: row.currencyTypeId as CurrencyTypeId,
        bankAccountId: row.id,
      })),
  };
}

export async function bankAccountsFor(
  deps: FundingDeps,
  userId: string,
  language: MessageLanguage,
  source?: BankAccountSource,
): Promise<BankAccount[]> {
  const rows = await repo.bankAccountsOf(deps.db, userId, source ? { source } : {});
  return rows.map((row) => bankAccountView(deps.cipher, row, language));
}

/** Bank accounts on file with us: from the back office, or already used to fund an account. */
export async function adminAccountsFor(
  deps: FundingDeps,
  userId: string,
  language: MessageLanguage,
): Promise<BankAccount[]> {
  const [rows, used] = await Promise.all([
    repo.bankAccountsOf(deps.db, userId),
    repo.usedBankAccountIds(deps.db, userId),
  ]);
  return rows
    .filter((row) => row.source === bankAccountSources.admin || used.has(row.id))
    .map((row) => bankAccountView(deps.cipher, row, language));
}

export async function adminAccountFor(
  deps: FundingDeps,
  userId: string,
  id: string,
  language: MessageLanguage,
): Promise<BankAccount> {
  const found = (await adminAccountsFor(deps, userId, language)).find((row) => row.id === id);
  if (!found) throw notFound();
  return found;
}
