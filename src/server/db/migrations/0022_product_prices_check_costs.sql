CREATE TABLE "check_provider_accounts" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"balance_cents" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_provider_services" (
	"service_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"kind" text NOT NULL,
	"product_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_kind_product_id_pk" PRIMARY KEY("kind","product_id"),
	CONSTRAINT "product_prices_kind_known" CHECK ("product_prices"."kind" in ('check', 'device_service')),
	CONSTRAINT "product_prices_positive" CHECK ("product_prices"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "device_checks" ADD COLUMN "cost_cents" integer;