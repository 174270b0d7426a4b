CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD COLUMN "event_encrypted" text;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD CONSTRAINT "webhook_receipts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_receipts_problem_idx" ON "webhook_receipts" USING btree ("received_at") WHERE "webhook_receipts"."problem" is not null and "webhook_receipts"."resolved_at" is null;