CREATE TABLE "rif_payout_setups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_account_id" uuid NOT NULL,
	"min_payment_type_id" integer NOT NULL,
	"spouse_sin_encrypted" text,
	"spouse_sin_last3" text,
	"spouse_birth_date" date,
	"annual_payment_type_id" integer NOT NULL,
	"gross_or_net" text NOT NULL,
	"other_amount_cents" bigint,
	"tax_calc_option_type_id" integer,
	"tax_option_percent" double precision,
	"tax_percent_type_id" integer,
	"payout_frequency_id" integer NOT NULL,
	"start_date_type_id" integer NOT NULL,
	"payment_start_month" integer NOT NULL,
	"payment_start_year" integer NOT NULL,
	"payment_by_type_id" integer NOT NULL,
	"bank_account_id" uuid,
	"payout_account_id" uuid,
	"estimated_fund_value_cents" bigint,
	"setup_year" integer NOT NULL,
	"first_payment_made" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rif_payout_setups" ADD CONSTRAINT "rif_payout_setups_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payout_setups" ADD CONSTRAINT "rif_payout_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payout_setups" ADD CONSTRAINT "rif_payout_setups_client_account_id_client_accounts_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payout_setups" ADD CONSTRAINT "rif_payout_setups_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rif_payout_setups" ADD CONSTRAINT "rif_payout_setups_payout_account_id_client_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."client_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rif_payout_setups_account_idx" ON "rif_payout_setups" USING btree ("client_account_id");--> statement-breakpoint
CREATE INDEX "rif_payout_setups_application_idx" ON "rif_payout_setups" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "rif_payout_setups_user_idx" ON "rif_payout_setups" USING btree ("user_id");