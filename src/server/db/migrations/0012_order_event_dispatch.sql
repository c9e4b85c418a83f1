ALTER TABLE "order_events" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
-- Events written before subscribers existed were acted on where they were written (ADR 069): none is relayed again.
UPDATE "order_events" SET "dispatched_at" = "created_at";--> statement-breakpoint
CREATE INDEX "order_events_undispatched_idx" ON "order_events" USING btree ("id") WHERE "order_events"."dispatched_at" IS NULL;