ALTER TABLE "unlock_orders" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD CONSTRAINT "unlock_orders_service_known" CHECK ("unlock_orders"."service" IS NULL OR "unlock_orders"."service" IN ('icloud_removal', 'frp_removal'));