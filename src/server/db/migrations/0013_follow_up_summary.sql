CREATE TABLE "follow_up_summaries" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"author_user_id" text,
	"findings" text NOT NULL,
	"next_steps" text NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_summaries_revision_check" CHECK ("follow_up_summaries"."revision" >= 1)
);
--> statement-breakpoint
ALTER TABLE "follow_up_summaries" ADD CONSTRAINT "follow_up_summaries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_summaries" ADD CONSTRAINT "follow_up_summaries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;