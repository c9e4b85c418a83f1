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
