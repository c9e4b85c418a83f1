CREATE TABLE "pricing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"markup_percent" integer NOT NULL,
	"min_margin_cents" integer NOT NULL,
	"round_to_99" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"imei" text NOT NULL,
	"brand_slug" text NOT NULL,
	"model" text,
	"carrier_slug" text NOT NULL,
	"country_code" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"estimated_hours_min" integer NOT NULL,
	"estimated_hours_max" integer NOT NULL,
	"requires_clean_check" boolean NOT NULL,
	"source" text NOT NULL,
	"sku_id" integer,
	"tool_id" text,
	"tool_cost_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"imei" text NOT NULL,
	"brand" text NOT NULL,
	"model" text,
	"carrier" text NOT NULL,
	"country" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_tools" (
	"tool_id" text PRIMARY KEY NOT NULL,
	"supplier_id" text NOT NULL,
	"name" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"delivery_hours_min" integer NOT NULL,
	"delivery_hours_max" integer NOT NULL,
	"success_permille" integer NOT NULL,
	"requires_clean_check" boolean DEFAULT false NOT NULL,
	"brand_slug" text,
	"carrier_slug" text,
	"country_code" text,
	"series_min" integer,
	"series_max" integer,
	"model_series" text[],
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"supplier_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"adapter" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unlock_skus" (
	"sku_id" serial PRIMARY KEY NOT NULL,
	"sku_code" text NOT NULL,
	"brand_slug" text NOT NULL,
	"carrier_slug" text NOT NULL,
	"country_code" text,
	"series_min" integer,
	"series_max" integer,
	"price_cents" integer NOT NULL,
	"estimated_hours_min" integer NOT NULL,
	"estimated_hours_max" integer NOT NULL,
	"requires_clean_check" boolean DEFAULT false NOT NULL,
	"default_tool_id" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "unlock_skus_sku_code_unique" UNIQUE("sku_code")
);
--> statement-breakpoint
ALTER TABLE "supplier_tools" ADD CONSTRAINT "supplier_tools_supplier_id_suppliers_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("supplier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_tools" ADD CONSTRAINT "supplier_tools_brand_slug_canonical_brands_brand_slug_fk" FOREIGN KEY ("brand_slug") REFERENCES "public"."canonical_brands"("brand_slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_tools" ADD CONSTRAINT "supplier_tools_carrier_slug_canonical_carriers_carrier_slug_fk" FOREIGN KEY ("carrier_slug") REFERENCES "public"."canonical_carriers"("carrier_slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_tools" ADD CONSTRAINT "supplier_tools_country_code_canonical_countries_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."canonical_countries"("country_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_skus" ADD CONSTRAINT "unlock_skus_brand_slug_canonical_brands_brand_slug_fk" FOREIGN KEY ("brand_slug") REFERENCES "public"."canonical_brands"("brand_slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_skus" ADD CONSTRAINT "unlock_skus_carrier_slug_canonical_carriers_carrier_slug_fk" FOREIGN KEY ("carrier_slug") REFERENCES "public"."canonical_carriers"("carrier_slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_skus" ADD CONSTRAINT "unlock_skus_country_code_canonical_countries_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."canonical_countries"("country_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_skus" ADD CONSTRAINT "unlock_skus_default_tool_id_supplier_tools_tool_id_fk" FOREIGN KEY ("default_tool_id") REFERENCES "public"."supplier_tools"("tool_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_expires_idx" ON "quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "supplier_tools_match_idx" ON "supplier_tools" USING btree ("brand_slug","carrier_slug");--> statement-breakpoint
CREATE INDEX "unlock_skus_match_idx" ON "unlock_skus" USING btree ("brand_slug","carrier_slug");