CREATE TABLE "coupon_reservations" (
	"order_id" text PRIMARY KEY NOT NULL,
	"coupon_code" text NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_usage_within_limit";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "reserved_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_reservations" ADD CONSTRAINT "coupon_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_reservations" ADD CONSTRAINT "coupon_reservations_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_reserved_not_negative" CHECK ("coupons"."reserved_count" >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_usage_within_limit" CHECK ("coupons"."max_usage" IS NULL OR "coupons"."usage_count" + "coupons"."reserved_count" <= "coupons"."max_usage");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_status_known" CHECK ("order_events"."status" IN ('pending_payment', 'paid', 'submitted', 'in_progress', 'fulfilled', 'rejected', 'rerouted', 'refund_pending', 'refunded', 'cancelled', 'expired', 'failed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_known" CHECK ("orders"."kind" IN ('esim', 'unlock', 'check', 'device_service', 'license'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('pending_payment', 'paid', 'submitted', 'in_progress', 'fulfilled', 'rejected', 'rerouted', 'refund_pending', 'refunded', 'cancelled', 'expired', 'failed'));--> statement-breakpoint
-- h1 (order core, coupon reservations): SQL drizzle-kit does not generate. Run after the
-- generated statements that add orders.payment_expires_at and the CHECK constraints.
-- No state was renamed: every existing orders.status / order_events.status value
-- ('pending_payment', 'paid', 'fulfilled', 'failed', 'expired', 'cancelled') and every existing
-- orders.kind ('esim') is in the new lists, so the CHECK constraints hold for existing rows as they are.

-- Give every order still waiting for payment the deadline of its sandbox session, so the
-- expiry job can close it (and release nothing: no reservations exist before this migration).
UPDATE "orders" o
SET "payment_expires_at" = s."expires_at"
FROM "sandbox_payment_sessions" s
WHERE o."status" = 'pending_payment'
  AND o."payment_expires_at" IS NULL
  AND o."payment_provider" = 'sandbox'
  AND s."id" = o."payment_session_id";
--> statement-breakpoint

-- Other providers' sessions (Stripe's default) and orders without a session run out a day after
-- they were placed, as a hosted checkout does.
UPDATE "orders"
SET "payment_expires_at" = "created_at" + interval '24 hours'
WHERE "status" = 'pending_payment' AND "payment_expires_at" IS NULL;
