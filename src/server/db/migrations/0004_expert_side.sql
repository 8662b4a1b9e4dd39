CREATE TABLE "expert_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"expert_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_applications_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "expert_days_off" (
	"expert_id" integer NOT NULL,
	"date" date NOT NULL,
	"note" text,
	CONSTRAINT "expert_days_off_expert_id_date_pk" PRIMARY KEY("expert_id","date")
);
--> statement-breakpoint
CREATE TABLE "expert_working_hours" (
	"expert_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "expert_working_hours_expert_id_service_type_weekday_start_minute_pk" PRIMARY KEY("expert_id","service_type","weekday","start_minute"),
	CONSTRAINT "expert_working_hours_service_type_check" CHECK ("service_type" in ('video', 'onsite')),
	CONSTRAINT "expert_working_hours_weekday_check" CHECK ("expert_working_hours"."weekday" between 0 and 6),
	CONSTRAINT "expert_working_hours_range_check" CHECK ("expert_working_hours"."start_minute" >= 0 and "expert_working_hours"."end_minute" <= 1440 and "expert_working_hours"."start_minute" < "expert_working_hours"."end_minute")
);
--> statement-breakpoint
DROP INDEX "experts_user_id_idx";--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_days_off" ADD CONSTRAINT "expert_days_off_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_working_hours" ADD CONSTRAINT "expert_working_hours_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expert_applications_one_pending_idx" ON "expert_applications" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "expert_applications_expert_idx" ON "expert_applications" USING btree ("expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experts_user_id_idx" ON "experts" USING btree ("user_id");--> statement-breakpoint
-- Written by hand: the experts who exist keep the hours they had before hours were editable, every day
-- 8:00 AM to 6:00 PM in their own zone, for both services.
INSERT INTO "expert_working_hours" ("expert_id", "service_type", "weekday", "start_minute", "end_minute")
SELECT e."id", t."type", d."day", 480, 1080
FROM "experts" e CROSS JOIN unnest(ARRAY['video', 'onsite']) AS t("type") CROSS JOIN generate_series(0, 6) AS d("day");
