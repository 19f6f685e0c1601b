CREATE TABLE "page_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"source" text NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signup_sources" ALTER COLUMN "platform" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "host_applications" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "signup_sources" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "signup_sources" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_visits_once_per_session" ON "page_visits" USING btree ("event_id","session_id");--> statement-breakpoint
CREATE INDEX "page_visits_source_idx" ON "page_visits" USING btree ("source");--> statement-breakpoint
ALTER TABLE "signup_sources" ADD CONSTRAINT "signup_sources_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signup_sources_event_idx" ON "signup_sources" USING btree ("event_id");