CREATE TABLE "see_again_counts" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"would_see_again" integer NOT NULL,
	"shown" boolean NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "see_again_counts_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "met_again" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"other_id" integer,
	"stage" integer NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text,
	"mailed_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "met_again_stage" CHECK ("met_again"."stage" IN (7, 21)),
	CONSTRAINT "met_again_answer" CHECK ("met_again"."answer" IS NULL OR "met_again"."answer" IN ('met', 'planned', 'not_yet'))
);
--> statement-breakpoint
ALTER TABLE "see_again_counts" ADD CONSTRAINT "see_again_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "see_again_counts" ADD CONSTRAINT "see_again_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "met_again" ADD CONSTRAINT "met_again_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "met_again" ADD CONSTRAINT "met_again_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "met_again" ADD CONSTRAINT "met_again_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "see_again_counts_user" ON "see_again_counts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "met_again_once" ON "met_again" USING btree ("event_id","user_id","other_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "met_again_token" ON "met_again" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "met_again_user" ON "met_again" USING btree ("user_id");