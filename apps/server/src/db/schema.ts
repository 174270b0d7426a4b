import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Every reference list of spec section 7 (`references/*`) in one table: the lists share one
 * shape (id, description, descriptionFr, and parentId for provinces/states).
 */
export const referenceValues = pgTable(
  'reference_values',
  {
    list: text('list').notNull(),
    id: integer('id').notNull(),
    description: text('description').notNull(),
    descriptionFr: text('description_fr').notNull(),
    parentId: integer('parent_id'),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.list, table.id] }),
    index('reference_values_list_order_idx').on(table.list, table.sortOrder),
  ],
);

/** Which version of each seeded data set is in the database, so a start skips unchanged seeds. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
});

/** Roles of spec section 6: client applicant, advisor, trial user, operations staff. */
export const userRole = pgEnum('user_role', ['client', 'advisor', 'trial', 'staff']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: an email names one person whatever its capitals. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    language: text('language').notNull().default('en'),
    role: userRole('role').notNull().default('client'),
    ibId: text('ib_id'),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    /** When the person proved they read mail at `email` (null: not yet). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address waiting for its code; `email` changes only once it is proved. */
    pendingEmail: text('pending_email'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_ib_id_idx').on(table.ibId),
  ],
);

/** A signed-in browser: the cookie holds a random secret, the table only its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent, cut short: lets the settings page name each device. */
    userAgent: text('user_agent'),
    /** Last time the session was used (a token issued or the session refreshed). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sessions_secret_hash_idx').on(table.secretHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/** Bearer tokens issued to the client by `oauth/authorize`, stored hashed. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('access_tokens_token_hash_idx').on(table.tokenHash),
    index('access_tokens_session_idx').on(table.sessionId),
  ],
);

/**
 * Attempts counted per key (sign-ins per account and per address, registrations per address,
 * reset mails per account), in the database so that every instance behind the load balancer
 * counts the same attempts. An attempt is counted before the work it guards (one atomic upsert).
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  /** `account:<email>`, `address:<ip>`, `register:<ip>`, `reset:<email>`, ... */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Client-side errors reported through `POST errors` (spec section 7). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    errorField: text('error_field').notNull(),
    pageFailed: text('page_failed').notNull(),
    username: text('username').notNull(),
    /** A keyed hash of the sender's address: enough to rate-limit, useless to identify. */
    senderHash: text('sender_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('error_reports_sender_created_idx').on(table.senderHash, table.createdAt)],
);

/**
 * The API's rate-limit counters on PostgreSQL (issue 30, security.md G10), shared by every
 * instance: one row per limit and caller (`writes:user:<id>`, `requests:address:<keyed hash>`),
 * counting the requests of the window that ends at `window_ends_at`. Rows whose window ended
 * are deleted as the store goes (plugins/api-rate-limit.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends_at_idx').on(table.windowEndsAt)],
);

/** An account application (spec sections 2 and 4), owned by the person who started it. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the states of packages/domain's status machine. */
    status: text('status').notNull().default('new'),
    /** Bumped by every change, so a stale save answers 409 instead of overwriting. */
    version: integer('version').notNull().default(1),
    ownershipTypeId: integer('ownership_type_id'),
    /** The joint applicant's own sign-in account, once they proved the code from their mail. */
    jointUserId: uuid('joint_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The promo code accepted for this application (issue 17), upper-cased; null: none. */
    promoCode: text('promo_code'),
    /**
     * The partner agreement accepted before the application started (issue 17): the partner's
     * skin and names from the skin cookies, and when it was accepted. Null: no partner.
     */
    partnerAgreement: jsonb('partner_agreement').$type<{
      skin: string;
      name: string;
      nameFr: string;
      acceptedAt: string;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('applications_owner_idx').on(table.ownerId, table.updatedAt),
    index('applications_joint_user_idx').on(table.jointUserId),
  ],
);

