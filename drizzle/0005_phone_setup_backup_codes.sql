CREATE TABLE "backup_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_codes_user_code" UNIQUE("user_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "login_challenges" DROP CONSTRAINT "login_challenges_method";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_pending" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_codes" ADD CONSTRAINT "backup_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_method" CHECK ("login_challenges"."method" in ('totp', 'email', 'sms', 'backup_code', 'passkey'));