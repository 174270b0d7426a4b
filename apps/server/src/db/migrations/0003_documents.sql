CREATE TABLE "application_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"document_type" text NOT NULL,
	"reason_encrypted" text,
	"file_name_encrypted" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content_encrypted" "bytea" NOT NULL,
	"content_fingerprint" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_fingerprint_idx" ON "application_documents" USING btree ("application_id","content_fingerprint");--> statement-breakpoint
CREATE INDEX "application_documents_application_idx" ON "application_documents" USING btree ("application_id","uploaded_at");