CREATE TABLE "dns_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dns_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"zone_id" uuid NOT NULL,
	"serial" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"ttl" integer NOT NULL,
	"priority" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_store_defaults" (
	"store_key" text PRIMARY KEY NOT NULL,
	"template" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"store_key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"zone" text NOT NULL,
	"nameservers" jsonb NOT NULL,
	"serial" integer DEFAULT 1 NOT NULL,
	"applied_serial" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"dnssec" boolean DEFAULT false NOT NULL,
	"ds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dns_zones_service_id_unique" UNIQUE("service_id")
);
--> statement-breakpoint
ALTER TABLE "dns_changes" ADD CONSTRAINT "dns_changes_zone_id_dns_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."dns_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_zone_id_dns_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."dns_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_changes_pending" ON "dns_changes" USING btree ("zone_id","seq");--> statement-breakpoint
CREATE INDEX "dns_records_zone" ON "dns_records" USING btree ("zone_id","name","type");--> statement-breakpoint
CREATE INDEX "dns_zones_zone" ON "dns_zones" USING btree ("zone");