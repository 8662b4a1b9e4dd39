ALTER TABLE "bookings" ADD COLUMN "place_time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;