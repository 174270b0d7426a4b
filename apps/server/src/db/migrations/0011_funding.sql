CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"nickname" text NOT NULL,
	"institution_number" text NOT NULL,
	"institution_name" text NOT NULL,
	"transit_number" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_number_last3" text NOT NULL,
	"account_number_hash" text NOT NULL,
	"currency_type_id" integer NOT NULL,
	"document_id" uuid,
	"connection_id" uuid,
	"holder_name_encrypted" text,
	"holder_matches" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_connection_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid,
	"status" text DEFAULT 'initiated' NOT NULL,
	"login_id" text,
	"failure" text,
	"pending_since" timestamp with time zone,
	"resolves_at" timestamp with time zone,
	"accounts_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"account_type_name" text NOT NULL,
	"account_type_id" integer NOT NULL,
	"currency_type_id" integer NOT NULL,
	"ownership_type_id" integer NOT NULL,
	"account_number" text,
	"eft_eligible" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"funding_request_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"parent_id" uuid,
	"funding_type_id" integer NOT NULL,
	"frequency_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"start_date" date NOT NULL,
	"next_debit_date" date,
	"status" integer NOT NULL,
	"effective_date" date,
	"sent_on" date,
	"pre_notification_waived" boolean NOT NULL,
	"tax_year" integer,
	"agreement_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_date" date,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pad_agreements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"funding_request_id" uuid NOT NULL,
	"language" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"pdf_encrypted" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"confirmation_due" date,
	"confirmation_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"today" date
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_document_id_application_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."application_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_connection_id_bank_connection_requests_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."bank_connection_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connection_requests" ADD CONSTRAINT "bank_connection_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_connection_requests" ADD CONSTRAINT "bank_connection_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_events" ADD CONSTRAINT "funding_events_funding_request_id_funding_requests_id_fk" FOREIGN KEY ("funding_request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_to_account_id_client_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."client_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_parent_id_funding_requests_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_agreements" ADD CONSTRAINT "pad_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pad_agreements" ADD CONSTRAINT "pad_agreements_funding_request_id_funding_requests_id_fk" FOREIGN KEY ("funding_request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_user_hash_idx" ON "bank_accounts" USING btree ("user_id","account_number_hash");--> statement-breakpoint
CREATE INDEX "bank_connection_requests_user_idx" ON "bank_connection_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_connection_requests_login_idx" ON "bank_connection_requests" USING btree ("login_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_accounts_application_type_idx" ON "client_accounts" USING btree ("application_id","account_type_name");--> statement-breakpoint
CREATE INDEX "client_accounts_owner_idx" ON "client_accounts" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "funding_events_request_idx" ON "funding_events" USING btree ("funding_request_id","at");--> statement-breakpoint
CREATE INDEX "funding_requests_user_idx" ON "funding_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "funding_requests_status_idx" ON "funding_requests" USING btree ("status","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_requests_parent_date_idx" ON "funding_requests" USING btree ("parent_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "pad_agreements_request_idx" ON "pad_agreements" USING btree ("funding_request_id");--> statement-breakpoint
CREATE INDEX "pad_agreements_confirmation_idx" ON "pad_agreements" USING btree ("confirmation_sent_at","confirmation_due");