CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"ip" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "service_seats" (
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_seats_service_id_user_id_pk" PRIMARY KEY("service_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_steps" (
	"service_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" jsonb,
	CONSTRAINT "service_steps_service_id_step_pk" PRIMARY KEY("service_id","step")
);
--> statement-breakpoint
ALTER TABLE "tld_prices" DROP CONSTRAINT "tld_prices_non_negative";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role";--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "next_seats" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tld_prices" ADD COLUMN "restore_net" integer DEFAULT 7000 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_seats" ADD CONSTRAINT "service_seats_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_seats" ADD CONSTRAINT "service_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_steps" ADD CONSTRAINT "service_steps_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_account" ON "audit_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "services_renews" ON "services" USING btree ("renews_at");--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_role" CHECK ("one_time_tokens"."role" is null or "one_time_tokens"."role" in ('owner', 'admin', 'billing', 'technical', 'member'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind" CHECK ("orders"."kind" in ('purchase', 'renewal'));--> statement-breakpoint
ALTER TABLE "tld_prices" ADD CONSTRAINT "tld_prices_non_negative" CHECK ("tld_prices"."register_net" >= 0 and "tld_prices"."renew_net" >= 0 and "tld_prices"."transfer_net" >= 0 and "tld_prices"."restore_net" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" in ('owner', 'admin', 'billing', 'technical', 'member'));