ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_kind";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_kind" CHECK ("one_time_tokens"."kind" in ('activation', 'reset', 'invite', 'passkey', 'email_change'));