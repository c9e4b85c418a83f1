ALTER TABLE "orders" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_sessions" ADD COLUMN "refund_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id") WHERE "orders"."checkout_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sandbox_payment_sessions" SET "refund_keys" = ARRAY["refund_key"] WHERE "refund_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_sessions" DROP COLUMN "refund_key";