ALTER TABLE "unlock_attempts" DROP CONSTRAINT "unlock_attempts_outcome_known";--> statement-breakpoint
DROP INDEX "unlock_attempts_tool_outcome_idx";--> statement-breakpoint
DROP INDEX "unlock_orders_deadline_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unlock_attempts" ADD COLUMN "state" text DEFAULT 'placing' NOT NULL;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "stage" text DEFAULT 'awaiting_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "refund_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "watch_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD COLUMN "loss_cents" integer;--> statement-breakpoint
-- The attempts' and the plans' named states, from the columns they replace (ADR 066).
UPDATE "unlock_attempts" SET "state" = CASE
  WHEN "outcome" = 'success' THEN 'succeeded'
  WHEN "outcome" IN ('rejected', 'abandoned') THEN "outcome"
  WHEN "supplier_ref" IS NULL THEN 'placing'
  ELSE 'placed' END;--> statement-breakpoint
UPDATE "unlock_orders" AS u SET "stage" = CASE
  WHEN o."status" = 'fulfilled' THEN 'completed'
  WHEN o."status" = 'refunded' THEN 'refunded'
  WHEN u."guarantee_step" = 2 OR o."status" IN ('refund_pending', 'failed') THEN 'refunding'
  WHEN u."settled_at" IS NOT NULL THEN 'refunded'
  WHEN u."guarantee_step" = 1 THEN 'moved_by_guarantee'
  WHEN o."status" IN ('paid', 'submitted', 'in_progress', 'rejected', 'rerouted') THEN 'with_supplier'
  ELSE 'awaiting_payment' END
FROM "orders" AS o WHERE o."id" = u."order_id";--> statement-breakpoint
-- Every open unlock gets a fresh job chain from the next sweep (ADR 067); older jobs become stale.
UPDATE "orders" SET "fulfilment_due_at" = now() WHERE "id" IN (
  SELECT "order_id" FROM "unlock_orders" WHERE "stage" IN ('with_supplier', 'moved_by_guarantee', 'refunding'));--> statement-breakpoint
CREATE INDEX "orders_fulfilment_due_idx" ON "orders" USING btree ("fulfilment_due_at") WHERE "orders"."fulfilment_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "unlock_attempts_tool_state_idx" ON "unlock_attempts" USING btree ("tool_id","state");--> statement-breakpoint
CREATE INDEX "unlock_orders_deadline_idx" ON "unlock_orders" USING btree ("deadline_at") WHERE "unlock_orders"."stage" IN ('with_supplier', 'moved_by_guarantee');--> statement-breakpoint
ALTER TABLE "unlock_attempts" DROP COLUMN "outcome";--> statement-breakpoint
ALTER TABLE "unlock_orders" DROP COLUMN "guarantee_step";--> statement-breakpoint
ALTER TABLE "unlock_orders" DROP COLUMN "settled_at";--> statement-breakpoint
ALTER TABLE "unlock_attempts" ADD CONSTRAINT "unlock_attempts_state_known" CHECK ("unlock_attempts"."state" IN ('placing', 'placed', 'succeeded', 'rejected', 'abandoned', 'watched', 'expired'));--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD CONSTRAINT "unlock_orders_stage_known" CHECK ("unlock_orders"."stage" IN ('awaiting_payment', 'with_supplier', 'moved_by_guarantee', 'refunding', 'watching', 'completed', 'refunded', 'completed_after_refund'));