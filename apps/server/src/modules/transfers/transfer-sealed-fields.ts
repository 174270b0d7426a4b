import type { StatementHolder, TransferAddress } from '@portal/domain/transfers/transfer-precheck';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type * as repo from './transfers.repo.ts';

/**
 * How a transfer's personal data is kept and shown: the delivering account number, the
 * statement and an RESP's contract numbers encrypted with the field cipher, bound to the row;
 * the account number shown by its last 3 characters only.
 */

/** Each encrypted field is bound to its row and column (ADR 0008). */
export const transferContext = (id: string, field: 'accountNumber' | 'statement' | 'resp') =>
  `transfer_requests:${id}:${field}`;

/** The statement as kept, encrypted: the holders and address the client copied. */
export interface StoredStatement {
  holders: StatementHolder[];
  address: TransferAddress;
}

/** `•••••123`: all an answer or a mail ever shows of a delivering account number. */
export const maskedTransferAccount = (last3: string) => `•••••${last3}`;

/** The statement of a saved transfer, decrypted. */
export async function decryptedStatement(cipher: FieldCipher, row: repo.TransferRow) {
  return JSON.parse(
    cipher.decrypt(row.statementEncrypted, transferContext(row.id, 'statement')),
  ) as StoredStatement;
}
