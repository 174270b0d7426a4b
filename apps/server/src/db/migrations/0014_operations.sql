CREATE TABLE "information_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"asked_by" uuid NOT NULL,
	"message" text NOT NULL,
	"document_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"answer_encrypted" text,
	"answer_document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pep_forms" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"submitted_by" uuid NOT NULL,
	"answers_encrypted" text,
	"document_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_cases" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"province" text,
	"account_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"joint" boolean DEFAULT false NOT NULL,
	"pep" boolean DEFAULT false NOT NULL,
	"first_approval_by" uuid,
	"first_approval_at" timestamp with time zone,
	"decline_category" text,
	"decided_at" timestamp with time zone,
	"pep_form_due_on" date,
	"pep_form_received_at" timestamp with time zone,
	"pep_reminders_sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_claims" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_claims_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_requests" ADD CONSTRAINT "information_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pep_forms" ADD CONSTRAINT "pep_forms_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pep_forms" ADD CONSTRAINT "pep_forms_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pep_forms" ADD CONSTRAINT "pep_forms_document_id_application_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."application_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cases" ADD CONSTRAINT "review_cases_first_approval_by_users_id_fk" FOREIGN KEY ("first_approval_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_claims" ADD CONSTRAINT "work_claims_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "information_requests_application_idx" ON "information_requests" USING btree ("application_id","asked_at");--> statement-breakpoint
CREATE INDEX "review_cases_submitted_idx" ON "review_cases" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "review_cases_pep_due_idx" ON "review_cases" USING btree ("pep_form_due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "client_accounts_number_idx" ON "client_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_ib_id_idx" ON "users" USING btree ("ib_id");--> statement-breakpoint
-- Account and client numbers (issue 16): 7 digits from these sequences, then a check digit.
CREATE SEQUENCE "account_number_seq" START WITH 1000000 MINVALUE 1000000 MAXVALUE 9999999 NO CYCLE;--> statement-breakpoint
CREATE SEQUENCE "client_number_seq" START WITH 1000000 MINVALUE 1000000 MAXVALUE 9999999 NO CYCLE;--> statement-breakpoint
-- The audit trail is append-only: the set-up connects as a superuser, so grants alone would
-- bind nothing; this trigger refuses every UPDATE and DELETE of an audit row, whoever asks.
CREATE FUNCTION "refuse_audit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "refuse_audit_change"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_audit_change"();
