-- A change that may end what a person's live sockets were admitted with is announced on the live channel,
-- after commit, as the fan-out's envelope ({"t": topic, "m": message}) for the topic account:<user id>:
-- a session ending (sign-out, a password changed or reset, deactivation, deletion, an expired session
-- swept, a script), and a change of role, status or deletion. Every app server then checks that person's
-- open sockets against the database at once (src/server/realtime/live-sessions.ts). Identical payloads in
-- one transaction are delivered once, so ending all of a person's sessions is one notification.
CREATE FUNCTION notify_live_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live', json_build_object('t', 'account:' || (to_jsonb(OLD) ->> TG_ARGV[0]), 'm', 'changed')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_live_account_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_live_account('user_id');
--> statement-breakpoint
CREATE TRIGGER users_live_account_update AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.role, OLD.status, OLD.deleted_at) IS DISTINCT FROM (NEW.role, NEW.status, NEW.deleted_at))
  EXECUTE FUNCTION notify_live_account('id');
