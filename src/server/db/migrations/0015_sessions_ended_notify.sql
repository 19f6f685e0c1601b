-- A session that ends tells every instance at once (issue 33): the live sockets it opened are
-- closed (src/server/modules/live/socket.ts). Whatever ends it - a logout, a suspension, an
-- account deleted (cascade), a role taken away, even a change made with psql - the database says
-- so on the live bus's channel when the change commits. An expired session is closed by each
-- instance's own clock, so the hourly sweep of expired rows says nothing.
CREATE OR REPLACE FUNCTION sf_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.expires_at > now() THEN
    PERFORM pg_notify('sf_live', json_build_object('kind', 'session_ended', 'userId', OLD.user_id, 'session', left(OLD.token_hash, 16))::text);
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sf_session_ended();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sf_role_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sf_live', json_build_object('kind', 'session_ended', 'userId', OLD.user_id)::text);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_roles_removed AFTER DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION sf_role_removed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sf_user_suspended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sf_live', json_build_object('kind', 'session_ended', 'userId', NEW.id)::text);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_suspended AFTER UPDATE OF suspended_at ON users FOR EACH ROW
  WHEN (OLD.suspended_at IS NULL AND NEW.suspended_at IS NOT NULL) EXECUTE FUNCTION sf_user_suspended();
