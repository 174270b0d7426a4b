/** Applications, their saved steps and their audit trail (modules/applications). */

import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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
