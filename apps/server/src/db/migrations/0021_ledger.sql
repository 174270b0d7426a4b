CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"reverses_journal_id" uuid,
	"memo_code" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_currency_check" CHECK ("ledger_journals"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "ledger_journals_kind_check" CHECK (("ledger_journals"."kind" IN ('contributionSent', 'payoutSent', 'withholding') AND "ledger_journals"."reverses_journal_id" IS NULL)
        OR ("ledger_journals"."kind" IN ('contributionReturned', 'padClaim', 'payoutReturned') AND "ledger_journals"."reverses_journal_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"journal_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"ledger_account" text NOT NULL,
	"client_account_id" uuid,
	"side" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_lines_journal_id_line_no_pk" PRIMARY KEY("journal_id","line_no"),
	CONSTRAINT "ledger_lines_side_check" CHECK ("ledger_lines"."side" IN ('debit', 'credit')),
	CONSTRAINT "ledger_lines_amount_check" CHECK ("ledger_lines"."amount_cents" > 0 AND "ledger_lines"."amount_cents" <= 9007199254740991),
	CONSTRAINT "ledger_lines_client_account_check" CHECK (("ledger_lines"."client_account_id" IS NULL AND "ledger_lines"."ledger_account" ~ '^(bankClearing|withholdingPayable):(CAD|USD)$')
        OR ("ledger_lines"."client_account_id" IS NOT NULL AND "ledger_lines"."ledger_account" = 'clientCash:' || "ledger_lines"."client_account_id"::text))
);
--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_reverses_journal_id_ledger_journals_id_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_client_account_id_client_accounts_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_event_idx" ON "ledger_journals" USING btree ("kind","reference_type","reference_id") WHERE "ledger_journals"."reverses_journal_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reverses_idx" ON "ledger_journals" USING btree ("reverses_journal_id");--> statement-breakpoint
CREATE INDEX "ledger_journals_reference_idx" ON "ledger_journals" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_client_account_idx" ON "ledger_lines" USING btree ("client_account_id");--> statement-breakpoint
-- The ledger is a record (ADR 0038): an entry is never edited or deleted, only reversed by a
-- new one. The set-up connects as a superuser, so grants alone would bind nothing; these
-- triggers refuse every UPDATE, DELETE and TRUNCATE of either table, whoever asks.
CREATE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_journals_append_only" BEFORE UPDATE OR DELETE ON "ledger_journals" FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_journals_no_truncate" BEFORE TRUNCATE ON "ledger_journals" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines" FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"();--> statement-breakpoint
-- Every journal balances: checked at commit (a deferred constraint trigger), once its lines are
-- all in, whichever code wrote them. Two or more lines, debits equal to credits and above zero.
CREATE FUNCTION "check_ledger_journal_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  journal uuid;
  line_count integer;
  debits numeric;
  credits numeric;
BEGIN
  -- One function for both tables: NEW's fields are read only in the branch of its table.
  IF TG_TABLE_NAME = 'ledger_journals' THEN
    journal := NEW.id;
  ELSE
    journal := NEW.journal_id;
  END IF;
  SELECT count(*),
         coalesce(sum(amount_cents) FILTER (WHERE side = 'debit'), 0),
         coalesce(sum(amount_cents) FILTER (WHERE side = 'credit'), 0)
    INTO line_count, debits, credits
    FROM ledger_lines WHERE journal_id = journal;
  IF line_count < 2 OR debits <> credits OR debits <= 0 THEN
    RAISE EXCEPTION 'ledger journal % is not balanced (% lines, debits %, credits %)',
      journal, line_count, debits, credits USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_journals_balanced" AFTER INSERT ON "ledger_journals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_ledger_journal_balanced"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_lines_balanced" AFTER INSERT ON "ledger_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_ledger_journal_balanced"();
