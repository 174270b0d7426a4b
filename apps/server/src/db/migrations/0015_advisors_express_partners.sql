CREATE TABLE "advisor_investors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisor_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"details_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"sin_hash" text NOT NULL,
	"birth_date_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "express_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"account_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirm_failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"accepted_by" uuid,
	"application_id" uuid,
	"started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"account_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offer_en" text NOT NULL,
	"offer_fr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_work_emails" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_work_emails_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "partner_agreement" jsonb;--> statement-breakpoint
ALTER TABLE "advisor_investors" ADD CONSTRAINT "advisor_investors_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identities" ADD CONSTRAINT "client_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_invitations" ADD CONSTRAINT "express_invitations_investor_id_advisor_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."advisor_investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_invitations" ADD CONSTRAINT "express_invitations_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_invitations" ADD CONSTRAINT "express_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_invitations" ADD CONSTRAINT "express_invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_work_emails" ADD CONSTRAINT "verified_work_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_investors_advisor_idx" ON "advisor_investors" USING btree ("advisor_id","last_name");--> statement-breakpoint
CREATE UNIQUE INDEX "advisor_investors_email_idx" ON "advisor_investors" USING btree ("advisor_id","email");--> statement-breakpoint
CREATE INDEX "client_identities_sin_idx" ON "client_identities" USING btree ("sin_hash");--> statement-breakpoint
CREATE INDEX "client_identities_email_idx" ON "client_identities" USING btree ("email_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "express_invitations_token_idx" ON "express_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "express_invitations_investor_idx" ON "express_invitations" USING btree ("investor_id","created_at");--> statement-breakpoint
CREATE INDEX "express_invitations_advisor_idx" ON "express_invitations" USING btree ("advisor_id","created_at");--> statement-breakpoint
CREATE INDEX "express_invitations_application_idx" ON "express_invitations" USING btree ("application_id");