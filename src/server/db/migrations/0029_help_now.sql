CREATE TABLE "call_times" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"last_together_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_on_call" (
	"expert_id" integer PRIMARY KEY NOT NULL,
	"on_call" boolean DEFAULT false NOT NULL,
	"from_minute" integer NOT NULL,
	"to_minute" integer NOT NULL,
	"first_price_cents" integer NOT NULL,
	"minute_price_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_on_call_minutes_check" CHECK ("expert_on_call"."from_minute" between 0 and 1439 and "expert_on_call"."to_minute" between 0 and 1439 and "expert_on_call"."from_minute" <> "expert_on_call"."to_minute"),
	CONSTRAINT "expert_on_call_prices_check" CHECK ("expert_on_call"."first_price_cents" between 1000 and 30000 and "expert_on_call"."minute_price_cents" between 50 and 1000)
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"specialty" text NOT NULL,
	"problem" text NOT NULL,
	"boat_id" uuid,
	"boat_snapshot" jsonb,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_meters" integer,
	"marina" text,
	"zip_code" text,
	"photo_name" text,
	"status" text DEFAULT 'ringing' NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_expert_id" integer,
	"accepted_at" timestamp with time zone,
	"booking_id" uuid,
	"closed_at" timestamp with time zone,
	CONSTRAINT "help_requests_status_check" CHECK ("status" in ('ringing', 'accepted', 'expired', 'cancelled')),
	CONSTRAINT "help_requests_place_check" CHECK (("help_requests"."latitude" is not null and "help_requests"."longitude" is not null) or "help_requests"."zip_code" is not null)
);
--> statement-breakpoint
CREATE TABLE "help_rings" (
	"request_id" uuid NOT NULL,
	"expert_id" integer NOT NULL,
	"round" integer NOT NULL,
	"rung_at" timestamp with time zone NOT NULL,
	"distance_miles" double precision,
	"declined_at" timestamp with time zone,
	CONSTRAINT "help_rings_request_id_expert_id_pk" PRIMARY KEY("request_id","expert_id")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "minute_price_cents" integer;--> statement-breakpoint
ALTER TABLE "call_times" ADD CONSTRAINT "call_times_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_on_call" ADD CONSTRAINT "expert_on_call_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_accepted_expert_id_experts_id_fk" FOREIGN KEY ("accepted_expert_id") REFERENCES "public"."experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_rings" ADD CONSTRAINT "help_rings_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_rings" ADD CONSTRAINT "help_rings_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_on_call_on_idx" ON "expert_on_call" USING btree ("expert_id") WHERE "expert_on_call"."on_call";--> statement-breakpoint
CREATE UNIQUE INDEX "help_requests_one_ringing" ON "help_requests" USING btree ("user_id") WHERE "help_requests"."status" = 'ringing';--> statement-breakpoint
CREATE INDEX "help_requests_ringing_idx" ON "help_requests" USING btree ("expires_at") WHERE "help_requests"."status" = 'ringing';--> statement-breakpoint
CREATE INDEX "help_requests_created_idx" ON "help_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "help_rings_expert_idx" ON "help_rings" USING btree ("expert_id");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_expired', 'booking_cancelled', 'booking_rescheduled', 'booking_reminder', 'messages_waiting', 'service_summary', 'invoice_issued', 'invoice_paid', 'payment_failed', 'invoice_disputed', 'dispute_resolved', 'application_decided', 'maintenance_due', 'help_request'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('booking_requested', 'booking_confirmed', 'booking_declined', 'booking_expired', 'booking_cancelled', 'booking_rescheduled', 'booking_reminder', 'messages_waiting', 'service_summary', 'invoice_issued', 'invoice_paid', 'payment_failed', 'invoice_disputed', 'dispute_resolved', 'application_decided', 'maintenance_due', 'help_request'));