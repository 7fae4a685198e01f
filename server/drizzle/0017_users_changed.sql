-- A changed or deleted user row sends `NOTIFY users_changed` with the user's id (an empty payload after a
-- TRUNCATE: every user), delivered when its transaction commits. On PGlite the server keeps the rows it
-- authenticates with in memory and forgets one on this notice (server/src/modules/auth/authenticate.ts). On
-- PostgreSQL nobody listens: other processes would learn of a suspension only after its commit. A new row needs
-- no notice: nothing is kept for a user that did not exist.
CREATE FUNCTION notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users_changed', CASE WHEN TG_LEVEL = 'ROW' THEN OLD.id::text ELSE '' END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_users_changed();--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_users_changed();
