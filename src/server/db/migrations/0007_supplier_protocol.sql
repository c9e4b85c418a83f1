CREATE TABLE "sandbox_supplier_orders" (
	"reference_id" serial PRIMARY KEY NOT NULL,
	"reference" text,
	"service_id" text NOT NULL,
	"imei" text NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_supplier_orders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "supplier_tools" ADD COLUMN "required_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_supplier_orders_imei_idx" ON "sandbox_supplier_orders" USING btree ("imei");