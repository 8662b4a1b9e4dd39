ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource_id" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "resource_id" = "booking_id"::text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "booking_id";