/** What the applicant saved on each onboarding step. */
export const applicationSteps = pgTable(
  'application_steps',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    data: jsonb('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.step] })],
);

/**
 * Who changed what and when, written in the same transaction as the change. No foreign key to
 * the application: the trail outlives a deleted application.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').notNull(),
    actorId: uuid('actor_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_events_application_idx').on(table.applicationId, table.createdAt)],
);

/**
 * Raw bytes (PostgreSQL `bytea`). node-postgres answers a Buffer, PGlite a Uint8Array: both
 * are handed on as a Buffer.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Documents uploaded to an application (spec sections 3 and 5; ADR 0008). The file, its name
 * and the reason are encrypted with the field cipher (AES-256-GCM, bound to the row's id);
 * `content_fingerprint` is a keyed HMAC of the plain bytes, so the same file uploaded twice to
 * one application is refused without decrypting anything.
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    /** The account of the application it is for, by name (`rrsp`); null for the whole application. */
    account: text('account'),
    /** `v1:...` ciphertexts of the field cipher. */
    reasonEncrypted: text('reason_encrypted'),
    fileNameEncrypted: text('file_name_encrypted').notNull(),
    /** Detected from the content's magic bytes, never taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    contentEncrypted: bytea('content_encrypted').notNull(),
    contentFingerprint: text('content_fingerprint').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('application_documents_fingerprint_idx').on(
      table.applicationId,
      table.contentFingerprint,
    ),
    index('application_documents_application_idx').on(table.applicationId, table.uploadedAt),
  ],
);

/**
 * Mail and SMS waiting to go out (architecture: transactional outbox). A message is written in
 * the same transaction as the change it reports, so it is sent exactly when that change
 * commits. The dispatcher claims due rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`): a dispatcher killed mid-send leaves the row to be claimed again once its
 * lease ends, so nothing is lost. The rendered content (which may hold a one-time code) is
 * encrypted with the field cipher, bound to the row's id.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    /** `email` or `sms`. */
    channel: text('channel').notNull(),
    /** An email address or a phone number. */
    recipient: text('recipient').notNull(),
    /** `en` or `fr`: the recipient's language, in which the content was rendered. */
    language: text('language').notNull(),
    /** Which message this is (`jointInvitation`, `coAuthCode`, ...), for the trail and metrics. */
    template: text('template').notNull(),
    /** `v1:...` ciphertext of `{ subject, text, html }`. */
    contentEncrypted: text('content_encrypted').notNull(),
    applicationId: uuid('application_id'),
    /** `pending` until sent, then `sent`. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_messages_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * The sandbox mailbox (architecture: sandbox vendors): every mail and SMS the sandbox
 * transport delivered, to read at `/sandbox/mailbox`. One row per outbox message, so a send
 * repeated after a crash does not deliver twice.
 */
export const sandboxMailbox = pgTable(
  'sandbox_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxMessageId: uuid('outbox_message_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    /**
     * `v1:...` ciphertext of `{ subject, text, html }`, bound to the row's id: the mailbox holds
     * codes and links, which must not sit in the database in plain text.
     */
    contentEncrypted: text('content_encrypted').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_mailbox_outbox_idx').on(table.outboxMessageId),
    index('sandbox_mailbox_recipient_idx').on(table.recipient, table.deliveredAt),
  ],
);

/**
 * The joint applicant's four-digit code (spec sections 4, 5 and 7: `coAuthCode`): mailed to the
 * joint applicant's address, valid 24 hours, stored as a keyed hash, with the attempts counted.
 * One per application; a resend replaces it. Once verified, `applications.joint_user_id` links
 * the joint applicant's own sign-in account to the application.
 */
export const coAuthCodes = pgTable(
  'co_auth_codes',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Lower-cased: the joint applicant signs in with this address. */
    inviteeEmail: text('invitee_email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('co_auth_codes_invitee_idx').on(table.inviteeEmail)],
);

/**
 * Each applicant's signature of an application (spec sections 2 and 4: eSign), as the e-sign
 * provider reports it: `pending`, `signed`, `declined` or `expired`. The provider holds the
 * document; this row holds its envelope id.
 */
export const applicationSignatures = pgTable(
  'application_signatures',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** `primary` or `joint`. */
    role: text('role').notNull(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    envelopeId: text('envelope_id').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The document as the vendor returns it once signed (issue 12): the applicant's copy,
     * encrypted and bound to the application and role (ADR 0008); null until signed.
     */
    signedDocumentName: text('signed_document_name'),
    signedDocumentEncrypted: bytea('signed_document_encrypted'),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.role] }),
    // The vendor's webhook names the envelope, not the application (ADR 0018).
    index('application_signatures_envelope_idx').on(table.provider, table.envelopeId),
  ],
);

/**
 * The sandbox e-sign provider's envelopes (architecture: sandbox vendors): the document to sign
 * (a PDF, encrypted, bound to the envelope id), who signs it, and what they did in the signing
 * ceremony at `/sandbox/esign/{id}`.
 */
