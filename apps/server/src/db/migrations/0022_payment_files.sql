CREATE TABLE "payment_file_numbers" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_day" date NOT NULL,
	"currency" text NOT NULL,
	"file_creation_number" integer NOT NULL,
	"name" text NOT NULL,
	"sealed_encrypted" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"clear_sha256" text NOT NULL,
	"pgp_encrypted" boolean NOT NULL,
	"debit_count" integer NOT NULL,
	"debit_total_cents" bigint NOT NULL,
	"credit_count" integer NOT NULL,
	"credit_total_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"last_delivery_error" text,
	"delivered_at" timestamp with time zone,
	"remote_path" text,
	"refused_at" timestamp with time zone,
	"refused_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_files_currency_check" CHECK ("payment_files"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "payment_files_status_check" CHECK ("payment_files"."status" IN ('written', 'delivered', 'refused')),
	CONSTRAINT "payment_files_number_check" CHECK ("payment_files"."file_creation_number" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sequence" bigserial NOT NULL,
	"cross_reference" text NOT NULL,
	"direction" text NOT NULL,
	"funding_request_id" uuid,
	"rif_payout_id" uuid,
	"user_id" uuid NOT NULL,
	"client_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_on" date NOT NULL,
	"transaction_code" integer NOT NULL,
	"file_id" uuid,
	"status" text NOT NULL,
	"return_reason_code" integer,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_items_direction_check" CHECK ("payment_items"."direction" IN ('debit', 'credit')),
	CONSTRAINT "payment_items_currency_check" CHECK ("payment_items"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "payment_items_status_check" CHECK ("payment_items"."status" IN ('queued', 'filed', 'sent', 'settled', 'returned', 'refiled')),
	CONSTRAINT "payment_items_source_check" CHECK (("payment_items"."direction" = 'debit' AND "payment_items"."funding_request_id" IS NOT NULL AND "payment_items"."rif_payout_id" IS NULL)
        OR ("payment_items"."direction" = 'credit' AND "payment_items"."rif_payout_id" IS NOT NULL AND "payment_items"."funding_request_id" IS NULL)),
	CONSTRAINT "payment_items_amount_check" CHECK ("payment_items"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_return_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sha256" text NOT NULL,
	"file_creation_number" integer,
	"creation_date" date,
	"item_count" integer NOT NULL,
	"debit_total_cents" bigint NOT NULL,
	"credit_total_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"return_file_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"segment" integer NOT NULL,
	"item_id" uuid,
	"cross_reference" text NOT NULL,
	"direction" text NOT NULL,
	"reason_code" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_on" date NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rif_payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"setup_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_account_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"scheduled_on" date NOT NULL,
	"paid_on" date NOT NULL,
	"gross_cents" bigint NOT NULL,
	"withholding_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"hold_reason" text,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rif_payouts_status_check" CHECK ("rif_payouts"."status" IN ('due', 'held', 'filed', 'sent', 'paid', 'returned')),
	CONSTRAINT "rif_payouts_amounts_check" CHECK ("rif_payouts"."net_cents" > 0 AND "rif_payouts"."withholding_cents" >= 0 AND "rif_payouts"."gross_cents" = "rif_payouts"."net_cents" + "rif_payouts"."withholding_cents")
);
--> statement-breakpoint
ALTER TABLE "funding_requests" ADD COLUMN "consecutive_nsf" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD COLUMN "stopped_by_return_code" integer;--> statement-breakpoint
ALTER TABLE "rif_payout_setups" ADD COLUMN "destination_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_funding_request_id_funding_requests_id_fk" FOREIGN KEY ("funding_request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_rif_payout_id_rif_payouts_id_fk" FOREIGN KEY ("rif_payout_id") REFERENCES "public"."rif_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_client_account_id_client_accounts_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_file_id_payment_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."payment_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_return_file_id_payment_return_files_id_fk" FOREIGN KEY ("return_file_id") REFERENCES "public"."payment_return_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_item_id_payment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payment_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payouts" ADD CONSTRAINT "rif_payouts_setup_id_rif_payout_setups_id_fk" FOREIGN KEY ("setup_id") REFERENCES "public"."rif_payout_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payouts" ADD CONSTRAINT "rif_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payouts" ADD CONSTRAINT "rif_payouts_client_account_id_client_accounts_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payouts" ADD CONSTRAINT "rif_payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_files_day_currency_idx" ON "payment_files" USING btree ("file_day","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_files_name_idx" ON "payment_files" USING btree ("name");--> statement-breakpoint
CREATE INDEX "payment_files_status_idx" ON "payment_files" USING btree ("status","file_day");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_items_sequence_idx" ON "payment_items" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_items_cross_reference_idx" ON "payment_items" USING btree ("cross_reference");--> statement-breakpoint
CREATE INDEX "payment_items_file_idx" ON "payment_items" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "payment_items_status_idx" ON "payment_items" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "payment_items_request_idx" ON "payment_items" USING btree ("funding_request_id");--> statement-breakpoint
CREATE INDEX "payment_items_payout_idx" ON "payment_items" USING btree ("rif_payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_return_files_sha_idx" ON "payment_return_files" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_returns_position_idx" ON "payment_returns" USING btree ("return_file_id","line","segment");--> statement-breakpoint
CREATE INDEX "payment_returns_item_idx" ON "payment_returns" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rif_payouts_setup_day_idx" ON "rif_payouts" USING btree ("setup_id","scheduled_on");--> statement-breakpoint
CREATE INDEX "rif_payouts_status_idx" ON "rif_payouts" USING btree ("status","paid_on");