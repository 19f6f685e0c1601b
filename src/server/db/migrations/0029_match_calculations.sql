CREATE TABLE "match_calculations" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"inputs" text NOT NULL,
	"algorithm" text NOT NULL,
	"matches" integer NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_calculations" ADD CONSTRAINT "match_calculations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;