import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';

/**
 * Every value the field cipher encrypted or keyed, by table (ADR 0043): what the re-encryption
 * rewrites and what `keys:status` counts. Each context must be exactly the one the owning module
 * binds the value to (ADR 0008); `encrypted-columns.test.ts` checks that no `*_encrypted` column
 * of the schema is missing, and the rotation test reads values back through the modules.
 */

/** A row as the database answers it (snake_case columns). */
export type Row = Record<string, unknown>;

export interface EncryptedColumn {
  column: string;
  kind: 'text' | 'bytes';
  context: (row: Row) => string;
}

/**
 * A keyed hash that can be made again from the row's decrypted values: the re-encryption
 * rewrites it under the current key with the ciphertexts.
 */
export interface RehashedColumn {
  column: string;
  /** The hash under the current key, from the row and its decrypted columns. */
  hash: (cipher: FieldCipher, row: Row, plain: ReadonlyMap<string, string | Buffer>) => string;
}

export interface EncryptedTable {
  table: string;
  /** The primary key's columns: the batches walk the table in this order. */
  key: readonly string[];
  columns: readonly EncryptedColumn[];
  rehashed?: readonly RehashedColumn[];
  /** Other columns the contexts or hashes need. */
  extra?: readonly string[];
}

const text = (column: string, context: (row: Row) => string): EncryptedColumn => ({
  column,
  kind: 'text',
  context,
});
const bytes = (column: string, context: (row: Row) => string): EncryptedColumn => ({
  column,
  kind: 'bytes',
  context,
});
const s = (row: Row, column: string) => String(row[column]);

