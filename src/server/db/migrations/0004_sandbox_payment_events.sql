CREATE TABLE "sandbox_payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_events_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_events" ADD CONSTRAINT "sandbox_payment_events_session_id_sandbox_payment_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sandbox_payment_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_payment_events_due_idx" ON "sandbox_payment_events" USING btree ("next_attempt_at") WHERE "sandbox_payment_events"."delivered_at" IS NULL;--> statement-breakpoint
-- h2 (issue 8, "No payment lost to a crash"): runs after the statement that creates
-- sandbox_payment_events. Data only; drizzle-kit cannot generate it.

-- Backfill: a sandbox session closed before this migration whose order still waits for its
-- payment lost its event (the defect: session 'paid', order 'pending_payment'). Store that event
-- now, shaped exactly as the sandbox writes them (integrations/payments/sandbox.ts, eventFor),
-- due at once: the store's sweep delivers it to the webhook on its first start. Sessions whose
-- order already moved on get no event, so nothing already handled is sent again.
INSERT INTO "sandbox_payment_events" ("id", "session_id", "type", "body")
SELECT
  'evt_sbx_backfill_' || s."id",
  s."id",
  'checkout.session.' || CASE s."status" WHEN 'paid' THEN 'completed' ELSE 'expired' END,
  json_build_object(
    'id', 'evt_sbx_backfill_' || s."id",
    'object', 'event',
    'type', 'checkout.session.' || CASE s."status" WHEN 'paid' THEN 'completed' ELSE 'expired' END,
    'created', floor(extract(epoch FROM now()))::bigint,
    'data', json_build_object(
      'object', json_build_object(
        'id', s."id",
        'object', 'checkout.session',
        'amount_total', s."amount_cents",
        'currency', lower(s."currency"),
        'customer_email', s."email",
        'metadata', json_build_object('order_id', s."order_id"),
        'payment_intent', s."payment_ref",
        'payment_status', CASE s."status" WHEN 'paid' THEN 'paid' ELSE 'unpaid' END,
        'status', CASE s."status" WHEN 'paid' THEN 'complete' ELSE 'expired' END
      )
    )
  )::text
FROM "sandbox_payment_sessions" s
WHERE s."status" IN ('paid', 'expired')
  AND NOT EXISTS (SELECT 1 FROM "sandbox_payment_events" e WHERE e."session_id" = s."id")
  AND EXISTS (
    SELECT 1 FROM "orders" o
    WHERE o."payment_provider" = 'sandbox' AND o."payment_session_id" = s."id" AND o."status" = 'pending_payment'
  );
