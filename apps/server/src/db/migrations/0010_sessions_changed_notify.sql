-- Decision 019: each server instance keeps its answers to the session check (session, user row, profile ids) and
-- drops a user's when NOTIFY sessions_changed names them, delivered on commit to every instance's LISTEN connection.
-- Triggers, not application calls, so no write path can forget it. The payload is the user's id; a TRUNCATE sends ''
-- (everything goes). The sessions trigger ignores last_seen_at, which the check itself writes every 5 minutes.
CREATE OR REPLACE FUNCTION sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('sessions_changed', '');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('sessions_changed', OLD.id::text);
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM pg_notify('sessions_changed', OLD.user_id::text);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM pg_notify('sessions_changed', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_sessions_changed AFTER UPDATE OF ended_at, roles, expires_at, user_id OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER profile_parents_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON profile_parents FOR EACH ROW EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncate_sessions_changed AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncate_sessions_changed AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
--> statement-breakpoint
CREATE TRIGGER profile_parents_truncate_sessions_changed AFTER TRUNCATE ON profile_parents FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();
