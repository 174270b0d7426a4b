CREATE TABLE "audit_chain" (
	"position" bigint PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"chained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_chain_event_idx" ON "audit_chain" USING btree ("event_id");--> statement-breakpoint
CREATE FUNCTION "refuse_audit_chain_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_chain is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_append_only" BEFORE UPDATE OR DELETE ON "audit_chain" FOR EACH ROW EXECUTE FUNCTION "refuse_audit_chain_change"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_audit_chain_change"();
