-- Every instance keeps the live tokens it checked lately in memory (ADR 0025). Whatever ends a
-- token, a session or changes a person (their role, their verified address, their language...)
-- tells every instance at commit, whoever wrote it: the application, a script, a console.
-- Payloads name a session id, a person id or a token's hash, never a token.
CREATE FUNCTION "notify_token_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('portal_token_revoked', 'user:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('portal_token_revoked', 'session:' || OLD.id);
  ELSE
    PERFORM pg_notify('portal_token_revoked', 'token:' || OLD.token_hash);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_notify_token_revoked" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_token_revoked"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_revoked" AFTER UPDATE OF "revoked_at", "absolute_expires_at" ON "sessions" FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."absolute_expires_at" IS DISTINCT FROM NEW."absolute_expires_at") EXECUTE FUNCTION "notify_token_revoked"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_deleted" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_token_revoked"();--> statement-breakpoint
CREATE TRIGGER "access_tokens_notify_revoked" AFTER UPDATE OF "revoked_at", "expires_at" ON "access_tokens" FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR NEW."expires_at" < OLD."expires_at") EXECUTE FUNCTION "notify_token_revoked"();--> statement-breakpoint
CREATE TRIGGER "access_tokens_notify_deleted" AFTER DELETE ON "access_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_token_revoked"();
