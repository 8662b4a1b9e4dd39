-- Every change to what the expert listing filters or sorts by is announced on the expert_listing channel
-- with the expert's id, after commit; each app server keeps its in-memory directory current from these.
-- Presence (last_seen_at) and other columns the listing does not search or sort by announce nothing.
CREATE FUNCTION notify_expert_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('expert_listing', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER experts_listing_insert_delete AFTER INSERT OR DELETE ON experts
  FOR EACH ROW EXECUTE FUNCTION notify_expert_listing();
--> statement-breakpoint
CREATE TRIGGER experts_listing_update AFTER UPDATE ON experts
  FOR EACH ROW
  WHEN ((OLD.status, OLD.name, OLD.specialty, OLD.city, OLD.state, OLD.zip_code, OLD.certifications, OLD.rating,
         OLD.review_count, OLD.experience, OLD.video_rate_cents, OLD.onsite_rate_cents, OLD.service_types, OLD.available)
        IS DISTINCT FROM
        (NEW.status, NEW.name, NEW.specialty, NEW.city, NEW.state, NEW.zip_code, NEW.certifications, NEW.rating,
         NEW.review_count, NEW.experience, NEW.video_rate_cents, NEW.onsite_rate_cents, NEW.service_types, NEW.available))
  EXECUTE FUNCTION notify_expert_listing();