export const encryptedTables: readonly EncryptedTable[] = [
  {
    table: 'advisor_investors',
    key: ['id'],
    columns: [text('details_encrypted', (r) => `advisor_investors:${s(r, 'id')}:details`)],
  },
  {
    table: 'bank_connection_requests',
    key: ['id'],
    columns: [text('accounts_encrypted', (r) => `bank_connection_requests:${s(r, 'id')}:accounts`)],
  },
  {
    table: 'application_documents',
    key: ['id'],
    columns: [
      text('reason_encrypted', (r) => `application_documents:${s(r, 'id')}:reason`),
      text('file_name_encrypted', (r) => `application_documents:${s(r, 'id')}:fileName`),
      bytes('content_encrypted', (r) => `application_documents:${s(r, 'id')}:content`),
    ],
    // documents.service.ts: the fingerprint of the file's bytes.
    rehashed: [
      {
        column: 'content_fingerprint',
        hash: (cipher, _row, plain) => cipher.fingerprint(plain.get('content_encrypted')!),
      },
    ],
  },
  {
    table: 'application_signatures',
    key: ['application_id', 'role'],
    columns: [
      bytes(
        'signed_document_encrypted',
        (r) => `application_signatures:${s(r, 'application_id')}:${s(r, 'role')}:signed_document`,
      ),
    ],
  },
  {
    table: 'sandbox_esign_envelopes',
    key: ['id'],
    columns: [bytes('document_encrypted', (r) => `sandbox_esign_envelopes:${s(r, 'id')}:document`)],
  },
  {
    table: 'bank_accounts',
    key: ['id'],
    columns: [
      text('account_number_encrypted', (r) => `bank_accounts:${s(r, 'id')}:accountNumber`),
      text('holder_name_encrypted', (r) => `bank_accounts:${s(r, 'id')}:holderName`),
    ],
    // funding/bank-accounts.ts bankAccountNumberHash: institution, transit and account numbers.
    rehashed: [
      {
        column: 'account_number_hash',
        hash: (cipher, row, plain) =>
          cipher.mac(
            'bank-account-number',
            `${s(row, 'institution_number')}:${s(row, 'transit_number')}:${String(
              plain.get('account_number_encrypted'),
            )}`,
          ),
      },
    ],
    extra: ['institution_number', 'transit_number'],
  },
  {
    table: 'pad_agreements',
    key: ['id'],
    columns: [bytes('pdf_encrypted', (r) => `pad_agreements:${s(r, 'id')}:pdf`)],
  },
  {
    table: 'identity_handoffs',
    key: ['attempt_id'],
    columns: [text('phone_encrypted', (r) => `identity_handoffs:${s(r, 'attempt_id')}:phone`)],
  },
  {
    table: 'identity_captures',
    key: ['attempt_id', 'side'],
    columns: [
      text(
        'file_name_encrypted',
        (r) => `identity_captures:${s(r, 'attempt_id')}:${s(r, 'side')}:fileName`,
      ),
      bytes(
        'content_encrypted',
        (r) => `identity_captures:${s(r, 'attempt_id')}:${s(r, 'side')}:content`,
      ),
    ],
  },
  {
    table: 'identity_attempts',
    key: ['id'],
    columns: [
      text('verified_name_encrypted', (r) => `identity_attempts:${s(r, 'id')}:verified_name`),
      text('record_encrypted', (r) => `identity_attempts:${s(r, 'id')}:record`),
      text('working_encrypted', (r) => `identity_attempts:${s(r, 'id')}:working`),
    ],
  },
  {
    table: 'sandbox_identity_checks',
    key: ['id'],
    columns: [text('state_encrypted', (r) => `sandbox_identity_checks:${s(r, 'id')}:state`)],
  },
  {
    table: 'information_requests',
    key: ['id'],
    columns: [text('answer_encrypted', (r) => `information_requests:${s(r, 'id')}:answer`)],
  },
  {
    table: 'pep_forms',
    key: ['application_id'],
    columns: [text('answers_encrypted', (r) => `pep_forms:${s(r, 'application_id')}:answers`)],
  },
  {
    table: 'outbox_messages',
    key: ['id'],
    columns: [text('content_encrypted', (r) => `outbox_messages:${s(r, 'id')}:content`)],
  },
  {
    table: 'sandbox_mailbox',
    key: ['id'],
    columns: [text('content_encrypted', (r) => `sandbox_mailbox:${s(r, 'id')}:content`)],
  },
  {
    table: 'payment_files',
    key: ['id'],
    columns: [bytes('sealed_encrypted', (r) => `paymentFile:${s(r, 'id')}:sealed`)],
  },
  {
    table: 'rif_payout_setups',
    key: ['id'],
    columns: [text('spouse_sin_encrypted', (r) => `rif_payout_setups:${s(r, 'id')}:spouseSin`)],
  },
  {
    table: 'mfa_factors',
    key: ['user_id', 'kind'],
    columns: [text('secret_encrypted', (r) => `mfa_factors:${s(r, 'user_id')}:${s(r, 'kind')}`)],
  },
  {
    table: 'transfer_requests',
    key: ['id'],
    columns: [
      text('account_number_encrypted', (r) => `transfer_requests:${s(r, 'id')}:accountNumber`),
      text('statement_encrypted', (r) => `transfer_requests:${s(r, 'id')}:statement`),
      text('resp_encrypted', (r) => `transfer_requests:${s(r, 'id')}:resp`),
    ],
  },
  {
    table: 'webhook_receipts',
    key: ['role', 'event_id'],
    columns: [
      text('event_encrypted', (r) => `webhook_receipts:${s(r, 'role')}:${s(r, 'event_id')}:event`),
    ],
  },
  {
    table: 'sandbox_webhook_deliveries',
    key: ['id'],
    columns: [text('body_encrypted', (r) => `sandbox-webhook:${s(r, 'id')}`)],
  },
];

/**
 * Keyed hashes made from secrets the portal does not keep (codes, tokens): they keep their key
 * until the row is replaced, used or expired. (The client-identity hashes are re-hashed from the
 * approved profile they were recorded from: client-identity-hashes.ts.) `live` (SQL, `$now` the time) picks the rows still looked up: a
 * spent or expired one no longer holds its key in use.
 */
export interface KeptHashColumn {
  table: string;
  column: string;
  live: string;
}

export const keptHashColumns: readonly KeptHashColumn[] = [
  { table: 'mfa_recovery_codes', column: 'code_hash', live: 'used_at is null' },
  {
    table: 'one_time_codes',
    column: 'code_hash',
    live: "code_hash <> 'spent' and expires_at > $now",
  },
  {
    table: 'co_auth_codes',
    column: 'code_hash',
    live: 'verified_at is null and expires_at > $now',
  },
  { table: 'identity_handoffs', column: 'token_hash', live: 'expires_at > $now' },
  { table: 'identity_handoffs', column: 'short_code_hash', live: 'expires_at > $now' },
  {
    table: 'express_invitations',
    column: 'token_hash',
    live: 'voided_at is null and expires_at > $now',
  },
];