export const sandboxEsignEnvelopes = pgTable('sandbox_esign_envelopes', {
  id: uuid('id').primaryKey(),
  signerEmail: text('signer_email').notNull(),
  signerName: text('signer_name').notNull(),
  language: text('language').notNull(),
  documentName: text('document_name').notNull(),
  documentEncrypted: bytea('document_encrypted').notNull(),
  /** Where the ceremony sends the signer back to, on this site. */
  returnPath: text('return_path').notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * A person's second factors (issue 11): `totp` (an authenticator app's shared secret) and `sms`
 * (a phone number for one-time codes). The secret or number is encrypted with the field cipher,
 * bound to the user and kind. A factor being set up has no `confirmed_at` and does not count.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** TOTP: the last 30-second step accepted, so no code is accepted twice. */
    lastUsedStep: integer('last_used_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** Ten single-use recovery codes per person, stored as keyed hashes; a new set voids the old. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('mfa_recovery_codes_hash_idx').on(table.userId, table.codeHash)],
);

/**
 * Short numeric codes sent to a person, one live code per purpose: `emailVerification` (to
 * `target`, the address being proved), `smsSignIn` and `smsSetup` (to the phone of the `sms`
 * factor). Stored as a keyed hash with the attempts and sends counted.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    target: text('target'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Codes sent since `send_window_started_at` (a rolling bound on mail and SMS sent). */
    sendCount: integer('send_count').notNull().default(1),
    sendWindowStartedAt: timestamp('send_window_started_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
);

/** Password-reset links: single use, 30 minutes, only the token's hash kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * A sign-in whose password was right and whose second factor is still due: the browser holds
 * the secret in a short-lived cookie, so the password is never posted twice.
 */
export const signInChallenges = pgTable('sign_in_challenges', {
  secretHash: text('secret_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Vendor webhooks already handled (issue 13; docs/adr/0018): one row per vendor role and event
 * id, written in the same transaction as the handler's change, so a delivery repeated by the
 * vendor (or replayed by someone who caught one) changes nothing the second time.
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    role: text('role').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Why a signed event was kept for staff instead of applied (issue 30): `unusable` (its data
     * fails the schema) or `unknownReference` (it names nothing of ours, ten minutes after it
     * occurred); null for an event applied as usual.
     */
    problem: text('problem'),
    /** A kept event as the vendor sent it (it may name people), encrypted; null otherwise. */
    eventEncrypted: text('event_encrypted'),
    /** When a member of staff marked a kept event as dealt with. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.role, table.eventId] }),
    index('webhook_receipts_problem_idx')
      .on(table.receivedAt)
      .where(sql`${table.problem} is not null and ${table.resolvedAt} is null`),
  ],
);

/**
 * Webhooks the sandbox vendors owe the product (architecture: sandbox vendors). A sandbox
 * writes its decision here in the same transaction as the decision, due after the vendor's
 * realistic delay; a dispatcher signs and delivers each through the product's real webhook
 * route, retrying with backoff until it answers 2xx, as vendors do. The body may carry names
 * and references: encrypted with the field cipher, bound to the row's id.
 */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    role: text('role').notNull(),
    /** The product's route on this server, e.g. `/webhooks/esign`. */
    path: text('path').notNull(),
    bodyEncrypted: text('body_encrypted').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_webhook_deliveries_due_idx').on(table.deliveredAt, table.dueAt)],
);

/**
 * Each applicant's identity verification on an application (issue 13): where they stand now,
 * vendor-neutral (`notStarted`, `inProgress`, `pending`, `needsReview`, `verified`, `failed`;
 * packages/domain identity states). One row per application and role, as for signatures; the
 * attempts below are the history and the FINTRAC record.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** `primary` or `joint`. */
    role: text('role').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('notStarted'),
    /** The method of the latest attempt (`creditFile`, `photoId`, `dualProcess`, `manual`). */
    method: text('method'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.role] }),
    index('identity_verifications_state_idx').on(table.state, table.updatedAt),
  ],
);

/**
 * Every attempt to verify a person and its outcome: the FINTRAC record (Guide 11; ADR 0018).
 * No foreign key to the application or the user: the record must outlive both for at least five
 * years (`retain_until`), and the applicant can never delete it. `record_encrypted` holds exactly
 * the fields of the method used (packages/domain `fintracRecordSchema`), document and file
 * numbers included, encrypted with the field cipher and bound to the attempt's id.
 */
