CREATE TABLE "reference_values" (
	"list" text NOT NULL,
	"id" integer NOT NULL,
	"description" text NOT NULL,
	"description_fr" text NOT NULL,
	"parent_id" integer,
	"sort_order" integer NOT NULL,
	CONSTRAINT "reference_values_list_id_pk" PRIMARY KEY("list","id")
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reference_values_list_order_idx" ON "reference_values" USING btree ("list","sort_order");