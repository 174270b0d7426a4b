CREATE TABLE "application_signatures" (
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"signer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"envelope_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "application_signatures_application_id_role_pk" PRIMARY KEY("application_id","role")
);
--> statement-breakpoint
CREATE TABLE "co_auth_codes" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"invitee_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"template" text NOT NULL,
	"content_encrypted" text NOT NULL,
	"application_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_esign_envelopes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"signer_email" text NOT NULL,
	"signer_name" text NOT NULL,
	"language" text NOT NULL,
	"document_name" text NOT NULL,
	"document_encrypted" "bytea" NOT NULL,
	"return_path" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_mailbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_message_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "joint_user_id" uuid;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD CONSTRAINT "application_signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_auth_codes" ADD CONSTRAINT "co_auth_codes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_auth_codes" ADD CONSTRAINT "co_auth_codes_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_auth_codes_invitee_idx" ON "co_auth_codes" USING btree ("invitee_email");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_mailbox_outbox_idx" ON "sandbox_mailbox" USING btree ("outbox_message_id");--> statement-breakpoint
CREATE INDEX "sandbox_mailbox_recipient_idx" ON "sandbox_mailbox" USING btree ("recipient","delivered_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_joint_user_id_users_id_fk" FOREIGN KEY ("joint_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_joint_user_idx" ON "applications" USING btree ("joint_user_id");