export const identityAttempts = pgTable(
  'identity_attempts',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    role: text('role').notNull(),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    /**
     * `inProgress` (questions asked, phone capture under way), `pending` (the vendor decides),
     * `needsReview` (operations decide), `verified`, `failed`, `expired`.
     */
    outcome: text('outcome').notNull().default('inProgress'),
    /** Why it failed, as a domain message code (`documentExpired`, `noMatch`, `thinFile`, ...). */
    reason: text('reason'),
    vendor: text('vendor'),
    /** The vendor's id of this check (a bureau file reference stays in the record, encrypted). */
    vendorReference: text('vendor_reference'),
    /** The name as verified; with the record, so one person's records can be exported. */
    verifiedNameEncrypted: text('verified_name_encrypted'),
    recordEncrypted: text('record_encrypted'),
    /** Method state the product keeps while the attempt runs (questions asked, ...), encrypted. */
    workingEncrypted: text('working_encrypted'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('identity_attempts_person_idx').on(table.userId, table.startedAt),
    index('identity_attempts_application_idx').on(table.applicationId, table.role, table.startedAt),
    uniqueIndex('identity_attempts_vendor_reference_idx').on(table.vendor, table.vendorReference),
    index('identity_attempts_outcome_idx').on(table.outcome, table.startedAt),
  ],
);

/**
 * The desktop-to-phone hand-off of a photo-ID attempt (spec sections 2, 4 and 9): the SMS, QR
 * and short link open the product's phone pages with a single-purpose token (stored as a keyed
 * hash) that works for 15 minutes and only for this attempt. `stage` is what the desktop shows
 * live; the captured images go to the vendor, encrypted here until sent.
 */
export const identityHandoffs = pgTable(
  'identity_handoffs',
  {
    attemptId: uuid('attempt_id')
      .primaryKey()
      .references(() => identityAttempts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Eight characters a person can type (`/v/{code}`), kept as a keyed hash too. */
    shortCodeHash: text('short_code_hash').notNull(),
    /** `sent`, `opened`, `document`, `front`, `back`, `selfie`, `submitted`, `decided`, `expired`. */
    stage: text('stage').notNull().default('sent'),
    documentType: text('document_type'),
    phoneEncrypted: text('phone_encrypted'),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_handoffs_token_idx').on(table.tokenHash),
    uniqueIndex('identity_handoffs_short_code_idx').on(table.shortCodeHash),
  ],
);

/** The captured images of a hand-off (front, back, selfie), encrypted, bound to the row. */
export const identityCaptures = pgTable(
  'identity_captures',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => identityAttempts.id, { onDelete: 'cascade' }),
    /** `front`, `back` or `selfie`. */
    side: text('side').notNull(),
    contentType: text('content_type').notNull(),
    fileNameEncrypted: text('file_name_encrypted').notNull(),
    contentEncrypted: bytea('content_encrypted').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.side] })],
);

/**
 * The sandbox vendors' own state (architecture: sandbox vendors): the credit bureau's question
 * sets and the document-verification vendor's checks, as a vendor would keep them on its side.
 */
export const sandboxIdentityChecks = pgTable('sandbox_identity_checks', {
  id: uuid('id').primaryKey(),
  /** `creditBureau` or `documentVerification`. */
  vendor: text('vendor').notNull(),
  /** What the vendor holds about the check (questions and answers, images' verdict), encrypted. */
  stateEncrypted: text('state_encrypted').notNull(),
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/**
 * The accounts an application opens (issue 14), one per account type chosen, created by the
 * funding service from the application's answers the first time funding asks for them: funding
 * requests name a row here as their destination. `account_number` is assigned at approval
 * (issue 16); until then bill payment and requests use the row's id.
 */
export const clientAccounts = pgTable(
  'client_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The primary applicant, who funds the account. */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The named account type of packages/domain (`tfsa`, `usCash`, ...). */
    accountTypeName: text('account_type_name').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    currencyTypeId: integer('currency_type_id').notNull(),
    ownershipTypeId: integer('ownership_type_id').notNull(),
    accountNumber: text('account_number'),
    eftEligible: boolean('eft_eligible').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('client_accounts_application_type_idx').on(
      table.applicationId,
      table.accountTypeName,
    ),
    index('client_accounts_owner_idx').on(table.ownerUserId),
    uniqueIndex('client_accounts_number_idx').on(table.accountNumber),
  ],
);

/**
 * A person's bank accounts (issue 14): from a void cheque (`cheque`), a bank connection
 * (`connection`) or on file with us (`admin`). The account number is encrypted with the field
 * cipher, bound to the row's id; `account_number_hash` is a keyed HMAC of the institution,
 * transit and number, so "already connected" is answered without decrypting anything, and
 * `account_number_last3` is all an answer ever shows.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `cheque`, `connection` or `admin` (packages/domain `bankAccountSources`). */
    source: text('source').notNull(),
    nickname: text('nickname').notNull(),
    institutionNumber: text('institution_number').notNull(),
    institutionName: text('institution_name').notNull(),
    transitNumber: text('transit_number').notNull(),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast3: text('account_number_last3').notNull(),
    accountNumberHash: text('account_number_hash').notNull(),
    currencyTypeId: integer('currency_type_id').notNull(),
    /** The void cheque this account was read from. */
    documentId: uuid('document_id').references(() => applicationDocuments.id, {
      onDelete: 'set null',
    }),
    /** The bank connection that reported this account. */
    connectionId: uuid('connection_id').references(() => bankConnectionRequests.id, {
      onDelete: 'set null',
    }),
    /** The holder's name as the bank reports it (connections only), encrypted. */
    holderNameEncrypted: text('holder_name_encrypted'),
    /** Whether that name matches an applicant (packages/domain `holderNameMatches`). */
    holderMatches: boolean('holder_matches'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('bank_accounts_user_idx').on(table.userId, table.createdAt),
    index('bank_accounts_user_hash_idx').on(table.userId, table.accountNumberHash),
  ],
);

