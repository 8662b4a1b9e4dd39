CREATE TABLE "booking_ai_conversations" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"messages" jsonb NOT NULL,
	"earlier_omitted" integer DEFAULT 0 NOT NULL,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ai_session_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_ai_conversations" ADD CONSTRAINT "booking_ai_conversations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ai_session_id_ai_sessions_id_fk" FOREIGN KEY ("ai_session_id") REFERENCES "public"."ai_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_ai_session_idx" ON "bookings" USING btree ("ai_session_id") WHERE "bookings"."ai_session_id" is not null;