CREATE TABLE "device_checks" (
	"order_id" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"identifier" text NOT NULL,
	"service_id" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_user_id" text,
	"stage" text DEFAULT 'placing' NOT NULL,
	"provider_ref" text,
	"result" jsonb,
	"failure" text,
	"polls" integer DEFAULT 0 NOT NULL,
	"provider_errors" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_checks_product_known" CHECK ("device_checks"."product" in ('apple_report', 'carrier', 'knox', 'blacklist')),
	CONSTRAINT "device_checks_stage_known" CHECK ("device_checks"."stage" in ('placing', 'placed', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "device_lookups" (
	"key" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"device_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_lookups_type_known" CHECK ("device_lookups"."device_type" in ('phone', 'tablet', 'watch', 'module'))
);
--> statement-breakpoint
ALTER TABLE "device_checks" ADD CONSTRAINT "device_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_checks_reuse_idx" ON "device_checks" USING btree ("identifier","product","checked_at");