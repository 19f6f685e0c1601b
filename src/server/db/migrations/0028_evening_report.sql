CREATE TABLE "evening_rating_counts" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"raters" integer NOT NULL,
	"ratings_by_round" jsonb NOT NULL,
	"kept_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evening_visits" (
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "evening_visits_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
ALTER TABLE "evening_rating_counts" ADD CONSTRAINT "evening_rating_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evening_visits" ADD CONSTRAINT "evening_visits_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;