ALTER TABLE "suppliers" ADD COLUMN "credit_cents" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "credit_currency" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "credit_checked_at" timestamp with time zone;