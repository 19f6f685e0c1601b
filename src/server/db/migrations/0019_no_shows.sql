CREATE TABLE "no_show_sweeps" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"swept_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "no_shows" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"evening_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer,
	"clear_reason" text,
	CONSTRAINT "no_shows_cleared_with_reason" CHECK ("no_shows"."cleared_at" IS NULL OR "no_shows"."clear_reason" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "no_show_sweeps" ADD CONSTRAINT "no_show_sweeps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "no_shows_once" ON "no_shows" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "no_shows_user_idx" ON "no_shows" USING btree ("user_id","evening_at");--> statement-breakpoint
-- Evenings over before the rule existed are not counted (docs/decisions/0076-no-shows-have-a-cost.md).
INSERT INTO "no_show_sweeps" ("event_id", "swept_at") SELECT "id", now() FROM "events" WHERE "status" = 'completed' OR "ends_at" <= now();
