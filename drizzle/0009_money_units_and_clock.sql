CREATE TABLE "test_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint NOT NULL,
	CONSTRAINT "test_clock_one_row" CHECK ("test_clock"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "details" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "unit_net" integer;--> statement-breakpoint
-- A service sold before units were kept: a plan's seat price is the unit of the line it was sold
-- on (as shown then); a domain's year and a number's month are the recurring price itself.
UPDATE "services" SET "unit_net" = CASE WHEN "services"."type" = 'plan' THEN "order_lines"."unit_net" ELSE "services"."price_net" END FROM "order_lines" WHERE "order_lines"."id" = "services"."order_line_id";--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "unit_net" SET NOT NULL;