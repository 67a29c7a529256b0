CREATE TABLE "store_host_claims" (
	"host" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"missing_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_host_claims" ADD CONSTRAINT "store_host_claims_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_host_claims_store" ON "store_host_claims" USING btree ("store_id");