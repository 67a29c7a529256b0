CREATE TABLE "billing_details" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postcode" text NOT NULL,
	"country" text NOT NULL,
	"vat_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_details_country" CHECK ("billing_details"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "checkout_quotes" (
	"cart_item_id" uuid PRIMARY KEY NOT NULL,
	"site_version" smallint NOT NULL,
	"net" integer NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplied_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"site_version" smallint NOT NULL,
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_net" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total_gross" integer NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_store_number" UNIQUE("store_key","number")
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"store_key" text NOT NULL,
	"series" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "number_series_store_key_series_pk" PRIMARY KEY("store_key","series")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"domain" text,
	"years" smallint,
	"auth_code" text,
	"number" text,
	"plan" text,
	"users" integer,
	"quantity" integer NOT NULL,
	"unit_net" integer NOT NULL,
	"unit_vat" integer NOT NULL,
	"unit_gross" integer NOT NULL,
	"total_net" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total_gross" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"recurring_net" integer NOT NULL,
	"recurring_vat" integer NOT NULL,
	"recurring_gross" integer NOT NULL,
	"period" text NOT NULL,
	CONSTRAINT "order_lines_position" UNIQUE("order_id","position"),
	CONSTRAINT "order_lines_period" CHECK ("order_lines"."period" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"store_host" text NOT NULL,
	"email" text NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"site_version" smallint NOT NULL,
	"total_net" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total_gross" integer NOT NULL,
	"billing" jsonb NOT NULL,
	"registrant" jsonb,
	"number_addresses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"supplier" jsonb NOT NULL,
	"save_payment_method" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	CONSTRAINT "orders_store_number" UNIQUE("store_key","number"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'fulfilled', 'cancelled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"store_key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"customer_ref" text,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_methods_ref" UNIQUE("account_id","provider","provider_ref")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"store_key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'requires_payment' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "payments_provider_ref" UNIQUE("provider","provider_ref"),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('requires_payment', 'requires_action', 'succeeded', 'failed')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"period" text NOT NULL,
	"seats" integer,
	"started_at" timestamp with time zone NOT NULL,
	"renews_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"price_net" integer NOT NULL,
	"price_vat" integer NOT NULL,
	"price_gross" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "services_order_line_id_unique" UNIQUE("order_line_id"),
	CONSTRAINT "services_type" CHECK ("services"."type" in ('domain', 'domain_transfer', 'number', 'plan')),
	CONSTRAINT "services_period" CHECK ("services"."period" in ('month', 'year'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "held_by_order" uuid;--> statement-breakpoint
ALTER TABLE "registry_domains" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_quotes" ADD CONSTRAINT "checkout_quotes_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_account" ON "invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "orders_account" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_due" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "services_account" ON "services" USING btree ("account_id","created_at");