import {
  boolean,
  customType,
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_idx').on(table.email)],
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
  },
  (table) => [uniqueIndex('sessions_secret_hash_idx').on(table.secretHash)],
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
 * Failed sign-ins per account and per address, in the database so that every instance behind
 * the load balancer counts the same attempts.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  /** `account:<email>` or `address:<ip>`. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('applications_owner_idx').on(table.ownerId, table.updatedAt)],
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