/**
 * EFT and PAC requests (spec sections 3 and 4; ADR 0020): one-time debits (type 1) and
 * recurring PACs (type 3), whose debits are one-time children (`parent_id`). `status` is a
 * funding status id of packages/domain's machine; dates are the bank's business dates in
 * America/Toronto. The settlement job claims rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (`claimed_by`, `claimed_until`), as the outbox dispatcher does.
 */
export const fundingRequests = pgTable(
  'funding_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    toAccountId: uuid('to_account_id')
      .notNull()
      .references(() => clientAccounts.id, { onDelete: 'cascade' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    /** The PAC a debit belongs to (null for a PAC itself and for one-time requests). */
    parentId: uuid('parent_id').references((): AnyPgColumn => fundingRequests.id, {
      onDelete: 'cascade',
    }),
    fundingTypeId: integer('funding_type_id').notNull(),
    frequencyId: integer('frequency_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** An active PAC's next debit date (business day), null otherwise. */
    nextDebitDate: date('next_debit_date', { mode: 'string' }),
    status: integer('status').notNull(),
    /** When a deleted PAC stops (10 business days after the deletion). */
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** The bank date a debit was sent to the bank (SENT_TO_BANK). */
    sentOn: date('sent_on', { mode: 'string' }),
    preNotificationWaived: boolean('pre_notification_waived').notNull(),
    taxYear: integer('tax_year'),
    /** The PAD agreement accepted with the request (a PAC's debits carry the PAC's). */
    agreementId: uuid('agreement_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    activeDate: date('active_date', { mode: 'string' }),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('funding_requests_user_idx').on(table.userId, table.createdAt),
    index('funding_requests_status_idx').on(table.status, table.startDate),
    // A PAC has one debit per date, so a job run twice creates it once.
    uniqueIndex('funding_requests_parent_date_idx').on(table.parentId, table.startDate),
  ],
);

/**
 * The PAD agreement (Payments Canada Rule H1) accepted with a funding request: the PDF as
 * shown, in the person's language, encrypted and bound to the row's id, with the SHA-256 of
 * the plain PDF kept as evidence for the 90-day reimbursement window. `confirmation_due` is
 * when the confirmation must be mailed (10 days before the first debit; null when waived).
 */
export const padAgreements = pgTable(
  'pad_agreements',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fundingRequestId: uuid('funding_request_id')
      .notNull()
      .references(() => fundingRequests.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    pdfEncrypted: bytea('pdf_encrypted').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    confirmationDue: date('confirmation_due', { mode: 'string' }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pad_agreements_request_idx').on(table.fundingRequestId),
    index('pad_agreements_confirmation_idx').on(table.confirmationSentAt, table.confirmationDue),
  ],
);

/** Every status change of a funding request, written in the same transaction as the change. */
export const fundingEvents = pgTable(
  'funding_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundingRequestId: uuid('funding_request_id')
      .notNull()
      .references(() => fundingRequests.id, { onDelete: 'cascade' }),
    /** `client`, `job` or `staff`. */
    actor: text('actor').notNull(),
    /** The person who acted (null for the job). */
    actorId: uuid('actor_id'),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('funding_events_request_idx').on(table.fundingRequestId, table.at)],
);

/**
 * A bank-connection session (spec sections 3, 4 and 7: `bankConnection/request`), its status
 * as the vendor reports it, and the accounts it returned (vendor JSON, encrypted, bound to the
 * row's id). A pending request older than 30 minutes answers expired.
 */
export const bankConnectionRequests = pgTable(
  'bank_connection_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    /** `initiated`, `pending`, `connected`, `failed`, `expired` or `cancelled`. */
    status: text('status').notNull().default('initiated'),
    loginId: text('login_id'),
    failure: text('failure'),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    resolvesAt: timestamp('resolves_at', { withTimezone: true }),
    accountsEncrypted: text('accounts_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bank_connection_requests_user_idx').on(table.userId, table.createdAt),
    index('bank_connection_requests_login_idx').on(table.loginId),
  ],
);

/**
 * The sandbox bank's clock (docs/sandbox.md): one row (id 1); `today` null means the real
 * today in America/Toronto. Tests and demos move it to make debits settle.
 */
export const sandboxBankClock = pgTable('sandbox_bank_clock', {
  id: integer('id').primaryKey(),
  today: date('today', { mode: 'string' }),
});

/**
 * Transfers in from another institution (issue 15; spec sections 3, 4 and 7; ADR 0021). The
 * delivering account number is encrypted with the field cipher bound to the row's id, and only
 * its last 3 digits are shown; the statement's holders and address (they carry SINs) and an
 * RESP's contract numbers are encrypted JSON. `status` stays null until the authorization is
 * signed (unsigned transfers are never processed); then it is a transfer-in status of
 * packages/domain (52..59), or the funding status CANCELLED_BY_CLIENT (62) once cancelled. The
 * processing job claims rows with `FOR UPDATE SKIP LOCKED` and a lease, as settlement does.
 */
export const transferRequests = pgTable(
  'transfer_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    toAccountId: uuid('to_account_id')
      .notNull()
      .references(() => clientAccounts.id, { onDelete: 'cascade' }),
    /** The id of packages/domain's delivering-institution list. */
    fromInstitutionId: text('from_institution_id').notNull(),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast3: text('account_number_last3').notNull(),
    /** The delivering plan as the transfer rules name it (`rrsp`, `lira`, ...). */
    accountType: text('account_type').notNull(),
    /** The pension law of a locked-in delivering plan. */
    deliveringJurisdiction: text('delivering_jurisdiction'),
    transferTypeId: integer('transfer_type_id').notNull(),
    approximateValueCents: bigint('approximate_value_cents', { mode: 'number' }).notNull(),
    liquidationValueCents: bigint('liquidation_value_cents', { mode: 'number' }),
    /** The other firm's transfer-out fee, which the offer refunds. */
    transferFeeCents: bigint('transfer_fee_cents', { mode: 'number' }).notNull().default(0),
    mutualFunds: boolean('mutual_funds').notNull().default(false),
    /** How a RRIF or LIF moved in kind pays this year's unpaid minimum. */
    unpaidMinimum: text('unpaid_minimum'),
    /** `{holders, address}` as the statement prints them, encrypted. */
    statementEncrypted: text('statement_encrypted').notNull(),
    /** `{deliveringContractNumber, receivingContractNumber}` of an RESP, encrypted. */
    respEncrypted: text('resp_encrypted'),
    statementDocumentId: uuid('statement_document_id').references(() => applicationDocuments.id, {
      onDelete: 'set null',
    }),
    /** The language of the authorization and of the mails about this transfer. */
    language: text('language').notNull(),
    esignProvider: text('esign_provider'),
    esignEnvelopeId: text('esign_envelope_id'),
    /** `UNSIGNED` or `SIGNED` (packages/domain `esignStatuses`). */
    esignStatus: text('esign_status').notNull().default('UNSIGNED'),
    status: integer('status'),
    signedOn: date('signed_on', { mode: 'string' }),
    expectedEarliest: date('expected_earliest', { mode: 'string' }),
    expectedLatest: date('expected_latest', { mode: 'string' }),
    /** The bank date the request went to the delivering firm (SENT_TO_DP). */
    sentOn: date('sent_on', { mode: 'string' }),
    /** The bank date it reached PROCESSED or DECLINED. */
    completedOn: date('completed_on', { mode: 'string' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('transfer_requests_user_idx').on(table.userId, table.createdAt),
    index('transfer_requests_account_idx').on(table.toAccountId, table.createdAt),
    index('transfer_requests_status_idx').on(table.status, table.signedOn),
    // The vendor's webhook names the envelope, not the transfer.
    index('transfer_requests_envelope_idx').on(table.esignProvider, table.esignEnvelopeId),
  ],
);

/** The lines of a partial transfer (spec section 5: trade-instruction rows), in order. */
export const transferLines = pgTable(
  'transfer_lines',
  {
    transferRequestId: uuid('transfer_request_id')
      .notNull()
      .references(() => transferRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** `inKind`, `inCash` or `cash` (packages/domain `transferLineKinds`). */
    kind: text('kind').notNull(),
    symbol: text('symbol'),
    securityName: text('security_name'),
    /** Units may be fractional (mutual funds). */
    quantity: doublePrecision('quantity'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.transferRequestId, table.position] })],
);

/** Every status change of a transfer, written in the same transaction as the change. */
export const transferEvents = pgTable(
  'transfer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferRequestId: uuid('transfer_request_id')
      .notNull()
      .references(() => transferRequests.id, { onDelete: 'cascade' }),
    /** `client`, `esign` (the vendor's webhook or a forced check), `job` or `staff`. */
    actor: text('actor').notNull(),
    /** The person who acted (null for the job and the vendor). */
    actorId: uuid('actor_id'),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('transfer_events_request_idx').on(table.transferRequestId, table.at)],
);

/**
 * The RRIF payout setup of one income fund an application opens (issue 15; spec section 3),
 * one row per fund account. The spouse's SIN is encrypted with the field cipher, bound to the
 * row (only its last 3 digits are kept plain); `first_payment_made` turns the choice of whose
 * age sets the minimum into a fixed one. Each save is written to the application's audit trail.
 */
export const rifPayoutSetups = pgTable(
  'rif_payout_setups',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The RRIF, spousal RRIF, LIF, RLIF or PRIF paying out. */
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccounts.id, { onDelete: 'cascade' }),
    minPaymentTypeId: integer('min_payment_type_id').notNull(),
    spouseSinEncrypted: text('spouse_sin_encrypted'),
    spouseSinLast3: text('spouse_sin_last3'),
    spouseBirthDate: date('spouse_birth_date', { mode: 'string' }),
    annualPaymentTypeId: integer('annual_payment_type_id').notNull(),
    /** `G` or `N`. */
    grossOrNet: text('gross_or_net').notNull(),
    otherAmountCents: bigint('other_amount_cents', { mode: 'number' }),
    taxCalcOptionTypeId: integer('tax_calc_option_type_id'),
    taxOptionPercent: doublePrecision('tax_option_percent'),
    taxPercentTypeId: integer('tax_percent_type_id'),
    payoutFrequencyId: integer('payout_frequency_id').notNull(),
    startDateTypeId: integer('start_date_type_id').notNull(),
    paymentStartMonth: integer('payment_start_month').notNull(),
    paymentStartYear: integer('payment_start_year').notNull(),
    paymentByTypeId: integer('payment_by_type_id').notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    payoutAccountId: uuid('payout_account_id').references(() => clientAccounts.id, {
      onDelete: 'set null',
    }),
    /** The client's estimate of the fund's value, for the amounts shown before January 1. */
    estimatedFundValueCents: bigint('estimated_fund_value_cents', { mode: 'number' }),
    /** The year the fund was set up: no minimum is due that year. */
    setupYear: integer('setup_year').notNull(),
    firstPaymentMade: boolean('first_payment_made').notNull().default(false),
    /** The language of the confirmation mails. */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('rif_payout_setups_account_idx').on(table.clientAccountId),
    index('rif_payout_setups_application_idx').on(table.applicationId),
    index('rif_payout_setups_user_idx').on(table.userId),
  ],
);

