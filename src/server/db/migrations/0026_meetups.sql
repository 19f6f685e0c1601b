CREATE TABLE "meetup_answers" (
	"option_id" integer NOT NULL,
	"poll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"yes" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meetup_answers_option_id_user_id_pk" PRIMARY KEY("option_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meetup_members" (
	"poll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "meetup_members_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meetup_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetup_polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL,
	"proposed_by" integer NOT NULL,
	"venue_id" integer,
	"place" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"confirmed_option_id" integer,
	"last_option_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "meetup_polls_status" CHECK ("meetup_polls"."status" IN ('open', 'confirmed', 'cancelled', 'ended')),
	CONSTRAINT "meetup_polls_confirmed_has_option" CHECK ("meetup_polls"."status" <> 'confirmed' OR "meetup_polls"."confirmed_option_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "meetup_answers" ADD CONSTRAINT "meetup_answers_option_id_meetup_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."meetup_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_answers" ADD CONSTRAINT "meetup_answers_poll_id_meetup_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."meetup_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_answers" ADD CONSTRAINT "meetup_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_members" ADD CONSTRAINT "meetup_members_poll_id_meetup_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."meetup_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_members" ADD CONSTRAINT "meetup_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_options" ADD CONSTRAINT "meetup_options_poll_id_meetup_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."meetup_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_polls" ADD CONSTRAINT "meetup_polls_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_polls" ADD CONSTRAINT "meetup_polls_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetup_answers_poll_idx" ON "meetup_answers" USING btree ("poll_id","user_id");--> statement-breakpoint
CREATE INDEX "meetup_members_user_idx" ON "meetup_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetup_options_once" ON "meetup_options" USING btree ("poll_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meetup_polls_one_open" ON "meetup_polls" USING btree ("group_key") WHERE "meetup_polls"."status" = 'open';--> statement-breakpoint
CREATE INDEX "meetup_polls_key_idx" ON "meetup_polls" USING btree ("group_key");