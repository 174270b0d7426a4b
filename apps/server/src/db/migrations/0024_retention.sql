CREATE TABLE "application_retention" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"account_closed_at" timestamp with time zone,
	"legal_hold" boolean DEFAULT false NOT NULL,
	"legal_hold_reason" text,
	"legal_hold_since" timestamp with time zone,
	"legal_hold_by" uuid,
	"abandoned_reminder_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_retention" ADD CONSTRAINT "application_retention_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_retention_closed_idx" ON "application_retention" USING btree ("account_closed_at");