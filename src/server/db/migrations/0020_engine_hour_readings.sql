CREATE TABLE "engine_hour_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boat_id" uuid NOT NULL,
	"hours" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"recorded_by" text NOT NULL,
	"booking_id" uuid,
	"expert_name" text,
	"correction" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engine_hour_readings_recorded_by_check" CHECK ("recorded_by" in ('owner', 'expert')),
	CONSTRAINT "engine_hour_readings_correction_note_check" CHECK (not "engine_hour_readings"."correction" or "engine_hour_readings"."note" is not null)
);
--> statement-breakpoint
ALTER TABLE "engine_hour_readings" ADD CONSTRAINT "engine_hour_readings_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engine_hour_readings" ADD CONSTRAINT "engine_hour_readings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engine_hour_readings_boat_idx" ON "engine_hour_readings" USING btree ("boat_id","created_at");--> statement-breakpoint
CREATE INDEX "engine_hour_readings_booking_idx" ON "engine_hour_readings" USING btree ("booking_id") WHERE "engine_hour_readings"."booking_id" is not null;