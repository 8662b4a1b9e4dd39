CREATE TABLE "sms_numbers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD CONSTRAINT "sms_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_verification_codes" ADD CONSTRAINT "sms_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_numbers_number_idx" ON "sms_numbers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sms_verification_codes_user_idx" ON "sms_verification_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_verification_codes_number_idx" ON "sms_verification_codes" USING btree ("number","created_at");