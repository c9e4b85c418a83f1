ALTER TABLE "pricing_rules" ADD COLUMN "min_margin_percent" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "unlock_skus" ADD COLUMN "allow_below_margin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The seeded iPhone 13-17 AT&T SKU named the iPhone 4-12 service as its tool (issue 44): a store seeded before keeps the right one.
UPDATE "unlock_skus" SET "default_tool_id" = 'SBX-1001' WHERE "sku_code" = 'UNL-ATT-US-APPLE-13-17' AND "default_tool_id" = 'SBX-1000';
