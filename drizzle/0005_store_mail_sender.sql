ALTER TABLE "outbox" ADD COLUMN "from_address" text;--> statement-breakpoint
-- Mail recorded before stores had their own sender was to leave from MAIL_FROM's default.
UPDATE "outbox" SET "from_address" = 'no-reply@nameport.example' WHERE "channel" = 'mail';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_mail_sender" CHECK ("outbox"."channel" <> 'mail' or "outbox"."from_address" is not null);
