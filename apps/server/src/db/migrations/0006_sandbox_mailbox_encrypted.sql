-- The sandbox mailbox kept codes and links in plain text; what it held is demonstration mail
-- that cannot be encrypted in SQL, so it is cleared rather than kept readable.
DELETE FROM "sandbox_mailbox";--> statement-breakpoint
ALTER TABLE "sandbox_mailbox" ADD COLUMN "content_encrypted" text NOT NULL;
