CREATE TABLE "support_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"user_id" text,
	"email" text NOT NULL,
	"access_token" text NOT NULL,
	"reply_key" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"facts" jsonb,
	"waiting_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_status_known" CHECK ("support_conversations"."status" IN ('waiting', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"via" text NOT NULL,
	"admin_user_id" text,
	"email_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author_known" CHECK ("support_messages"."author" IN ('customer', 'team')),
	CONSTRAINT "support_messages_via_known" CHECK ("support_messages"."via" IN ('web', 'email'))
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_reply_key_uq" ON "support_conversations" USING btree ("reply_key");--> statement-breakpoint
CREATE INDEX "support_conversations_order_idx" ON "support_conversations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "support_conversations_user_idx" ON "support_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_conversations_waiting_idx" ON "support_conversations" USING btree ("waiting_since");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_email_uq" ON "support_messages" USING btree ("email_message_id");