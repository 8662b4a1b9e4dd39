CREATE TABLE "boat_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boat_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"boat_type" text NOT NULL,
	"make" text,
	"model" text,
	"year" integer,
	"length_feet" numeric(5, 1),
	"hull_type" text NOT NULL,
	"propulsion" text NOT NULL,
	"engines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"home_marina" text,
	"slip" text,
	"home_zip" text,
	"photo_name" text,
	"hours_recorded_at" timestamp with time zone,
	"hours_asked_month" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boats_boat_type_check" CHECK ("boat_type" in ('sailboat', 'powerboat', 'yacht', 'fishing-boat', 'catamaran', 'pontoon', 'other')),
	CONSTRAINT "boats_hull_type_check" CHECK ("hull_type" in ('monohull', 'catamaran', 'trimaran', 'pontoon', 'inflatable', 'other')),
	CONSTRAINT "boats_propulsion_check" CHECK ("propulsion" in ('outboard', 'inboard', 'sterndrive', 'jet', 'sail', 'electric'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid,
	"boat_id" uuid NOT NULL,
	"title" text NOT NULL,
	"done_on" date NOT NULL,
	"engine_hours" integer,
	"note" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boat_id" uuid NOT NULL,
	"template_key" text,
	"title" text NOT NULL,
	"specialty" text NOT NULL,
	"due_date" date,
	"due_hours" integer,
	"interval_months" integer,
	"interval_hours" integer,
	"due_reason" text,
	"last_done_on" date,
	"last_done_hours" integer,
	"done_at" timestamp with time zone,
	"reminded_14_for" date,
	"reminded_2_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_tasks_due_check" CHECK ("maintenance_tasks"."due_date" is not null or "maintenance_tasks"."due_hours" is not null)
);
--> statement-breakpoint
ALTER TABLE "ai_sessions" ADD COLUMN "boat_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "boat_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "boat_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "maintenance_task_id" uuid;--> statement-breakpoint
ALTER TABLE "boat_notes" ADD CONSTRAINT "boat_notes_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_completions" ADD CONSTRAINT "maintenance_completions_task_id_maintenance_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."maintenance_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_completions" ADD CONSTRAINT "maintenance_completions_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_completions" ADD CONSTRAINT "maintenance_completions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_tasks" ADD CONSTRAINT "maintenance_tasks_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boat_notes_boat_idx" ON "boat_notes" USING btree ("boat_id","created_at");--> statement-breakpoint
CREATE INDEX "boats_owner_idx" ON "boats" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_completions_boat_idx" ON "maintenance_completions" USING btree ("boat_id","done_on");--> statement-breakpoint
CREATE INDEX "maintenance_tasks_boat_idx" ON "maintenance_tasks" USING btree ("boat_id");--> statement-breakpoint
CREATE INDEX "maintenance_tasks_open_due_idx" ON "maintenance_tasks" USING btree ("due_date") WHERE "maintenance_tasks"."done_at" is null and "maintenance_tasks"."due_date" is not null;--> statement-breakpoint
ALTER TABLE "ai_sessions" ADD CONSTRAINT "ai_sessions_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_maintenance_task_id_maintenance_tasks_id_fk" FOREIGN KEY ("maintenance_task_id") REFERENCES "public"."maintenance_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_sessions_boat_idx" ON "ai_sessions" USING btree ("boat_id") WHERE "ai_sessions"."boat_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_boat_idx" ON "bookings" USING btree ("boat_id") WHERE "bookings"."boat_id" is not null;