CREATE TABLE "conversation_questions" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"question_key" text NOT NULL,
	"question" text NOT NULL,
	"follow_up" text NOT NULL,
	"topic" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_questions_event_id_user_id_round_position_pk" PRIMARY KEY("event_id","user_id","round","position"),
	CONSTRAINT "conversation_questions_position" CHECK ("conversation_questions"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guide" text DEFAULT 'light' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_questions" ADD CONSTRAINT "conversation_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_questions" ADD CONSTRAINT "conversation_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_questions" ADD CONSTRAINT "conversation_questions_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_questions_once" ON "conversation_questions" USING btree ("event_id","user_id","question_key");--> statement-breakpoint
CREATE INDEX "conversation_questions_user" ON "conversation_questions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_guide" CHECK ("events"."guide" IN ('light', 'deeper', 'off'));