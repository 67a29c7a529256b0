CREATE TABLE "call_plans" (
	"id" text NOT NULL,
	"site_version" smallint NOT NULL,
	"name" text NOT NULL,
	"per_user_monthly_net" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_plans_id_site_version_pk" PRIMARY KEY("id","site_version"),
	CONSTRAINT "call_plans_site_version" CHECK ("call_plans"."site_version" in (1, 2)),
	CONSTRAINT "call_plans_price" CHECK ("call_plans"."per_user_monthly_net" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"type" text NOT NULL,
	"domain" text,
	"years" smallint,
	"auth_code" text,
	"number" text,
	"plan" text,
	"users" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_domain" UNIQUE("cart_id","domain"),
	CONSTRAINT "cart_items_number" UNIQUE("cart_id","number"),
	CONSTRAINT "cart_items_plan" UNIQUE("cart_id","plan"),
	CONSTRAINT "cart_items_type" CHECK ("cart_items"."type" in ('domain_registration', 'domain_transfer', 'number', 'plan')),
	CONSTRAINT "cart_items_years" CHECK ("cart_items"."years" is null or "cart_items"."years" between 1 and 10),
	CONSTRAINT "cart_items_users" CHECK ("cart_items"."users" is null or "cart_items"."users" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_key" text NOT NULL,
	"session_id" uuid,
	"user_id" uuid,
	"site_version" smallint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"dropped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_session" UNIQUE("session_id"),
	CONSTRAINT "carts_user" UNIQUE("user_id"),
	CONSTRAINT "carts_owner" CHECK ("carts"."session_id" is not null or "carts"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"number" text PRIMARY KEY NOT NULL,
	"site_version" smallint NOT NULL,
	"area" text NOT NULL,
	"national" text NOT NULL,
	"monthly_net" integer NOT NULL,
	"held_by_cart" uuid,
	"held_until" timestamp with time zone,
	CONSTRAINT "phone_numbers_site_version" CHECK ("phone_numbers"."site_version" in (1, 2)),
	CONSTRAINT "phone_numbers_monthly" CHECK ("phone_numbers"."monthly_net" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registry_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"premium_register_net_sv1" integer,
	"premium_register_net_sv2" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_domains_status" CHECK ("registry_domains"."status" in ('taken', 'premium')),
	CONSTRAINT "registry_domains_premium_priced" CHECK ("registry_domains"."status" <> 'premium' or ("registry_domains"."premium_register_net_sv1" >= 0 and "registry_domains"."premium_register_net_sv2" >= 0))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "vat_display" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_display" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;