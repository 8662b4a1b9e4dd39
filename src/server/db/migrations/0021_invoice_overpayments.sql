CREATE TABLE "invoice_overpayments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"transfer_destination" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_overpayments_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "invoice_overpayments_status_check" CHECK ("status" in ('open', 'refunding', 'refunded')),
	CONSTRAINT "invoice_overpayments_amount_check" CHECK ("invoice_overpayments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_refund_check";--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD COLUMN "overpayment_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunding_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_overpayments" ADD CONSTRAINT "invoice_overpayments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_overpayments_invoice_idx" ON "invoice_overpayments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_overpayments_status_idx" ON "invoice_overpayments" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_overpayment_id_invoice_overpayments_id_fk" FOREIGN KEY ("overpayment_id") REFERENCES "public"."invoice_overpayments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Refunds already waiting for Stripe count against what remains refundable from the start.
UPDATE "invoices" SET "refunding_cents" = "pending"."cents" FROM (SELECT "invoice_id", sum("amount_cents")::integer AS "cents" FROM "invoice_refunds" WHERE "status" = 'pending' GROUP BY "invoice_id") AS "pending" WHERE "pending"."invoice_id" = "invoices"."id";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_check" CHECK ("invoices"."refunded_cents" >= 0 and "invoices"."refunding_cents" >= 0 and "invoices"."refunded_cents" + "invoices"."refunding_cents" <= "invoices"."total_cents");