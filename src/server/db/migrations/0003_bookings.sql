CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" text,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_actor_role_check" CHECK ("actor_role" in ('owner', 'expert', 'admin', 'system', 'user'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"user_id" text NOT NULL,
	"expert_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"expires_at" timestamp with time zone,
	"description" text NOT NULL,
	"boat_address" text,
	"marina_name" text,
	"dock_slip" text,
	"contact_phone" text,
	"emergency_contact" text,
	"boat_type" text,
	"boat_length" text,
	"estimated_hours" integer,
	"price_cents" integer NOT NULL,
	"onsite_visit_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_intent_id" text,
	"cancel_reason" text,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_number_unique" UNIQUE("number"),
	CONSTRAINT "bookings_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "bookings_service_type_check" CHECK ("service_type" in ('video', 'onsite')),
	CONSTRAINT "bookings_status_check" CHECK ("status" in ('requested', 'confirmed', 'completed', 'no_show', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("payment_status" in ('unpaid', 'paid', 'refund_pending', 'refunded')),
	CONSTRAINT "bookings_boat_type_check" CHECK ("boat_type" is null or "boat_type" in ('sailboat', 'powerboat', 'yacht', 'fishing-boat', 'catamaran', 'pontoon', 'other')),
	CONSTRAINT "bookings_time_range_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "instant_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "bookings_user_starts_idx" ON "bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_expert_starts_idx" ON "bookings" USING btree ("expert_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_status_expires_idx" ON "bookings" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "bookings_status_ends_idx" ON "bookings" USING btree ("status","ends_at");--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_role_check" CHECK ("role" in ('user', 'ai'));--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_status_check" CHECK ("status" in ('pending', 'approved', 'suspended'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('user', 'expert', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("status" in ('active', 'inactive', 'pending'));--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express it): two live bookings of one expert never overlap in time.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("expert_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" in ('requested', 'confirmed'));--> statement-breakpoint
-- Booking numbers people quote start at 1001 rather than 1.
ALTER SEQUENCE "bookings_number_seq" RESTART WITH 1001;--> statement-breakpoint
-- The demo experts (no account to answer requests with) take instant bookings.
UPDATE "experts" SET "instant_booking" = true WHERE "user_id" IS NULL;
