ALTER TABLE "supplier_tools" ADD COLUMN "link_state" text DEFAULT 'linked' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_tools" ADD CONSTRAINT "supplier_tools_link_state_check" CHECK ("supplier_tools"."link_state" in ('linked', 'pending', 'rejected'));--> statement-breakpoint
-- Tools without a brand or carrier were waiting for an admin: they are the auto-linker's queue.
UPDATE "supplier_tools" SET "link_state" = 'pending' WHERE "brand_slug" IS NULL OR "carrier_slug" IS NULL;
