CREATE TABLE "unlock_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"tool_index" integer NOT NULL,
	"tool_id" text NOT NULL,
	"reference" text NOT NULL,
	"supplier_ref" text,
	"outcome" text,
	"detail" text,
	"polls" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "unlock_attempts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "unlock_attempts_outcome_known" CHECK ("unlock_attempts"."outcome" IS NULL OR "unlock_attempts"."outcome" IN ('success', 'rejected', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "unlock_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"imei" text NOT NULL,
	"brand_slug" text NOT NULL,
	"tool_ids" text[] NOT NULL,
	"tool_costs_cents" integer[] NOT NULL,
	"tool_max_hours" integer[] NOT NULL,
	"tool_index" integer DEFAULT 0 NOT NULL,
	"average_hours" integer NOT NULL,
	"guaranteed_hours" integer NOT NULL,
	"deadline_at" timestamp with time zone,
	"guarantee_step" integer DEFAULT 0 NOT NULL,
	"supplier_errors" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "alternative_tool_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "average_hours" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "guaranteed_hours" integer;--> statement-breakpoint
ALTER TABLE "unlock_attempts" ADD CONSTRAINT "unlock_attempts_order_id_unlock_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."unlock_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_orders" ADD CONSTRAINT "unlock_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unlock_attempts_order_tool_uq" ON "unlock_attempts" USING btree ("order_id","tool_index");--> statement-breakpoint
CREATE INDEX "unlock_attempts_tool_outcome_idx" ON "unlock_attempts" USING btree ("tool_id","outcome");--> statement-breakpoint
CREATE INDEX "unlock_orders_imei_idx" ON "unlock_orders" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "unlock_orders_deadline_idx" ON "unlock_orders" USING btree ("deadline_at") WHERE "unlock_orders"."settled_at" IS NULL;