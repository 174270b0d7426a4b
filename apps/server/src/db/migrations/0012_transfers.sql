CREATE TABLE "transfer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_request_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_lines" (
	"transfer_request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"symbol" text,
	"security_name" text,
	"quantity" double precision,
	"amount_cents" bigint,
	CONSTRAINT "transfer_lines_transfer_request_id_position_pk" PRIMARY KEY("transfer_request_id","position")
);
--> statement-breakpoint
CREATE TABLE "transfer_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"to_account_id" uuid NOT NULL,
	"from_institution_id" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_number_last3" text NOT NULL,
	"account_type" text NOT NULL,
	"delivering_jurisdiction" text,
	"transfer_type_id" integer NOT NULL,
	"approximate_value_cents" bigint NOT NULL,
	"liquidation_value_cents" bigint,
	"transfer_fee_cents" bigint DEFAULT 0 NOT NULL,
	"mutual_funds" boolean DEFAULT false NOT NULL,
	"unpaid_minimum" text,
	"statement_encrypted" text NOT NULL,
	"resp_encrypted" text,
	"statement_document_id" uuid,
	"language" text NOT NULL,
	"esign_provider" text,
	"esign_envelope_id" text,
	"esign_status" text DEFAULT 'UNSIGNED' NOT NULL,
	"status" integer,
	"signed_on" date,
	"expected_earliest" date,
	"expected_latest" date,
	"sent_on" date,
	"completed_on" date,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_transfer_request_id_transfer_requests_id_fk" FOREIGN KEY ("transfer_request_id") REFERENCES "public"."transfer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD CONSTRAINT "transfer_lines_transfer_request_id_transfer_requests_id_fk" FOREIGN KEY ("transfer_request_id") REFERENCES "public"."transfer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_to_account_id_client_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."client_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_statement_document_id_application_documents_id_fk" FOREIGN KEY ("statement_document_id") REFERENCES "public"."application_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_events_request_idx" ON "transfer_events" USING btree ("transfer_request_id","at");--> statement-breakpoint
CREATE INDEX "transfer_requests_user_idx" ON "transfer_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_account_idx" ON "transfer_requests" USING btree ("to_account_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_status_idx" ON "transfer_requests" USING btree ("status","signed_on");--> statement-breakpoint
CREATE INDEX "transfer_requests_envelope_idx" ON "transfer_requests" USING btree ("esign_provider","esign_envelope_id");