-- h4 (mail retried from the outbox): run after the columns mail_outbox.attempts and
-- mail_outbox.next_attempt_at exist (generated from schema.ts).

-- A message stored by the outbox-only transport counts as sent: without this, every old one
-- would stay "unsent" for ever (the retry job would mark them sent on its first tick anyway).
UPDATE "mail_outbox" SET "sent_at" = "created_at" WHERE "transport" = 'outbox' AND "sent_at" IS NULL;--> statement-breakpoint
-- An SMTP message never sent (its one try failed, or the process died mid-try) is due for the
-- retry job at once: one try counted when a failure was recorded.
UPDATE "mail_outbox" SET "attempts" = CASE WHEN "error" IS NULL THEN 0 ELSE 1 END, "next_attempt_at" = now() WHERE "transport" <> 'outbox' AND "sent_at" IS NULL;
