CREATE TABLE "disabled_tlds" (
	"price_list_id" text NOT NULL,
	"site_version" smallint NOT NULL,
	"tld" text NOT NULL,
	CONSTRAINT "disabled_tlds_price_list_id_site_version_tld_pk" PRIMARY KEY("price_list_id","site_version","tld")
);
--> statement-breakpoint
CREATE TABLE "platform_costs" (
	"kind" text NOT NULL,
	"item" text NOT NULL,
	"site_version" smallint NOT NULL,
	"action" text NOT NULL,
	"cost_net" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_costs_kind_item_site_version_action_pk" PRIMARY KEY("kind","item","site_version","action"),
	CONSTRAINT "platform_costs_site_version" CHECK ("platform_costs"."site_version" in (1, 2)),
	CONSTRAINT "platform_costs_non_negative" CHECK ("platform_costs"."cost_net" >= 0),
	CONSTRAINT "platform_costs_kind_action" CHECK (("platform_costs"."kind" = 'tld' and "platform_costs"."action" in ('register', 'renew', 'transfer', 'restore'))
        or ("platform_costs"."kind" = 'number_range' and "platform_costs"."action" = 'monthly')
        or ("platform_costs"."kind" = 'plan' and "platform_costs"."action" = 'per_user_monthly'))
);
--> statement-breakpoint
ALTER TABLE "disabled_tlds" ADD CONSTRAINT "disabled_tlds_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;