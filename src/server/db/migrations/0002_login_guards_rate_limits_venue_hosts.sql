CREATE TABLE "login_guards" (
	"email" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lock_mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_hosts" (
	"venue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_hosts_venue_id_user_id_pk" PRIMARY KEY("venue_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "venue_hosts" ADD CONSTRAINT "venue_hosts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_hosts" ADD CONSTRAINT "venue_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "venue_hosts_user_idx" ON "venue_hosts" USING btree ("user_id");--> statement-breakpoint
-- Venue owners: a venue created before owners mattered and without one gets the host of its
-- earliest evening; one with neither stays without an owner (only admins edit it).
UPDATE "venues" SET "created_by" = (
	SELECT e."host_id" FROM "events" e
	WHERE e."venue_id" = "venues"."id" AND e."host_id" IS NOT NULL
	ORDER BY e."date", e."id"
	LIMIT 1
) WHERE "created_by" IS NULL;
