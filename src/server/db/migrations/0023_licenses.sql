CREATE TABLE "license_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"product_slug" text NOT NULL,
	"ciphertext" text NOT NULL,
	"key_hash" text NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"order_id" text,
	"order_item_id" text,
	"import_id" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "license_keys_state_known" CHECK ("license_keys"."state" in ('available', 'assigned', 'revealed', 'refunded')),
	CONSTRAINT "license_keys_sold_to_an_order" CHECK (("license_keys"."state" = 'available') = ("license_keys"."order_id" is null and "license_keys"."order_item_id" is null))
);
--> statement-breakpoint
CREATE TABLE "license_products" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vendor" text NOT NULL,
	"edition" text NOT NULL,
	"category" text NOT NULL,
	"platforms" jsonb NOT NULL,
	"term_months" integer,
	"devices" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"summary" text NOT NULL,
	"receives" jsonb NOT NULL,
	"activation_steps" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_products_category_known" CHECK ("license_products"."category" in ('operating_system', 'office', 'security', 'vpn', 'utilities')),
	CONSTRAINT "license_products_price_positive" CHECK ("license_products"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "license_stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"product_slug" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_waits" (
	"order_id" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"refund_by" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_product_slug_license_products_slug_fk" FOREIGN KEY ("product_slug") REFERENCES "public"."license_products"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_stock_alerts" ADD CONSTRAINT "license_stock_alerts_product_slug_license_products_slug_fk" FOREIGN KEY ("product_slug") REFERENCES "public"."license_products"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_waits" ADD CONSTRAINT "license_waits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_keys_hash_uq" ON "license_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "license_keys_available_idx" ON "license_keys" USING btree ("product_slug","imported_at","id") WHERE "license_keys"."state" = 'available';--> statement-breakpoint
CREATE INDEX "license_keys_order_idx" ON "license_keys" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_stock_alerts_open_uq" ON "license_stock_alerts" USING btree ("product_slug",lower("email")) WHERE "license_stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "license_waits_open_idx" ON "license_waits" USING btree ("since","order_id") WHERE "license_waits"."ended_at" is null;--> statement-breakpoint
-- A key sold never returns to stock, and a revealed key is never taken back (ADR 079): only the
-- moves available → assigned → revealed and assigned → refunded are allowed.
CREATE FUNCTION "license_keys_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state IS DISTINCT FROM OLD.state AND NOT (
    (OLD.state = 'available' AND NEW.state = 'assigned') OR
    (OLD.state = 'assigned' AND NEW.state IN ('revealed', 'refunded'))
  ) THEN
    RAISE EXCEPTION 'license key % cannot move from % to %', OLD.id, OLD.state, NEW.state;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "license_keys_forward_only" BEFORE UPDATE ON "license_keys"
  FOR EACH ROW EXECUTE FUNCTION "license_keys_forward_only"();
