CREATE TABLE "store_payment_accounts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_payment_accounts_stripe_account_unique" UNIQUE("stripe_account"),
	CONSTRAINT "store_payment_accounts_status" CHECK ("store_payment_accounts"."status" in ('onboarding', 'active'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stripe_account" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "stripe_account" text;--> statement-breakpoint
ALTER TABLE "store_payment_accounts" ADD CONSTRAINT "store_payment_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;