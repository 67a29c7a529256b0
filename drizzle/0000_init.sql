CREATE TABLE "price_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY NOT NULL,
	"store_uuid" uuid NOT NULL,
	"store_name" text NOT NULL,
	"store_type_id" smallint DEFAULT 1 NOT NULL,
	"domain_name" text NOT NULL,
	"is_yay" boolean DEFAULT false NOT NULL,
	"is_cs" boolean DEFAULT false NOT NULL,
	"is_cs_customer" boolean DEFAULT false NOT NULL,
	"is_reseller" boolean DEFAULT true NOT NULL,
	"dashboard_only" boolean DEFAULT false NOT NULL,
	"default_theme" boolean DEFAULT false NOT NULL,
	"theme_id" integer,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_list_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_store_uuid_unique" UNIQUE("store_uuid"),
	CONSTRAINT "stores_store_type_id" CHECK ("stores"."store_type_id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tld_prices" (
	"price_list_id" text NOT NULL,
	"site_version" smallint NOT NULL,
	"tld" text NOT NULL,
	"register_net" integer NOT NULL,
	"renew_net" integer NOT NULL,
	"transfer_net" integer NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tld_prices_price_list_id_site_version_tld_pk" PRIMARY KEY("price_list_id","site_version","tld"),
	CONSTRAINT "tld_prices_site_version" CHECK ("tld_prices"."site_version" in (1, 2)),
	CONSTRAINT "tld_prices_non_negative" CHECK ("tld_prices"."register_net" >= 0 and "tld_prices"."renew_net" >= 0 and "tld_prices"."transfer_net" >= 0),
	CONSTRAINT "tld_prices_tld_format" CHECK ("tld_prices"."tld" ~ '^[a-z0-9-]+(\.[a-z0-9-]+)*$')
);
--> statement-breakpoint
ALTER TABLE "store_hosts" ADD CONSTRAINT "store_hosts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tld_prices" ADD CONSTRAINT "tld_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;