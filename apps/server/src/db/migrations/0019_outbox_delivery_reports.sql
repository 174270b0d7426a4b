ALTER TABLE "outbox_messages" ADD COLUMN "vendor_reference" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_reason" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_error_code" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_vendor_reference_idx" ON "outbox_messages" USING btree ("vendor_reference");