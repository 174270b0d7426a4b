/**
 * Mail and SMS: the transactional outbox and the sandbox mailbox (modules/outbox, providers/mail).
 */

import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    /**
     * `pending` until sent, then `sent`; `refused` when the vendor refused it for good (an
     * invalid number, a recipient who opted out): never retried, `deliveryReason` says why.
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The vendor's id of the message (Twilio's `MessageSid`), to match its delivery reports. */
    vendorReference: text('vendor_reference'),
    /**
     * What the vendor last reported (`queued`, `sent`, `delivered`, `undelivered`, `failed`);
     * a report older than the one recorded changes nothing.
     */
    deliveryStatus: text('delivery_status'),
    /** Why it did not arrive, as the person is told (`smsOptedOut`, `smsUndeliverable`, ...). */
    deliveryReason: text('delivery_reason'),
    /** The vendor's error code behind `deliveryReason` (`21610`, `30003`), for operations. */
    deliveryErrorCode: text('delivery_error_code'),
    deliveryUpdatedAt: timestamp('delivery_updated_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_due_idx').on(table.status, table.nextAttemptAt),
    uniqueIndex('outbox_messages_vendor_reference_idx').on(table.vendorReference),
    // Why the last text to a number did not arrive is read on pages that poll (the identity
    // step's hand-off): by recipient, newest first.
    index('outbox_messages_recipient_idx').on(table.recipient, table.createdAt),
  ],
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
