ALTER TABLE "oauth_codes" ADD COLUMN "scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD COLUMN "scope" text DEFAULT '' NOT NULL;