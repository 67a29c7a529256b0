CREATE TABLE "store_assets" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_assets_type" CHECK ("store_assets"."content_type" in ('image/png', 'image/webp', 'image/svg+xml')),
	CONSTRAINT "store_assets_size" CHECK ("store_assets"."size" between 1 and 524288)
);
--> statement-breakpoint
CREATE TABLE "store_theme_drafts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"theme" jsonb NOT NULL,
	"variables" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "store_theme_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"theme" jsonb NOT NULL,
	"variables" jsonb NOT NULL,
	"restored_from_id" uuid,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text NOT NULL,
	CONSTRAINT "store_theme_versions_number" UNIQUE("store_id","number")
);
--> statement-breakpoint
ALTER TABLE "store_theme_drafts" ADD CONSTRAINT "store_theme_drafts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_theme_drafts" ADD CONSTRAINT "store_theme_drafts_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_theme_versions" ADD CONSTRAINT "store_theme_versions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;