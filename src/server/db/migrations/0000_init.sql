CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_aliases" (
	"alias" text NOT NULL,
	"alias_key" text NOT NULL,
	"brand_slug" text NOT NULL,
	CONSTRAINT "brand_aliases_alias_key_brand_slug_pk" PRIMARY KEY("alias_key","brand_slug")
);
--> statement-breakpoint
CREATE TABLE "brand_models" (
	"brand_slug" text NOT NULL,
	"model_name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "brand_models_brand_slug_model_name_pk" PRIMARY KEY("brand_slug","model_name")
);
--> statement-breakpoint
CREATE TABLE "canonical_brands" (
	"brand_slug" text PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"brand_family" text NOT NULL,
	"manufacturer" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canonical_carriers" (
	"carrier_slug" text PRIMARY KEY NOT NULL,
	"carrier_name" text NOT NULL,
	"country_code" text,
	"carrier_type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canonical_countries" (
	"country_code" text PRIMARY KEY NOT NULL,
	"country_name" text NOT NULL,
	"iso2" text,
	"iso3" text,
	"region" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"alias_key" text NOT NULL,
	"carrier_slug" text NOT NULL,
	"country_code" text
);
--> statement-breakpoint
CREATE TABLE "country_aliases" (
	"alias" text NOT NULL,
	"alias_key" text NOT NULL,
	"country_code" text NOT NULL,
	CONSTRAINT "country_aliases_alias_key_country_code_pk" PRIMARY KEY("alias_key","country_code")
);
--> statement-breakpoint
CREATE TABLE "iphone_models" (
	"model_name" text PRIMARY KEY NOT NULL,
	"series_number" integer NOT NULL,
	"release_year" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"transport" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region_country_mapping" (
	"region" text NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text NOT NULL,
	CONSTRAINT "region_country_mapping_region_country_code_pk" PRIMARY KEY("region","country_code")
);
--> statement-breakpoint
CREATE TABLE "samsung_models" (
	"model_name" text PRIMARY KEY NOT NULL,
	"model_series" text NOT NULL,
	"release_year" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_aliases" ADD CONSTRAINT "brand_aliases_brand_slug_canonical_brands_brand_slug_fk" FOREIGN KEY ("brand_slug") REFERENCES "public"."canonical_brands"("brand_slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_models" ADD CONSTRAINT "brand_models_brand_slug_canonical_brands_brand_slug_fk" FOREIGN KEY ("brand_slug") REFERENCES "public"."canonical_brands"("brand_slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canonical_carriers" ADD CONSTRAINT "canonical_carriers_country_code_canonical_countries_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."canonical_countries"("country_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_aliases" ADD CONSTRAINT "carrier_aliases_carrier_slug_canonical_carriers_carrier_slug_fk" FOREIGN KEY ("carrier_slug") REFERENCES "public"."canonical_carriers"("carrier_slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_aliases" ADD CONSTRAINT "country_aliases_country_code_canonical_countries_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."canonical_countries"("country_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_country_mapping" ADD CONSTRAINT "region_country_mapping_country_code_canonical_countries_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."canonical_countries"("country_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "canonical_carriers_name_idx" ON "canonical_carriers" USING btree ("carrier_name");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_aliases_key_uq" ON "carrier_aliases" USING btree ("alias_key","carrier_slug",coalesce("country_code", ''));--> statement-breakpoint
CREATE INDEX "carrier_aliases_key_idx" ON "carrier_aliases" USING btree ("alias_key");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");