/**
 * An application in the hands of operations (issue 16; ADR 0023): written when it reaches
 * under review, with what the queue filters on (so the queue never reads the answers), the
 * four-eyes approval of a PEP/HIO application, the decision, and the PEP/HIO form's due date.
 */
export const reviewCases = pgTable(
  'review_cases',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    /** The primary applicant's province of residence (`ON`, `QC`, ...), when in Canada. */
    province: text('province'),
    /** The named account types chosen (`tfsa`, `usCash`, ...). */
    accountTypes: jsonb('account_types').$type<string[]>().notNull().default([]),
    joint: boolean('joint').notNull().default(false),
    pep: boolean('pep').notNull().default(false),
    /** A PEP/HIO application's first approval; the second must come from someone else. */
    firstApprovalBy: uuid('first_approval_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    firstApprovalAt: timestamp('first_approval_at', { withTimezone: true }),
    declineCategory: text('decline_category'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The PEP/HIO form's last day (spec section 9: 21 days after submission); null: none due. */
    pepFormDueOn: date('pep_form_due_on', { mode: 'string' }),
    pepFormReceivedAt: timestamp('pep_form_received_at', { withTimezone: true }),
    /** Reminders mailed (at 7 and 14 days). */
    pepRemindersSent: integer('pep_reminders_sent').notNull().default(0),
  },
  (table) => [
    index('review_cases_submitted_idx').on(table.submittedAt),
    index('review_cases_pep_due_idx').on(table.pepFormDueOn),
  ],
);

/**
 * Who is working on a queue item (issue 16): claiming locks it for CLAIM_MINUTES, renewed by
 * claiming again; an expired claim may be taken by anyone. One row per item, taken with one
 * atomic upsert, so two staff members never hold the same item.
 */
export const workClaims = pgTable(
  'work_claims',
  {
    /** `application`, `identity`, `funding` or `transfer` (packages/domain `claimKinds`). */
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.itemId] })],
);

