CREATE TABLE "connection_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"method" text NOT NULL,
	"round" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_timers" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"phase" text DEFAULT 'idle' NOT NULL,
	"current_round" integer DEFAULT 0 NOT NULL,
	"round_duration" integer DEFAULT 300 NOT NULL,
	"ends_at" timestamp (3) with time zone,
	"remaining_ms" integer,
	"auto_advance" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user1_id" integer NOT NULL,
	"user2_id" integer NOT NULL,
	"match_score" integer NOT NULL,
	"match_type" text DEFAULT 'balanced' NOT NULL,
	"personality_score" double precision,
	"interest_score" double precision,
	"communication_score" double precision,
	"age_compatibility_score" double precision,
	"rating_score" double precision,
	"overall_score" double precision,
	"user1_shared" boolean DEFAULT false NOT NULL,
	"user2_shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_ordered" CHECK ("matches"."user1_id" < "matches"."user2_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"rater_id" integer NOT NULL,
	"rated_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"round" integer,
	"source" text DEFAULT 'card' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_range" CHECK ("ratings"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "ratings_not_self" CHECK ("ratings"."rater_id" <> "ratings"."rated_id")
);
--> statement-breakpoint
CREATE TABLE "rotations" (
	"event_id" integer NOT NULL,
	"round" integer NOT NULL,
	"user_a" integer NOT NULL,
	"user_b" integer,
	"table_no" integer,
	CONSTRAINT "rotations_event_id_round_user_a_pk" PRIMARY KEY("event_id","round","user_a")
);
--> statement-breakpoint
CREATE TABLE "round_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"round" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "contacts_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "connect_code" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 6)) NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_logs" ADD CONSTRAINT "connection_logs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_logs" ADD CONSTRAINT "connection_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_logs" ADD CONSTRAINT "connection_logs_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_timers" ADD CONSTRAINT "event_timers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user1_id_users_id_fk" FOREIGN KEY ("user1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user2_id_users_id_fk" FOREIGN KEY ("user2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_id_users_id_fk" FOREIGN KEY ("rated_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotations" ADD CONSTRAINT "rotations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotations" ADD CONSTRAINT "rotations_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotations" ADD CONSTRAINT "rotations_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_history" ADD CONSTRAINT "round_history_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_logs_once" ON "connection_logs" USING btree ("event_id","user_id","other_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_pair" ON "matches" USING btree ("event_id","user1_id","user2_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_one_per_pair" ON "ratings" USING btree ("event_id","rater_id","rated_id");--> statement-breakpoint
CREATE INDEX "rotations_event_b" ON "rotations" USING btree ("event_id","user_b");--> statement-breakpoint
CREATE UNIQUE INDEX "round_history_event_round" ON "round_history" USING btree ("event_id","round");