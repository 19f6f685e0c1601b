CREATE TABLE "emoji_feedback" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emoji_feedback_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"overall_rating" integer NOT NULL,
	"venue_rating" integer DEFAULT 0 NOT NULL,
	"organization_rating" integer DEFAULT 0 NOT NULL,
	"match_quality_rating" integer DEFAULT 0 NOT NULL,
	"timing_rating" integer DEFAULT 0 NOT NULL,
	"would_recommend" boolean DEFAULT true NOT NULL,
	"improvements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"favorite_aspect" text,
	"additional_comments" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_feedback_overall" CHECK ("event_feedback"."overall_rating" BETWEEN 1 AND 5),
	CONSTRAINT "event_feedback_aspects" CHECK ("event_feedback"."venue_rating" BETWEEN 0 AND 5 AND "event_feedback"."organization_rating" BETWEEN 0 AND 5 AND "event_feedback"."match_quality_rating" BETWEEN 0 AND 5 AND "event_feedback"."timing_rating" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "event_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_waitlist_offer" CHECK ("event_waitlist"."status" <> 'offered' OR "event_waitlist"."offer_expires_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "follow_up_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"source_event_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"stop_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_invites_not_self" CHECK ("follow_up_invites"."from_user_id" <> "follow_up_invites"."to_user_id")
);
--> statement-breakpoint
CREATE TABLE "invite_blocks" (
	"user_id" integer NOT NULL,
	"blocked_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_blocks_user_id_blocked_user_id_pk" PRIMARY KEY("user_id","blocked_user_id")
);
--> statement-breakpoint
CREATE TABLE "preview_opt_outs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emoji_feedback" ADD CONSTRAINT "emoji_feedback_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emoji_feedback" ADD CONSTRAINT "emoji_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feedback" ADD CONSTRAINT "event_feedback_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feedback" ADD CONSTRAINT "event_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_invites" ADD CONSTRAINT "follow_up_invites_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_invites" ADD CONSTRAINT "follow_up_invites_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_invites" ADD CONSTRAINT "follow_up_invites_source_event_id_events_id_fk" FOREIGN KEY ("source_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_invites" ADD CONSTRAINT "follow_up_invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_blocks" ADD CONSTRAINT "invite_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_blocks" ADD CONSTRAINT "invite_blocks_blocked_user_id_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_opt_outs" ADD CONSTRAINT "preview_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_feedback_one_per_guest" ON "event_feedback" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_once" ON "event_waitlist" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_waitlist_queue" ON "event_waitlist" USING btree ("event_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_invites_once" ON "follow_up_invites" USING btree ("from_user_id","to_user_id","event_id");--> statement-breakpoint
CREATE INDEX "follow_up_invites_to" ON "follow_up_invites" USING btree ("to_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_invites_token" ON "follow_up_invites" USING btree ("stop_token");