CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"push" boolean NOT NULL,
	"text" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_expired', 'booking_cancelled', 'booking_rescheduled', 'booking_reminder', 'messages_waiting', 'service_summary', 'invoice_issued', 'invoice_paid', 'payment_failed', 'invoice_disputed', 'dispute_resolved', 'application_decided', 'maintenance_due'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_expired', 'booking_cancelled', 'booking_rescheduled', 'booking_reminder', 'messages_waiting', 'service_summary', 'invoice_issued', 'invoice_paid', 'payment_failed', 'invoice_disputed', 'dispute_resolved', 'application_decided', 'maintenance_due'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- A person's notifications changed (one written, some read): announced on the live channel after commit, as
-- the fan-out's envelope for the topic notifications:<user id>, so every open page of theirs, on any app
-- server, reads its bell's count again (src/server/features/notifications/routes.ts). A statement that
-- writes or reads many of one person's notifications announces once: identical payloads in one transaction
-- are delivered once.
CREATE FUNCTION notify_live_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live', json_build_object('t', 'notifications:' || NEW.user_id, 'm', 'changed')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_live_insert AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_live_notifications();
--> statement-breakpoint
CREATE TRIGGER notifications_live_read AFTER UPDATE OF read_at ON notifications
  FOR EACH ROW WHEN (OLD.read_at IS DISTINCT FROM NEW.read_at) EXECUTE FUNCTION notify_live_notifications();
