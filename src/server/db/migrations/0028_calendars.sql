CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"content_hash" text,
	"content_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "external_busy_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"calendar_id" uuid NOT NULL,
	"expert_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_busy_times_range_check" CHECK ("external_busy_times"."starts_at" < "external_busy_times"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "external_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" integer NOT NULL,
	"url" text NOT NULL,
	"label" text NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_calendar_id_external_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_busy_times_expert_range_idx" ON "external_busy_times" USING gist ("expert_id",tstzrange("starts_at", "ends_at"));--> statement-breakpoint
CREATE INDEX "external_busy_times_calendar_idx" ON "external_busy_times" USING btree ("calendar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_expert_url_idx" ON "external_calendars" USING btree ("expert_id","url");