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
CREATE INDEX "sandbox_payment_events_due_idx" ON "sandbox_payment_events" USING btree ("next_attempt_at") WHERE "sandbox_payment_events"."delivered_at" IS NULL;