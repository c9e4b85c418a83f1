-- The test suite's sample kind (ADR 068): the orders' kind check names it.
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_known" CHECK ("orders"."kind" IN ('esim', 'unlock', 'check', 'device_service', 'license', 'sample'));