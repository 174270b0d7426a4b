CREATE TABLE "sandbox_webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"path" text NOT NULL,
	"body_encrypted" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"role" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_receipts_role_event_id_pk" PRIMARY KEY("role","event_id")
);
--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_due_idx" ON "sandbox_webhook_deliveries" USING btree ("delivered_at","due_at");