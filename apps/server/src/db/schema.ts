/**
 * The database schema, one file per module under schema/ (issue 32). drizzle-kit reads this
 * file (drizzle.config.ts), and the code imports every table from here.
 */
export * from './schema/references.ts';
export * from './schema/users.ts';
export * from './schema/security.ts';
export * from './schema/errors.ts';
export * from './schema/rate-limit.ts';
export * from './schema/applications.ts';
export * from './schema/documents.ts';
export * from './schema/outbox.ts';
export * from './schema/co-auth-code.ts';
export * from './schema/esign.ts';
export * from './schema/webhooks.ts';
export * from './schema/identity.ts';
export * from './schema/identity-capture.ts';
export * from './schema/funding.ts';
export * from './schema/bank-connection.ts';
export * from './schema/transfers.ts';
export * from './schema/rif-funding.ts';
export * from './schema/operations.ts';
export * from './schema/advisor.ts';
export * from './schema/client-identities.ts';
export * from './schema/promo.ts';
export * from './schema/ledger.ts';
export * from './schema/payment-files.ts';
export * from './schema/audit-chain.ts';
export * from './schema/retention.ts';
