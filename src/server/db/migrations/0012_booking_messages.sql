CREATE TABLE "booking_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"sender_role" text NOT NULL,
	"recipient_id" text NOT NULL,
	"body" text,
	"photo_name" text,
	"photo_width" integer,
	"photo_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "booking_messages_sender_role_check" CHECK ("sender_role" in ('owner', 'expert')),
	CONSTRAINT "booking_messages_content_check" CHECK ("booking_messages"."body" is not null or "booking_messages"."photo_name" is not null)
);
--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_messages_unread_idx" ON "booking_messages" USING btree ("recipient_id","booking_id") WHERE "booking_messages"."read_at" is null;