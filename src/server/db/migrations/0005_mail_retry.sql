ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "sent_at" = "created_at" WHERE "transport" = 'outbox' AND "sent_at" IS NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "attempts" = CASE WHEN "error" IS NULL THEN 0 ELSE 1 END, "next_attempt_at" = now() WHERE "transport" <> 'outbox' AND "sent_at" IS NULL;