/**
 * What operations asked an applicant (issue 16): the message is shown to them as written; their
 * answer may hold personal information and is encrypted with the field cipher, bound to the row.
 */
export const informationRequests = pgTable(
  'information_requests',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    askedBy: uuid('asked_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    documentTypes: jsonb('document_types').$type<string[]>().notNull().default([]),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerEncrypted: text('answer_encrypted'),
    answerDocumentIds: jsonb('answer_document_ids').$type<string[]>().notNull().default([]),
  },
  (table) => [index('information_requests_application_idx').on(table.applicationId, table.askedAt)],
);

/**
 * A PEP/HIO applicant's form (issue 16; spec section 9), answered on screen or uploaded as the
 * completed PDF: the answers are encrypted with the field cipher, bound to the row.
 */
export const pepForms = pgTable('pep_forms', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  submittedBy: uuid('submitted_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  answersEncrypted: text('answers_encrypted'),
  documentId: uuid('document_id').references(() => applicationDocuments.id, {
    onDelete: 'set null',
  }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An advisor's book of investors (issue 17): who the advisor can invite to an express
 * application. Names and email stay searchable; the birth date, postal code and the rest of
 * what prefills the application are sealed (`details_encrypted`, ADR 0008).
 */
export const advisorInvestors = pgTable(
  'advisor_investors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    detailsEncrypted: text('details_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('advisor_investors_advisor_idx').on(table.advisorId, table.lastName),
    uniqueIndex('advisor_investors_email_idx').on(table.advisorId, table.email),
  ],
);

/**
 * Express invitations (issue 17): a single-use link, only its token's hash kept, valid until
 * `expires_at`; a newer invitation to the same investor voids the older ones (`voided_at`).
 * The states the advisor sees come from these times and the application's status.
 */
export const expressInvitations = pgTable(
  'express_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => advisorInvestors.id, { onDelete: 'cascade' }),
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The named account types the advisor proposes (`tfsa`, `rsp`, ...). */
    accountTypes: jsonb('account_types').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Wrong birth dates or postal codes in a row, and the lock they earn (a throttle). */
    confirmFailures: integer('confirm_failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('express_invitations_token_idx').on(table.tokenHash),
    index('express_invitations_investor_idx').on(table.investorId, table.createdAt),
    index('express_invitations_advisor_idx').on(table.advisorId, table.createdAt),
    index('express_invitations_application_idx').on(table.applicationId),
  ],
);

/**
 * Who is already a client (issue 17): keyed hashes (HMAC, ADR 0008) of each onboarded
 * person's email, SIN and birth date, so a new profile is checked without decrypting anyone.
 */
export const clientIdentities = pgTable(
  'client_identities',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    sinHash: text('sin_hash').notNull(),
    birthDateHash: text('birth_date_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_identities_sin_idx').on(table.sinHash),
    index('client_identities_email_idx').on(table.emailHash),
  ],
);

/**
 * Promo codes as data (issue 17): validity dates, the account types they apply to (empty:
 * all), the offer's words in both languages. Codes are stored upper-cased.
 */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  accountTypes: jsonb('account_types').$type<string[]>().notNull().default([]),
  offerEn: text('offer_en').notNull(),
  offerFr: text('offer_fr').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Work emails proved by a code (issue 17: partner employees), per person and address. */
export const verifiedWorkEmails = pgTable(
  'verified_work_emails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);
