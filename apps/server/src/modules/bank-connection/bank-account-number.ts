import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';

/**
 * How a bank account number is kept (architecture: data protection): encrypted with the field
 * cipher, bound to its `bank_accounts` row, and fingerprinted with a keyed HMAC of institution,
 * transit and number, so "already connected" is answered without decrypting anything. Every
 * source (void cheque, connection) uses these two, so the same account given twice meets.
 */
export const bankAccountNumberContext = (bankAccountId: string) =>
  `bank_accounts:${bankAccountId}:account_number`;

const digits = (value: string) => value.replace(/\D/g, '');

export function accountNumberHash(
  cipher: FieldCipher,
  account: { institutionNumber: string; transitNumber: string; accountNumber: string },
): string {
  return cipher.mac(
    'bank-account-number',
    `${digits(account.institutionNumber)}:${digits(account.transitNumber)}:${digits(account.accountNumber)}`,
  );
}
