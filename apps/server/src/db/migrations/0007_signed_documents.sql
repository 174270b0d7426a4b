-- Each applicant's copy of the application as signed (issue 12), encrypted at rest (ADR 0008).
ALTER TABLE "application_signatures" ADD COLUMN "signed_document_name" text;--> statement-breakpoint
ALTER TABLE "application_signatures" ADD COLUMN "signed_document_encrypted" "bytea";