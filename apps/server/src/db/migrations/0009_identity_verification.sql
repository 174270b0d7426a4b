CREATE TABLE "identity_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"outcome" text DEFAULT 'inProgress' NOT NULL,
	"reason" text,
	"vendor" text,
	"vendor_reference" text,
	"verified_name_encrypted" text,
	"record_encrypted" text,
	"working_encrypted" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_captures" (
	"attempt_id" uuid NOT NULL,
	"side" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name_encrypted" text NOT NULL,
	"content_encrypted" "bytea" NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_captures_attempt_id_side_pk" PRIMARY KEY("attempt_id","side")
);
--> statement-breakpoint
CREATE TABLE "identity_handoffs" (
	"attempt_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"short_code_hash" text NOT NULL,
	"stage" text DEFAULT 'sent' NOT NULL,
	"document_type" text,
	"phone_encrypted" text,
	"sms_sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'notStarted' NOT NULL,
	"method" text,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_application_id_role_pk" PRIMARY KEY("application_id","role")
);
--> statement-breakpoint
CREATE TABLE "sandbox_identity_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"state_encrypted" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_captures" ADD CONSTRAINT "identity_captures_attempt_id_identity_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."identity_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_handoffs" ADD CONSTRAINT "identity_handoffs_attempt_id_identity_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."identity_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_attempts_person_idx" ON "identity_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "identity_attempts_application_idx" ON "identity_attempts" USING btree ("application_id","role","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_attempts_vendor_reference_idx" ON "identity_attempts" USING btree ("vendor","vendor_reference");--> statement-breakpoint
CREATE INDEX "identity_attempts_outcome_idx" ON "identity_attempts" USING btree ("outcome","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_handoffs_token_idx" ON "identity_handoffs" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_handoffs_short_code_idx" ON "identity_handoffs" USING btree ("short_code_hash");--> statement-breakpoint
CREATE INDEX "identity_verifications_state_idx" ON "identity_verifications" USING btree ("state","updated_at");